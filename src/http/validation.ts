import { Ajv, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler, HookHandlerDoneFunction } from "fastify";
import { invalidInput } from "../errors.ts";
import { operationOf, type OperationContract } from "./contract.ts";
import { isTimestamp, TIMESTAMP_RULE } from "../timestamp.ts";
import { stripNulls } from "./nullFields.ts";

// verbose: an issue carries its schema, so a message can name what `not: { enum }` refuses.
const common: Options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false, verbose: true };

/** ajv-formats' formats, with the service's one rule for timestamps as `date-time`. */
function withServiceFormats(ajv: Ajv): Ajv {
  addFormats.default(ajv);
  return ajv.addFormat("date-time", { type: "string", validate: isTimestamp });
}

const coercing = withServiceFormats(new Ajv({ ...common, coerceTypes: "array" }));
const strict = withServiceFormats(new Ajv({ ...common, coerceTypes: false }));
const compiled = new Map<string, ReturnType<Ajv["compile"]>>();

/**
 * Query strings and paths carry only text, so they are coerced (`?ids=1` becomes `[1]`);
 * bodies are JSON and are not: `{"name": 5}` is a 400, not "5". A schema is compiled once per
 * process, whichever app asks: every app gets its routes' schemas anew from openapi.yaml, and
 * tests build hundreds of apps (compiling them all took ~0.35 s of CPU per app).
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === "body" ? strict : coercing;
  const key = `${ajv === strict ? "body" : "text"} ${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
};

/** Deeper JSON is refused: PostgreSQL and JSON.stringify run out of stack a few thousand levels down. */
const MAX_JSON_DEPTH = 100;

/** In `u` mode a surrogate pair is one code point, so this matches only lone surrogates. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Keys that code copying an object with assignment (Object.assign, a merge) would turn into its
 * prototype: refused wherever they are, rather than kept as data no one can use safely.
 */
const RESERVED_KEYS = new Set(["__proto__", "constructor"]);

/**
 * What a body's schema cannot say: nesting too deep, text with a lone surrogate, which would be
 * stored as U+FFFD (two different names becoming one, and a conflict inside a single request), or
 * text with a NUL, which PostgreSQL stores neither in text nor in jsonb.
 */
function bodyProblem(body: unknown): string | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: body, path: "", depth: 1 }];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) return `Invalid field '${shortField(path) || "body"}': text must be well-formed Unicode (it has a lone surrogate)`;
      if (value.includes("\0")) return `Invalid field '${shortField(path) || "body"}': text cannot contain a NUL character`;
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth > MAX_JSON_DEPTH) return `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
    for (const [key, child] of Object.entries(value)) {
      const childPath = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (LONE_SURROGATE.test(key)) return `Invalid field '${shortField(childPath)}': names must be well-formed Unicode (it has a lone surrogate)`;
      if (key.includes("\0")) return `Invalid field '${shortField(childPath)}': names cannot contain a NUL character`;
      if (RESERVED_KEYS.has(key)) return `Invalid field '${shortField(childPath)}': '${key}' is a reserved name`;
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/** A parameter the operation reads (others are ignored), unless the specification fixes the operation's errors. */
const refusesNul = (operation: OperationContract, name: string) => operation.queryParameters.includes(name) && !operation.specificationErrors;

const nulInParameter = (name: string) => `Invalid parameter '${shortField(name)}': text cannot contain a NUL character`;

/**
 * The name of a query parameter whose value is not UTF-8 once its percent-escapes are decoded ("search=%FF"): the query
 * parser turns those bytes into U+FFFD and the search would look for that. Only URLs with an escape are looked at.
 */
function badlyEncodedParameter(url: string): string | undefined {
  const queryStart = url.indexOf("?");
  if (queryStart === -1 || !url.includes("%", queryStart)) return undefined;
  for (const pair of url.slice(queryStart + 1).split("&")) {
    if (!pair.includes("%")) continue;
    try {
      decodeURIComponent(pair);
    } catch {
      const name = pair.split("=")[0]!;
      try {
        return decodeURIComponent(name);
      } catch {
        return name;
      }
    }
  }
  return undefined;
}

/** An integer as a client writes one in a URL: decimal digits, a sign at most (ajv's coercion also takes "0x2", "1e1" and " 1"). */
const DECIMAL_INTEGER = /^-?\d+$/;
const notAnInteger = (name: string) => `Invalid parameter '${shortField(name)}': must be integer`;

/**
 * Before validation: an empty query parameter counts as absent (unless its operation says otherwise), array parameters also take
 * comma-separated lists (`ids=1,2`), a parameter (of the query or the path) with a NUL is a 400 naming it (PostgreSQL stores no NUL in text;
 * `specificationErrors` aside), a required body must be there, an optional body field sent as null is absent, and the
 * body must be storable. A callback hook: it never waits for anything.
 */
export function normalizeRequest(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const operation = operationOf(request);
  const badlyEncoded = operation.specificationErrors ? undefined : badlyEncodedParameter(request.url);
  if (badlyEncoded !== undefined) return done(invalidInput(`Invalid parameter '${shortField(badlyEncoded)}': not valid percent-encoding (UTF-8)`));
  const query = request.query as Record<string, string | string[]>;
  for (const name in query) {
    const value = query[name]!;
    const isArray = operation.arrayQueryParameters.includes(name);
    // The common case, one plain value of a plain parameter, allocates nothing.
    if (typeof value === "string" && value !== "" && !isArray) {
      if (value.includes("\0") && refusesNul(operation, name)) return done(invalidInput(nulInParameter(name)));
      if (!DECIMAL_INTEGER.test(value) && operation.integerParameters.includes(name)) return done(invalidInput(notAnInteger(name)));
      continue;
    }
    const values = [value].flat().filter((item) => item !== "");
    if (values.some((item) => item.includes("\0")) && refusesNul(operation, name)) return done(invalidInput(nulInParameter(name)));
    if (operation.integerParameters.includes(name) && values.some((item) => item.split(",").some((part) => part !== "" && !DECIMAL_INTEGER.test(part)))) {
      return done(invalidInput(notAnInteger(name)));
    }
    if (values.length === 0 && !operation.emptyQueryParameters.includes(name)) delete query[name];
    else if (isArray) query[name] = values.flatMap((item) => item.split(",")).filter((item) => item !== "");
    // A plain parameter given more than once is a 400 (must be a string), except where the specification fixes the errors: its first value.
    else if (values.length > 0 && operation.specificationErrors) query[name] = values[0]!;
  }
  const params = request.params as Record<string, unknown>;
  for (const name in params) {
    const value = params[name];
    if (typeof value !== "string") continue;
    if (value.includes("\0") && !operation.specificationErrors) return done(invalidInput(nulInParameter(name)));
    if (!DECIMAL_INTEGER.test(value) && operation.integerParameters.includes(name)) return done(invalidInput(notAnInteger(name)));
  }
  if (request.body === undefined) return done(operation.bodyRequired ? invalidInput("Missing request body") : undefined);
  stripNulls(request.body, operation.nullableBodyFields);
  const problem = bodyProblem(request.body);
  done(problem ? invalidInput(problem) : undefined);
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  /** Set when a key of the object at instancePath is what is invalid (a schema's propertyNames). */
  propertyName?: string;
  params: Record<string, unknown>;
  message?: string;
  /** The keyword's schema (ajv's verbose option). */
  schema?: unknown;
}

function fieldName(instancePath: string, child?: unknown): string {
  const parts = instancePath.split("/").filter(Boolean);
  if (typeof child === "string") parts.push(child);
  return shortField(parts.join(".").replace(/\.(\d+)(?=\.|$)/g, "[$1]"));
}

/** Characters of a field's path a message names, at most: the path's keys are the client's, of any length, and an error is at most 2,000 characters. */
const MAX_FIELD_CHARS = 200;

/** `path`, or its first and last characters around an ellipsis when it is longer than MAX_FIELD_CHARS. */
function shortField(path: string): string {
  const characters = [...path];
  if (characters.length <= MAX_FIELD_CHARS) return path;
  return `${characters.slice(0, MAX_FIELD_CHARS / 2).join("")}…${characters.slice(1 - MAX_FIELD_CHARS / 2).join("")}`;
}

/** A 400 message that names the offending field or parameter. */
export function validationMessage(context: string | undefined, issue: ValidationIssue): string {
  const inQuery = context === "querystring" || context === "params";
  const noun = inQuery ? "parameter" : "field";
  if (issue.keyword === "required") {
    return `Missing required ${noun}: ${fieldName(issue.instancePath, issue.params.missingProperty)}`;
  }
  if (issue.keyword === "additionalProperties") {
    return `Unknown ${noun}: ${fieldName(issue.instancePath, issue.params.additionalProperty)}`;
  }
  const name = fieldName(issue.instancePath) || (inQuery ? "query" : "body");
  if (issue.propertyName !== undefined) return `Invalid ${noun} '${name}': its key '${shortField(issue.propertyName)}' ${issue.message ?? "is not valid"}`;
  if (issue.keyword === "format" && issue.params.format === "date-time") return `Invalid ${noun} '${name}': ${TIMESTAMP_RULE}`;
  if (issue.keyword === "type") {
    // null is allowed only where it means absent, and absent fields are never type-checked: it is no option to name.
    const types = [issue.params.type].flat().filter((type) => type !== "null");
    return `Invalid ${noun} '${name}': must be ${types.join(" or ")}`;
  }
  const refused = (issue.schema as { enum?: unknown[] } | undefined)?.enum;
  if (issue.keyword === "not" && Array.isArray(refused)) return `Invalid ${noun} '${name}': ${refused.map((value) => `'${value}'`).join(" and ")} are reserved names`;
  // null is allowed only where it means absent (as above).
  const allowed = Array.isArray(issue.params.allowedValues) ? `: ${issue.params.allowedValues.filter((value) => value !== null).join(", ")}` : "";
  return `Invalid ${noun} '${name}': ${issue.message ?? "is not valid"}${allowed}`;
}
