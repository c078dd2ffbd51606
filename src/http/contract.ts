import type { FastifyRequest } from "fastify";
import type { CredentialKind } from "../keys/keys.ts";
import { readSpecification } from "../specification.ts";
import { nullableFields, type NullableFields, type Schema } from "./nullFields.ts";

/** Where a key may be read from: the schemes of components.securitySchemes. */
export type KeySource = { in: "header"; name: string } | { in: "query"; name: string } | { in: "bearer" };

/** What the HTTP layer needs to know of an operation, read from openapi.yaml. */
export interface OperationContract {
  operationId: string;
  /** Empty: the operation needs no key. */
  keySources: KeySource[];
  /** The other places a key may be given in (other operations read it there): named in the 401 when a key is found there. */
  otherKeySources: KeySource[];
  keyKinds: CredentialKind[];
  /** The status for a valid key of a kind the operation does not accept. */
  wrongKeyKindStatus: 401 | 403;
  /** The query parameters it declares: others are ignored. */
  queryParameters: string[];
  arrayQueryParameters: string[];
  /** Query parameters for which an empty value is a value (refused by its schema), not absence: `x-empty-is-absent: false`. */
  emptyQueryParameters: string[];
  /** Query and path parameters of integers (or arrays of them): written in decimal digits only ("0x2", "1e1", " 1" are no integers). */
  integerParameters: string[];
  bodyRequired: boolean;
  /** Body fields where null means absent: optional fields that allow null in openapi.yaml (generated clients send null for unset fields). */
  nullableBodyFields?: NullableFields;
  /**
   * Answers only the errors the specification gives it (`x-specification-errors: true`, the memory lookup): a query
   * parameter given twice is its first value, and one with a NUL no 400 of its own (no stored text holds one: it names nothing).
   */
  specificationErrors: boolean;
  /** Answers browsers of other origins (CORS): `x-cross-origin: true` in openapi.yaml. */
  crossOrigin: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on the routes of openapi.yaml's operations (src/http/operations.ts). */
    operation?: OperationContract;
  }
}

/**
 * The operation of a route of the API context, where every route is one: hooks registered there use
 * this, and a route without an operation is a mistake in registering it.
 */
export function operationOf(request: FastifyRequest): OperationContract {
  const operation = request.routeOptions.config.operation;
  if (!operation) throw new Error(`${request.method} ${request.routeOptions.url} is not an operation of openapi.yaml`);
  return operation;
}

interface SecurityScheme {
  type: string;
  in?: string;
  name?: string;
  scheme?: string;
}

interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
  "x-empty-is-absent"?: boolean;
}

/** A parameter written out, or a reference to one of components.parameters. */
type ParameterOrReference = Parameter | { $ref: string };

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: ParameterOrReference[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  "x-api-key-kinds"?: CredentialKind[];
  "x-wrong-key-kind-status"?: 401 | 403;
  "x-cross-origin"?: boolean;
  "x-specification-errors"?: boolean;
}

export interface OpenApiDocument {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, SecurityScheme>;
    schemas?: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
  };
}

export function loadSpecification(): OpenApiDocument {
  return readSpecification() as OpenApiDocument;
}

function keySource(name: string, scheme: SecurityScheme | undefined): KeySource {
  if (scheme?.type === "http" && scheme.scheme === "bearer") return { in: "bearer" };
  if (scheme?.type === "apiKey" && (scheme.in === "header" || scheme.in === "query") && scheme.name) {
    return { in: scheme.in, name: scheme.in === "header" ? scheme.name.toLowerCase() : scheme.name };
  }
  throw new Error(`openapi.yaml: security scheme '${name}' is not supported`);
}

const PARAMETER_REFERENCE = "#/components/parameters/";

function resolveParameter(spec: OpenApiDocument, parameter: ParameterOrReference): Parameter {
  if (!("$ref" in parameter)) return parameter;
  const resolved = parameter.$ref.startsWith(PARAMETER_REFERENCE)
    ? spec.components.parameters?.[parameter.$ref.slice(PARAMETER_REFERENCE.length)]
    : undefined;
  if (!resolved) throw new Error(`openapi.yaml: parameter ${parameter.$ref} is not in components.parameters`);
  return resolved;
}

const SCHEMA_REFERENCE = "#/components/schemas/";

function resolveSchema(spec: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  return schema?.$ref?.startsWith(SCHEMA_REFERENCE) ? spec.components.schemas?.[schema.$ref.slice(SCHEMA_REFERENCE.length)] : schema;
}

export function operationContract(spec: OpenApiDocument, method: string, path: string): OperationContract {
  const operation = spec.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`openapi.yaml has no operation ${method} ${path}`);
  const security = operation.security ?? spec.security ?? [];
  const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  return {
    operationId: operation.operationId,
    keySources: schemes.map((name) => keySource(name, spec.components.securitySchemes[name])),
    otherKeySources:
      schemes.length === 0
        ? []
        : Object.entries(spec.components.securitySchemes)
            .filter(([name]) => !schemes.includes(name))
            .map(([name, scheme]) => keySource(name, scheme)),
    keyKinds: operation["x-api-key-kinds"] ?? ["private"],
    wrongKeyKindStatus: operation["x-wrong-key-kind-status"] ?? 403,
    queryParameters: (operation.parameters ?? [])
      .map((parameter) => resolveParameter(spec, parameter))
      .filter((parameter) => parameter.in === "query")
      .map((parameter) => parameter.name),
    arrayQueryParameters: (operation.parameters ?? [])
      .map((parameter) => resolveParameter(spec, parameter))
      .filter((parameter) => parameter.in === "query" && parameter.schema?.type === "array")
      .map((parameter) => parameter.name),
    emptyQueryParameters: (operation.parameters ?? [])
      .map((parameter) => resolveParameter(spec, parameter))
      .filter((parameter) => parameter.in === "query" && parameter["x-empty-is-absent"] === false)
      .map((parameter) => parameter.name),
    integerParameters: (operation.parameters ?? [])
      .map((parameter) => resolveParameter(spec, parameter))
      .filter((parameter) => {
        const schema = resolveSchema(spec, parameter.schema);
        return schema?.type === "integer" || (schema?.type === "array" && resolveSchema(spec, schema.items)?.type === "integer");
      })
      .map((parameter) => parameter.name),
    bodyRequired: operation.requestBody?.required === true,
    nullableBodyFields: bodySchema ? nullableFields(bodySchema, spec.components.schemas ?? {}) : undefined,
    specificationErrors: operation["x-specification-errors"] === true,
    crossOrigin: operation["x-cross-origin"] === true,
  };
}

/** Path to the methods of its operations that answer other origins, for the CORS preflight. */
export function crossOriginMethods(spec: OpenApiDocument): Map<string, Set<string>> {
  const methods = new Map<string, Set<string>>();
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation["x-cross-origin"] !== true) continue;
      if (!methods.has(path)) methods.set(path, new Set());
      methods.get(path)!.add(method.toUpperCase());
    }
  }
  return methods;
}
