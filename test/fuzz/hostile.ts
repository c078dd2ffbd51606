import fc from "fast-check";
import type { FuzzedOperation, Parameter, Schema } from "./operations.ts";

/** JSON nested `depth` levels deep, built without recursion. */
export function nested(depth: number, kind: "object" | "array"): unknown {
  let value: unknown = kind === "array" ? [] : {};
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}

/** Every byte percent-encoded: never throws (a lone surrogate becomes U+FFFD) and hides nothing from the server. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
}

export const hostileStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "x".repeat(100_000),
  "% _ \\ '",
  "%",
  "_",
  "\\",
  "'",
  "' OR '1'='1' --",
  "\uD800",
  "\uDFFF",
  "😀👍🏽",
  "\u202Eevil",
  "Ω≈ç√∫",
  "-1",
  "0",
  "2147483648",
  "99999999999999999999",
  "1e309",
  "NaN",
  "Infinity",
  "null",
  "true",
  "[]",
  "{}",
  "2024-02-30T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999+23:59",
  "2024-01-01T00:00:00+99:00",
  "294277-01-01T00:00:00Z",
  "not-a-date",
  "../..",
  "<script>alert(1)</script>",
);

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: hostileStrings },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 300 }) },
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 0.5, 1e-300, 2147483647, 2147483648, -2147483649, 2 ** 53 + 2, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const DEEP_OBJECT = nested(1000, "object");
const DEEP_ARRAY = nested(1000, "array");

export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, DEEP_OBJECT, DEEP_ARRAY),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** Values the test database holds, so that some requests get past the lookups. */
export interface KnownValues {
  strings: string[];
  integers: number[];
  /** Values for fields and parameters of that name (e.g. externalThreadId: the thread's). */
  fields: Record<string, unknown[]>;
}

function mainType(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type;
}

/** Something that looks like what the schema asks for (of the field `name`, when it is known), hostile here and there. */
export function plausible(schema: Schema, known: KnownValues, name?: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const fieldValues = name === undefined ? undefined : known.fields[name];
  if (fieldValues) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fieldValues) }, { weight: 1, arbitrary: plausible(schema, known) });
  switch (mainType(schema)) {
    case "string":
      if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }),
        fc.constantFrom(...known.strings),
      );
    case "integer":
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 1000) }),
        fc.constantFrom(...known.integers),
      );
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(value(schema.items ?? {}, known), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case "object":
      if (schema.properties) {
        const model = Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, value(property, known, name)]));
        return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in model) });
      }
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...known.strings)),
        typeof schema.additionalProperties === "object" ? value(schema.additionalProperties, known) : fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 3 },
      );
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function value(schema: Schema, known: KnownValues, name?: string): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: plausible(schema, known, name) }, { weight: 1, arbitrary: hostileJson });
}

/** Query text the parser has to survive: bad escapes, bare names, brackets. */
const RAW_QUERY_VALUES = fc.constantFrom("%", "%zz", "%00", "%E0%A4%A", "%ED%A0%80", "a+b", "[]", "==", "1,,2,", ",", "1;2", "%2C");

/** How a value is written in a URL: strings as they are, anything else as JSON. */
const asText = (item: unknown) => (typeof item === "string" ? item : (JSON.stringify(item) ?? ""));

function queryValues(parameter: Parameter, parameterValue: unknown): string[] {
  const encode = (item: unknown) => `${parameter.name}=${percentEncode(asText(item))}`;
  if (Array.isArray(parameterValue)) {
    return parameterValue.length > 1 && parameterValue.length % 2 === 0
      ? [`${parameter.name}=${parameterValue.map((item) => percentEncode(asText(item))).join(",")}`]
      : parameterValue.map(encode);
  }
  return [encode(parameterValue)];
}

function queryParameter(parameter: Parameter, known: KnownValues): fc.Arbitrary<string[]> {
  return fc.oneof(
    { weight: parameter.required ? 1 : 10, arbitrary: fc.constant<string[]>([]) },
    { weight: 4, arbitrary: plausible(parameter.schema, known, parameter.name).map((item) => queryValues(parameter, item)) },
    { weight: 1, arbitrary: fc.array(hostileString, { minLength: 1, maxLength: 3 }).map((items) => items.map((item) => `${parameter.name}=${percentEncode(item)}`)) },
    { weight: 1, arbitrary: RAW_QUERY_VALUES.map((raw) => [`${parameter.name}=${raw}`]) },
  );
}

function pathParameter(parameter: Parameter, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: plausible(parameter.schema, known, parameter.name).map((item) => percentEncode(asText(item))) },
    { weight: 2, arbitrary: hostileString.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%00", "..", "%2F", "%2F%2F", "a%2Fb", "x".repeat(101)) },
  );
}

export interface Keys {
  privateKey: string;
  publicKey: string;
}

/** A key of a kind the operation accepts, sent the ways it accepts; now and then none or a bad one. */
interface Credentials {
  headers: Record<string, string>;
  query: string[];
}

function credentials(operation: FuzzedOperation, keys: Keys): fc.Arbitrary<Credentials> {
  const { keySources, keyKinds } = operation.contract;
  if (keySources.length === 0) return fc.constant({ headers: {}, query: [] });
  const accepted = keyKinds.map((kind) => (kind === "private" ? keys.privateKey : keys.publicKey));
  const sent = fc.tuple(fc.constantFrom(...keySources), fc.constantFrom(...accepted)).map(([source, key]): Credentials => {
    if (source.in === "bearer") return { headers: { authorization: `Bearer ${key}` }, query: [] };
    if (source.in === "header") return { headers: { [source.name]: key }, query: [] };
    return { headers: {}, query: [`${source.name}=${key}`] };
  });
  const bad = fc.constantFrom<Credentials[]>(
    { headers: {}, query: [] },
    { headers: { authorization: "Bearer" }, query: [] },
    { headers: { authorization: `Bearer sk_${"x".repeat(10_000)}` }, query: [] },
    { headers: { "api-key": "pk_not-a-key" }, query: [] },
  );
  return fc.oneof({ weight: 12, arbitrary: sent }, { weight: 1, arbitrary: bad });
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Raw bodies that no JSON encoder would write. */
const RAW_BODIES = fc.constantFrom(
  "",
  "{",
  "null",
  "[]",
  '"text"',
  "0",
  '{"projectId":1e400}',
  '{"externalId":"a","externalId":"b"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{}}}',
  `{"metadata":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
  `${"{\"a\":".repeat(50_000)}1${"}".repeat(50_000)}`,
);

function body(operation: FuzzedOperation, known: KnownValues): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const json = (schema: Schema) => value(schema, known).map((item) => ({ payload: JSON.stringify(item) ?? "null", contentType: "application/json" }));
  const odd = fc.oneof(
    RAW_BODIES.map((payload) => ({ payload, contentType: "application/json" })),
    fc.record({
      payload: hostileString,
      contentType: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/json; charset=utf-16", "application/jsonx", "multipart/form-data"),
    }),
  );
  if (!operation.body) return fc.oneof({ weight: 8, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: odd });
  return fc.oneof({ weight: 6, arbitrary: json(operation.body) }, { weight: 2, arbitrary: odd }, { weight: 1, arbitrary: fc.constant({}) });
}

/** Requests for one operation, derived from its parameters and body schema in openapi.yaml. */
export function requestsFor(operation: FuzzedOperation, keys: Keys, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === "path");
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === "query");
  const unknownQuery = fc.array(fc.tuple(hostileString, hostileString).map(([name, item]) => `${percentEncode(name)}=${percentEncode(item)}`), { maxLength: 1 });
  return fc
    .record({
      path: fc.tuple(...pathParameters.map((parameter) => pathParameter(parameter, known))),
      query: fc.tuple(...queryParameters.map((parameter) => queryParameter(parameter, known))),
      unknownQuery: fc.oneof({ weight: 5, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: unknownQuery }),
      credentials: credentials(operation, keys),
      body: body(operation, known),
    })
    .map((parts) => {
      const query = [...parts.query.flat(), ...parts.unknownQuery, ...parts.credentials.query];
      let path = operation.path;
      pathParameters.forEach((parameter, i) => (path = path.replace(`{${parameter.name}}`, parts.path[i]!)));
      const headers = { ...parts.credentials.headers, ...(parts.body.contentType === undefined ? {} : { "content-type": parts.body.contentType }) };
      return { method: operation.method, url: query.length > 0 ? `${path}?${query.join("&")}` : path, headers, payload: parts.body.payload };
    });
}
