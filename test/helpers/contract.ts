import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { loadSpecification } from "../../src/http/contract.ts";

const CONTRACT = "openapi";

const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema({ $id: CONTRACT, components: (loadSpecification() as unknown as { components: object }).components });

/**
 * What is wrong with `value` as an instance of openapi.yaml's `components.schemas[name]`; an empty
 * list when it conforms. Lists read better in a failing test than a bare false.
 */
export function contractViolations(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(`${CONTRACT}#/components/schemas/${name}`) as ValidateFunction | undefined;
  if (!validate) throw new Error(`openapi.yaml has no schema ${name}`);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`);
}
