import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { readSpecification } from "../specification.ts";
import { isTimestamp, TIMESTAMP_RULE } from "../timestamp.ts";
import { THREAD_METADATA_LIMIT } from "../threads/sql.ts";

// The export file: JSON Lines, one record per line, each with a `kind`. In file order: one header,
// the organization's catalogues (projects, segment types, segments, intents, attributes), its users,
// then threads with their messages and feedback, the users' facts and what they asked to forget,
// and one end record whose counts tell a whole file from a cut one. Internal ids appear only as `ref`s that tie a file's records together; importing
// assigns new ids. Timestamps are ISO 8601 in UTC with milliseconds, as the API shows them.

export const EXPORT_FORMAT = "feedback-memory-export";
export const EXPORT_VERSION = 1;

type Json = Record<string, unknown>;

interface Timestamps {
  createdAt: string;
  updatedAt: string;
}

export interface HeaderRecord {
  kind: "header";
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  organization: { id: number; name: string };
  /** What was asked for: one project, and threads created at or after a time (null: all). */
  filter: { projectId: number | null; since: string | null };
}

export interface ProjectRecord extends Timestamps {
  kind: "project";
  name: string;
}

export interface SegmentTypeRecord extends Timestamps {
  kind: "segmentType";
  name: string;
}

export interface SegmentRecord extends Timestamps {
  kind: "segment";
  type: string;
  name: string;
}

export interface IntentRecord extends Timestamps {
  kind: "intent";
  project: string;
  name: string;
}

export interface AttributeRecord extends Timestamps {
  kind: "attribute";
  project: string;
  name: string;
  options: ({ name: string } & Timestamps)[];
}

export interface UserRecord extends Timestamps {
  kind: "user";
  externalId: string;
  name: string | null;
  email: string | null;
  username: string | null;
  /** Segment type name to segment name. */
  segments: Record<string, string>;
}

export interface ThreadRecord extends Timestamps {
  kind: "thread";
  ref: number;
  project: string;
  externalId: string | null;
  /** The externalId of the thread's user. */
  user: string;
  metadata: Json;
  /** Intent names, in the order the thread shows them. */
  intents: string[];
  summary: string;
  /** The ref of the last message the summary covers. */
  summaryMessage: number | null;
  summaryUpdatedAt: string | null;
}

export interface MessageRecord {
  kind: "message";
  ref: number;
  thread: number;
  externalId: string | null;
  role: string;
  type: string;
  content: string;
  jsonContent: Json | null;
  metadata: Json;
  createdAt: string;
  /** The language search stems the message in; absent in files made before facts. */
  language?: string | null;
}

export interface FeedbackRecord extends Timestamps {
  kind: "feedback";
  message: number;
  /** The externalId of the user who gave it. */
  user: string;
  feedbackType: string | null;
  feedbackText: string | null;
  /** Attribute name to option name. */
  attributes: Record<string, string>;
}

/** A fact of a user (decisions.md, "User memory: facts across threads"), stated in message `message`. */
export interface FactRecord {
  kind: "fact";
  ref: number;
  /** The externalId of the fact's user. */
  user: string;
  message: number;
  subject: string;
  text: string;
  statedAt: string;
  invalidAt: string | null;
  /** The ref of the fact that superseded it. */
  supersededBy: number | null;
  createdAt: string;
}

/** A statement a user asked to forget: it is never kept as a fact again. */
export interface ForgottenRecord {
  kind: "forgotten";
  user: string;
  subject: string;
  statement: string;
  forgottenAt: string;
}

export type Counts = Record<CountedKind, number>;

export interface EndRecord {
  kind: "end";
  counts: Counts;
}

export type ExportRecord =
  | HeaderRecord
  | ProjectRecord
  | SegmentTypeRecord
  | SegmentRecord
  | IntentRecord
  | AttributeRecord
  | UserRecord
  | ThreadRecord
  | MessageRecord
  | FeedbackRecord
  | FactRecord
  | ForgottenRecord
  | EndRecord;

/** The kinds between the header and the end record, in the order the file holds them. */
export const COUNTED_KINDS = ["project", "segmentType", "segment", "intent", "attribute", "user", "thread", "message", "feedback", "fact", "forgotten"] as const;
/** Kinds that files made before facts do not count: absent from their end record means none. */
const KINDS_SINCE_FACTS: readonly CountedKind[] = ["fact", "forgotten"];
export type CountedKind = (typeof COUNTED_KINDS)[number];

export const emptyCounts = (): Counts => Object.fromEntries(COUNTED_KINDS.map((kind) => [kind, 0])) as Counts;

/** The API's request schemas (openapi.yaml): a record passes the rules its data passes through the API. */
const API = "openapi";
const api = (pointer: string) => ({ $ref: `${API}#/components/schemas/${pointer}` });
/** An API schema that allows null (absent in a request), where a record always carries the value. */
const present = (type: string, pointer: string) => ({ type, ...api(pointer) });

interface Bounds {
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
}
const specification = readSpecification() as { components: { schemas: Record<string, Bounds & { properties?: Record<string, Bounds> }> } };
const { schemas } = specification.components;

const name = api("Name");
const catalogueName = api("CatalogueName");
const string = { type: "string" };
const optionalName = { type: ["string", "null"], maxLength: 255 };
const timestamp = { type: "string", format: "date-time" };
const ref = { type: "integer", minimum: 1 };
const timestamps = { createdAt: timestamp, updatedAt: timestamp };

/** An object with exactly these fields, all required but `optional` (null where the schema allows it). */
function fields(properties: Json, optional: readonly string[] = []) {
  return { type: "object", additionalProperties: false, required: Object.keys(properties).filter((key) => !optional.includes(key)), properties };
}

const record = (kind: string, properties: Json, optional: readonly string[] = []) => fields({ kind: { const: kind }, ...properties }, optional);

const SCHEMAS: Record<ExportRecord["kind"], Json> = {
  header: record("header", {
    format: { const: EXPORT_FORMAT },
    version: { const: EXPORT_VERSION },
    exportedAt: timestamp,
    organization: { type: "object", required: ["id", "name"], properties: { id: ref, name } },
    filter: {
      type: "object",
      required: ["projectId", "since"],
      properties: { projectId: { type: ["integer", "null"] }, since: { type: ["string", "null"], format: "date-time" } },
    },
  }),
  project: record("project", { name, ...timestamps }),
  segmentType: record("segmentType", { name: catalogueName, ...timestamps }),
  segment: record("segment", { type: catalogueName, name: catalogueName, ...timestamps }),
  intent: record("intent", { project: name, name: api("CreateThreadRequest/properties/intents/items"), ...timestamps }),
  attribute: record("attribute", {
    project: name,
    name: api("AttributeInput/properties/name"),
    options: {
      type: "array",
      maxItems: schemas.AttributeInput!.properties!.options!.maxItems,
      items: fields({ name: api("AttributeInput/properties/options/items"), ...timestamps }),
    },
    ...timestamps,
  }),
  user: record("user", {
    externalId: api("ExternalUserInput/properties/externalId"),
    name: api("ExternalUserInput/properties/name"),
    email: api("ExternalUserInput/properties/email"),
    username: api("ExternalUserInput/properties/username"),
    segments: present("object", "SegmentsInput"),
    ...timestamps,
  }),
  thread: record("thread", {
    ref,
    project: name,
    externalId: api("CreateThreadRequest/properties/externalId"),
    user: name,
    metadata: present("object", "CreateThreadRequest/properties/metadata"),
    intents: present("array", "CreateThreadRequest/properties/intents"),
    // The summary of a thread without one is empty, which no API answer shows.
    summary: { type: "string", maxLength: schemas.MemorySummary!.properties!.summary!.maxLength },
    summaryMessage: { type: ["integer", "null"], minimum: 1 },
    summaryUpdatedAt: { type: ["string", "null"], format: "date-time" },
    ...timestamps,
  }),
  message: record("message", {
    ref,
    thread: ref,
    externalId: api("MessageInput/properties/externalId"),
    role: api("MessageInput/properties/role"),
    type: present("string", "MessageInput/properties/type"),
    content: api("MessageInput/properties/content"),
    jsonContent: api("MessageInput/properties/jsonContent"),
    metadata: present("object", "MessageInput/properties/metadata"),
    createdAt: timestamp,
    language: { type: ["string", "null"], minLength: 2, maxLength: 8 },
  }, ["language"]),
  feedback: record("feedback", {
    message: ref,
    user: name,
    feedbackType: api("FeedbackRequest/properties/feedbackType"),
    feedbackText: api("FeedbackRequest/properties/feedbackText"),
    attributes: present("object", "FeedbackRequest/properties/attributes"),
    ...timestamps,
  }),
  fact: record("fact", {
    ref,
    user: name,
    message: ref,
    subject: { type: "string", minLength: 1, maxLength: 100 },
    text: { type: "string", minLength: 1, maxLength: 300 },
    statedAt: timestamp,
    invalidAt: { type: ["string", "null"], format: "date-time" },
    supersededBy: { type: ["integer", "null"], minimum: 1 },
    createdAt: timestamp,
  }),
  forgotten: record("forgotten", { user: name, subject: { type: "string", minLength: 1, maxLength: 100 }, statement: { type: "string", minLength: 1, maxLength: 1000 }, forgottenAt: timestamp }),
  end: record("end", {
    counts: { type: "object", required: COUNTED_KINDS.filter((kind) => !KINDS_SINCE_FACTS.includes(kind)), properties: Object.fromEntries(COUNTED_KINDS.map((kind) => [kind, { type: "integer", minimum: 0 }])) },
  }),
};

// strict off: openapi.yaml's schemas carry OpenAPI's own keywords (example, x-…) besides JSON Schema's.
const ajv = addFormats.default(new Ajv2020({ allErrors: false, strict: false })).addFormat("date-time", { type: "string", validate: isTimestamp });
ajv.addSchema({ $id: API, components: specification.components });
const validators = Object.fromEntries(Object.entries(SCHEMAS).map(([kind, schema]) => [kind, ajv.compile(schema)])) as Record<
  ExportRecord["kind"],
  ValidateFunction
>;

/** openapi.yaml's Name, which an export's organization and project names follow: what the admin CLI takes for them too. */
const validName = ajv.compile(name);
export const isName = (value: string) => validName(value);
export const NAME_RULE = `must be ${schemas.Name!.minLength} to ${schemas.Name!.maxLength} characters`;

function describe(error: ErrorObject): string {
  const field = error.instancePath.slice(1).replaceAll("/", ".");
  if (error.keyword === "additionalProperties") return `unknown field '${[field, error.params.additionalProperty].filter(Boolean).join(".")}'`;
  if (error.keyword === "required") return `missing field '${[field, error.params.missingProperty].filter(Boolean).join(".")}'`;
  if (error.keyword === "format" && error.params.format === "date-time") return `field '${field}' ${TIMESTAMP_RULE}`;
  if (error.keyword === "enum") return `field '${field}' must be one of ${(error.params.allowedValues as unknown[]).map(String).join(", ")}`;
  if (error.keyword === "not") return `field '${field}' is a reserved name`;
  return `field '${field}' ${error.message}`;
}

/** In `u` mode a surrogate pair is one code point, so this matches only lone surrogates. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const RESERVED_KEYS = new Set(["__proto__", "constructor"]);

/** What no schema says and the API refuses too: text PostgreSQL cannot store as given, and reserved keys. */
function textProblem(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") {
    if (value.includes("\u0000")) return `field '${path}' contains a NUL character`;
    if (LONE_SURROGATE.test(value)) return `field '${path}' is not well-formed Unicode (it has a lone surrogate)`;
    return undefined;
  }
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (RESERVED_KEYS.has(key)) return `field '${childPath}': '${key}' is a reserved name`;
    const problem = textProblem(key, childPath) ?? textProblem(child, childPath);
    if (problem) return problem;
  }
  return undefined;
}

/** The record a line holds; throws a message saying what is wrong with it otherwise. */
export function parseRecord(line: string): ExportRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new Error("not a JSON object");
  }
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (typeof kind !== "string" || !Object.hasOwn(validators, kind)) throw new Error(`unknown record kind ${JSON.stringify(kind ?? null)}`);
  const validate = validators[kind as ExportRecord["kind"]];
  if (!validate(value)) throw new Error(`${kind}: ${describe(validate.errors![0]!)}`);
  const problem = textProblem(value);
  if (problem) throw new Error(`${kind}: ${problem}`);
  if (kind === "thread" && JSON.stringify((value as ThreadRecord).metadata).length > THREAD_METADATA_LIMIT) {
    throw new Error(`thread: field 'metadata' is over ${THREAD_METADATA_LIMIT} characters of JSON`);
  }
  return value as ExportRecord;
}
