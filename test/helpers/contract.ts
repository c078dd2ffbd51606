import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { loadSpecification } from "../../src/http/contract.ts";

const CONTRACT = "openapi";

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: object }>;
}

interface Contract {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, ResponseObject> }>>;
  components: { responses?: Record<string, ResponseObject> };
}

const specification = loadSpecification() as unknown as Contract;
const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema({ $id: CONTRACT, components: specification.components });

/** What `validate` finds wrong with `value`, a line per error; empty when it conforms. */
function violationsOf(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`);
}

/**
 * What is wrong with `value` as an instance of openapi.yaml's `components.schemas[name]`; an empty
 * list when it conforms. Lists read better in a failing test than a bare false.
 */
export function contractViolations(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(`${CONTRACT}#/components/schemas/${name}`) as ValidateFunction | undefined;
  if (!validate) throw new Error(`openapi.yaml has no schema ${name}`);
  return violationsOf(validate, value);
}

/** Each operation's responses by status (and `default`), their references to components.responses resolved. */
const responsesOf = new Map(
  Object.values(specification.paths).flatMap((operations) =>
    Object.values(operations).flatMap(({ operationId, responses = {} }) =>
      operationId === undefined ? [] : [[operationId, responses] as const],
    ),
  ),
);

const resolveResponse = (response: ResponseObject): ResponseObject =>
  response.$ref === undefined ? response : (specification.components.responses?.[response.$ref.replace("#/components/responses/", "")] ?? {});

const answerValidators = new Map<string, ValidateFunction | null>();

/** The validator of the JSON body `operationId` answers with `status`; null when that answer has no JSON body; undefined when openapi.yaml has no such answer. */
function answerValidator(operationId: string, status: number): ValidateFunction | null | undefined {
  const key = `${operationId} ${status}`;
  if (!answerValidators.has(key)) {
    const responses = responsesOf.get(operationId);
    if (!responses) throw new Error(`openapi.yaml has no operation ${operationId}`);
    const declared = responses[String(status)] ?? responses.default;
    if (!declared) return undefined;
    const schema = resolveResponse(declared).content?.["application/json"]?.schema;
    // The schema's references point into openapi.yaml's components, added above as CONTRACT.
    answerValidators.set(key, schema ? ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${CONTRACT}#/components/`))) : null);
  }
  return answerValidators.get(key);
}

/**
 * What is wrong with an answer of operation `operationId` as openapi.yaml describes it: its status
 * must be one of the operation's, and a JSON `body` (the text sent) must match that response's schema.
 * The service sends listing pages as PostgreSQL wrote them, past Fastify's serializer: this is where
 * their schemas are enforced (test/helpers/app.ts checks every answer of the suite).
 */
export function answerViolations(operationId: string, status: number, body: string | undefined): string[] {
  const validate = answerValidator(operationId, status);
  if (validate === undefined) return [`openapi.yaml declares no ${status} answer`];
  if (validate === null || body === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [`the body is not JSON: ${body.slice(0, 200)}`];
  }
  return violationsOf(validate, parsed);
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
