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

export const UNAUTHORIZED = { error: "Unauthorized - Invalid or missing API key" };
export const FORBIDDEN = { error: "Forbidden - this operation requires a private API key" };
export const TOO_LARGE = { error: "Request body is too large" };
export const NOT_JSON = { error: "Unsupported Media Type: send Content-Type: application/json" };

/** A body limit for tests of the 413, so that one needs no megabytes. */
export const SMALL_BODY_LIMIT_BYTES = 16 * 1024;
export const oversized = "x".repeat(SMALL_BODY_LIMIT_BYTES + 1);
/** The parts of a request whose body is not JSON: a 415. */
export const notJson = { headers: { "content-type": "text/plain" }, payload: "externalId=x" };
