import { loadSpecification, operationContract, type OperationContract } from "../../src/http/contract.ts";

/** The subset of JSON Schema that openapi.yaml uses, with every $ref resolved. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
}

export interface Parameter {
  name: string;
  in: "query" | "path";
  required: boolean;
  schema: Schema;
}

/** What the fuzzer needs of one operation: where it lives, what it takes, and which keys it accepts. */
export interface FuzzedOperation {
  contract: OperationContract;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

interface RawOperation {
  parameters?: (Parameter & { schema: unknown })[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

const specification = loadSpecification();
const raw = specification as unknown as { components: { schemas: Record<string, unknown> }; paths: Record<string, Record<string, RawOperation>> };

function resolve(schema: unknown): Schema {
  if (!schema || typeof schema !== "object") return {};
  if ("$ref" in schema) {
    const name = String(schema.$ref).replace("#/components/schemas/", "");
    return resolve(raw.components.schemas[name]);
  }
  const resolved: Record<string, unknown> = { ...schema };
  const { items, properties, additionalProperties } = schema as Record<string, unknown>;
  if (items) resolved.items = resolve(items);
  if (properties) resolved.properties = Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, resolve(value)]));
  if (additionalProperties && typeof additionalProperties === "object") resolved.additionalProperties = resolve(additionalProperties);
  return resolved as Schema;
}

/** Every operation of openapi.yaml, read from the parsed contract. */
export function fuzzedOperations(): FuzzedOperation[] {
  return Object.entries(raw.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      contract: operationContract(specification, method, path),
      method: method.toUpperCase(),
      path,
      parameters: (operation.parameters ?? []).map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required === true,
        schema: resolve(parameter.schema),
      })),
      body: operation.requestBody ? resolve(operation.requestBody.content["application/json"]?.schema) : undefined,
    })),
  );
}
