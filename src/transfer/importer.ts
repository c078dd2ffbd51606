import type { PrismaClient } from "../../generated/prisma/client.ts";
import { sqlStates } from "../db/failures.ts";
import { inBulkTransaction, type Db } from "../db/types.ts";
import { createApiKey } from "../keys/keys.ts";
import { LIMITS } from "../limits.ts";
import {
  COUNTED_KINDS,
  emptyCounts,
  isName,
  NAME_RULE,
  parseRecord,
  type Counts,
  type CountedKind,
  type HeaderRecord,
} from "./records.ts";

// An import creates a new organization from an export file, all or nothing, in one transaction.
// Records are first copied as they come into temporary tables, a batch at a time (the file is
// never held in memory); then one query looks for the first record that names something the file
// does not hold or holds twice, and a few set-based statements write the organization.

export class ImportError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = "ImportError";
  }
}

export interface ImportOptions {
  /** The new organization's name; the exported organization's name when absent. */
  name?: string;
}

export interface ImportResult {
  organizationId: number;
  privateKey: string;
  publicKey: string;
  counts: Counts;
}

const BYTE_ORDER_MARK = "\uFEFF";

/** Records copied into the temporary tables at once. */
const BATCH_RECORDS = 1_000;
const BATCH_CHARS = 4 << 20;

interface Staging {
  table: string;
  /** Column name (a record field, or `line`) to SQL type. */
  columns: Record<string, string>;
  /** The table whose id sequence numbers the staged rows in file order: the ids they are stored with. */
  numberedBy?: string;
}

const TIMESTAMPS = { createdAt: "timestamptz", updatedAt: "timestamptz" };

const STAGING: Record<CountedKind, Staging> = {
  project: { table: "import_project", columns: { line: "int", name: "text", ...TIMESTAMPS } },
  segmentType: { table: "import_segment_type", columns: { line: "int", name: "text", ...TIMESTAMPS } },
  segment: { table: "import_segment", columns: { line: "int", type: "text", name: "text", ...TIMESTAMPS } },
  intent: { table: "import_intent", columns: { line: "int", project: "text", name: "text", ...TIMESTAMPS } },
  attribute: { table: "import_attribute", columns: { line: "int", project: "text", name: "text", options: "jsonb", ...TIMESTAMPS } },
  user: {
    table: "import_user",
    columns: { line: "int", externalId: "text", name: "text", email: "text", username: "text", segments: "jsonb", ...TIMESTAMPS },
  },
  thread: {
    table: "import_thread",
    columns: {
      line: "int", ref: "bigint", project: "text", externalId: "text", user: "text", metadata: "jsonb", intents: "jsonb",
      summary: "text", summaryMessage: "bigint", summaryUpdatedAt: "timestamptz", ...TIMESTAMPS,
    },
    numberedBy: "Thread",
  },
  message: {
    table: "import_message",
    columns: {
      line: "int", ref: "bigint", thread: "bigint", externalId: "text", role: "text", type: "text", content: "text",
      jsonContent: "jsonb", metadata: "jsonb", createdAt: "timestamptz", language: "text",
    },
    numberedBy: "Message",
  },
  feedback: {
    table: "import_feedback",
    columns: { line: "int", message: "bigint", user: "text", feedbackType: "text", feedbackText: "text", attributes: "jsonb", ...TIMESTAMPS },
    numberedBy: "Feedback",
  },
  fact: {
    table: "import_fact",
    columns: {
      line: "int", ref: "bigint", user: "text", message: "bigint", subject: "text", text: "text", statedAt: "timestamptz",
      invalidAt: "timestamptz", supersededBy: "bigint", createdAt: "timestamptz",
    },
    numberedBy: "Fact",
  },
  forgotten: { table: "import_forgotten", columns: { line: "int", user: "text", subject: "text", statement: "text", forgottenAt: "timestamptz" } },
};

const quoted = (columns: Record<string, string>) => Object.keys(columns).map((column) => `"${column}"`).join(", ");

async function createStagingTables(tx: Db): Promise<void> {
  for (const { table, columns, numberedBy } of Object.values(STAGING)) {
    const definitions = Object.entries(columns).map(([column, type]) => `"${column}" ${type}`);
    if (numberedBy) {
      const [{ sequence }] = await tx.$queryRawUnsafe<[{ sequence: string }]>(`SELECT pg_get_serial_sequence('"${numberedBy}"', 'id') AS "sequence"`);
      definitions.push(`"id" int NOT NULL DEFAULT nextval('${sequence}'::regclass)`);
    }
    await tx.$executeRawUnsafe(`CREATE TEMPORARY TABLE ${table} (${definitions.join(", ")}) ON COMMIT DROP`);
  }
}

/** Staged records waiting to be copied, by kind. */
class StagingBatch {
  private rows = new Map<CountedKind, object[]>();
  private records = 0;
  private chars = 0;

  constructor(private readonly tx: Db) {}

  async add(kind: CountedKind, row: object, size: number): Promise<void> {
    if (!this.rows.has(kind)) this.rows.set(kind, []);
    this.rows.get(kind)!.push(row);
    this.records += 1;
    this.chars += size;
    if (this.records >= BATCH_RECORDS || this.chars >= BATCH_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    for (const [kind, rows] of this.rows) {
      const { table, columns } = STAGING[kind];
      await this.tx.$executeRawUnsafe(
        `INSERT INTO ${table} (${quoted(columns)}) SELECT ${quoted(columns)} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`,
        JSON.stringify(rows),
      );
    }
    this.rows.clear();
    this.records = 0;
    this.chars = 0;
  }
}

/** Reads the file into the staging tables; returns its header and how many records of each kind it held. */
async function stageRecords(tx: Db, lines: AsyncIterable<string>): Promise<{ header: HeaderRecord; counts: Counts }> {
  const batch = new StagingBatch(tx);
  const counts = emptyCounts();
  let header: HeaderRecord | undefined;
  let ended = false;
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber += 1;
    // A byte-order mark, as some editors write at the start of a UTF-8 file.
    const line = lineNumber === 1 && text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
    if (line.trim() === "") continue;
    let record;
    try {
      record = parseRecord(line);
    } catch (error) {
      throw new ImportError((error as Error).message, lineNumber);
    }
    if (ended) throw new ImportError("a record after the end record", lineNumber);
    if (!header && record.kind !== "header") throw new ImportError("the file must start with a header record: is this an export file?", lineNumber);
    if (record.kind === "header") {
      if (header) throw new ImportError("a second header record", lineNumber);
      header = record;
    } else if (record.kind === "end") {
      // Files made before facts count none of them.
      const counted = (kind: CountedKind) => record.counts[kind] ?? 0;
      const missing = COUNTED_KINDS.find((kind) => counted(kind) !== counts[kind]);
      if (missing) throw new ImportError(`the end record counts ${counted(missing)} ${missing} records, the file holds ${counts[missing]}`, lineNumber);
      ended = true;
    } else {
      counts[record.kind] += 1;
      await batch.add(record.kind, { ...record, line: lineNumber }, line.length);
    }
  }
  if (!header) throw new ImportError("the file is empty");
  if (!ended) throw new ImportError("the file ends before its end record: it was cut short");
  if (counts.project === 0) throw new ImportError("the file holds no project");
  await batch.flush();
  for (const { table } of Object.values(STAGING)) await tx.$executeRawUnsafe(`ANALYZE ${table}`);
  return { header, counts };
}

/** The first record of `table` (alias r) whose `key` another record before it has too. */
const duplicate = (table: string, key: string, problem: string, where = "true") => `
  SELECT line, ${problem} AS problem FROM (
    SELECT r.*, row_number() OVER (PARTITION BY ${key} ORDER BY line) AS n FROM ${table} r WHERE ${where}) r
  WHERE n > 1`;

const text = (value: string) => `to_jsonb(${value})::text`;

/** The first record of `table` beyond the organization's `limit` of them. */
const overLimit = (table: string, limit: number, things: string) => `
  SELECT line, 'an organization holds at most ${limit} ${things}' FROM (
    SELECT line, row_number() OVER (ORDER BY line) AS n FROM ${table}) r
  WHERE n > ${limit}`;

/** Each query gives the line and problem of records that name what the file lacks, or repeat what it holds. */
const CHECKS = [
  overLimit("import_project", LIMITS.projectsPerOrganization, "projects"),
  overLimit("import_segment_type", LIMITS.segmentTypesPerOrganization, "segment types"),
  overLimit("import_segment", LIMITS.segmentsPerOrganization, "segments"),
  overLimit("import_attribute", LIMITS.attributesPerOrganization, "attributes"),
  overLimit("import_intent", LIMITS.intentsPerOrganization, "intents"),
  duplicate("import_project", "r.name", `'project ' || ${text("r.name")} || ' appears twice'`),
  duplicate("import_segment_type", "r.name", `'segment type ' || ${text("r.name")} || ' appears twice'`),
  duplicate("import_segment", "r.type, r.name", `'segment ' || ${text("r.name")} || ' of type ' || ${text("r.type")} || ' appears twice'`),
  duplicate("import_intent", "r.project, r.name", `'intent ' || ${text("r.name")} || ' appears twice in project ' || ${text("r.project")}`),
  duplicate("import_attribute", "r.project, r.name", `'attribute ' || ${text("r.name")} || ' appears twice in project ' || ${text("r.project")}`),
  duplicate("import_user", `r."externalId"`, `'user ' || ${text(`r."externalId"`)} || ' appears twice'`),
  duplicate("import_thread", "r.ref", `'thread ref ' || r.ref || ' appears twice'`),
  duplicate("import_thread", `r.project, r."externalId"`, `'thread ' || ${text(`r."externalId"`)} || ' appears twice in project ' || ${text("r.project")}`, `r."externalId" IS NOT NULL`),
  duplicate("import_message", "r.ref", `'message ref ' || r.ref || ' appears twice'`),
  duplicate("import_message", `r.thread, r."externalId"`, `'message ' || ${text(`r."externalId"`)} || ' appears twice in thread ' || r.thread`, `r."externalId" IS NOT NULL`),
  duplicate("import_feedback", "r.message, r.user", `'user ' || ${text("r.user")} || ' gave feedback on message ' || r.message || ' twice'`),
  duplicate("import_fact", "r.ref", `'fact ref ' || r.ref || ' appears twice'`),
  duplicate("import_fact", "r.user, r.subject", `'user ' || ${text("r.user")} || ' has two current facts of subject ' || ${text("r.subject")}`, `r."invalidAt" IS NULL`),
  duplicate("import_forgotten", "r.user, r.subject, r.statement", `'user ' || ${text("r.user")} || ' forgot ' || ${text("r.statement")} || ' twice'`),
  `SELECT s.line, 'segment type ' || ${text("s.type")} || ' is not in the file' FROM import_segment s
   WHERE NOT EXISTS (SELECT 1 FROM import_segment_type st WHERE st.name = s.type)`,
  `SELECT r.line, 'project ' || ${text("r.project")} || ' is not in the file' FROM (
     SELECT line, project FROM import_intent UNION ALL SELECT line, project FROM import_attribute UNION ALL SELECT line, project FROM import_thread) r
   WHERE NOT EXISTS (SELECT 1 FROM import_project p WHERE p.name = r.project)`,
  `SELECT a.line, 'attribute ' || ${text("a.name")} || ' lists option ' || ${text("o.name")} || ' twice'
   FROM import_attribute a CROSS JOIN LATERAL (
     SELECT e->>'name' AS name FROM jsonb_array_elements(a.options) e GROUP BY 1 HAVING count(*) > 1 LIMIT 1) o`,
  `SELECT u.line, 'segment ' || ${text("e.value")} || ' of type ' || ${text("e.key")} || ' is not in the file'
   FROM import_user u CROSS JOIN LATERAL jsonb_each_text(u.segments) e
   WHERE NOT EXISTS (SELECT 1 FROM import_segment s WHERE s.type = e.key AND s.name = e.value)`,
  `SELECT r.line, 'user ' || ${text("r.user")} || ' is not in the file' FROM (
     SELECT line, "user" FROM import_thread UNION ALL SELECT line, "user" FROM import_feedback) r
   WHERE NOT EXISTS (SELECT 1 FROM import_user u WHERE u."externalId" = r.user)`,
  `SELECT t.line, 'intent ' || ${text("i.name")} || ' of project ' || ${text("t.project")} || ' is not in the file'
   FROM import_thread t CROSS JOIN LATERAL jsonb_array_elements_text(t.intents) i(name)
   WHERE NOT EXISTS (SELECT 1 FROM import_intent n WHERE n.project = t.project AND n.name = i.name)`,
  `SELECT t.line, 'summaryMessage ' || t."summaryMessage" || ' is not a message of this thread' FROM import_thread t
   WHERE t."summaryMessage" IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM import_message m WHERE m.ref = t."summaryMessage" AND m.thread = t.ref)`,
  `SELECT m.line, 'thread ' || m.thread || ' is not in the file' FROM import_message m
   WHERE NOT EXISTS (SELECT 1 FROM import_thread t WHERE t.ref = m.thread)`,
  `SELECT f.line, 'message ' || f.message || ' is not in the file' FROM import_feedback f
   WHERE NOT EXISTS (SELECT 1 FROM import_message m WHERE m.ref = f.message)`,
  `SELECT f.line, 'message ' || f.message || ' is not a message of user ' || ${text("f.user")} || ' in the file' FROM import_fact f
   WHERE NOT EXISTS (SELECT 1 FROM import_message m JOIN import_thread t ON t.ref = m.thread WHERE m.ref = f.message AND t.user = f.user)`,
  `SELECT f.line, 'fact ' || f."supersededBy" || ' is not a fact of the same user in the file' FROM import_fact f
   WHERE f."supersededBy" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM import_fact s WHERE s.ref = f."supersededBy" AND s.user = f.user)`,
  `SELECT g.line, 'user ' || ${text("g.user")} || ' is not in the file' FROM import_forgotten g
   WHERE NOT EXISTS (SELECT 1 FROM import_user u WHERE u."externalId" = g.user)`,
  `SELECT f.line, 'attribute ' || ${text("e.key")} || ' with option ' || ${text("e.value")} || ' is not in project ' || ${text("t.project")}
   FROM import_feedback f
   JOIN import_message m ON m.ref = f.message
   JOIN import_thread t ON t.ref = m.thread
   CROSS JOIN LATERAL jsonb_each_text(f.attributes) e
   WHERE NOT EXISTS (
     SELECT 1 FROM import_attribute a CROSS JOIN LATERAL jsonb_array_elements(a.options) o
     WHERE a.project = t.project AND a.name = e.key AND o->>'name' = e.value)`,
];

async function checkReferences(tx: Db): Promise<void> {
  const [first] = await tx.$queryRawUnsafe<{ line: number; problem: string }[]>(
    `SELECT line, problem FROM (${CHECKS.map((check) => `(${check})`).join(" UNION ALL ")}) AS found(line, problem) ORDER BY line LIMIT 1`,
  );
  if (first) throw new ImportError(first.problem, first.line);
}

const utc = (column: string) => `(${column} AT TIME ZONE 'UTC')`;
const stamps = (alias: string) => `${utc(`${alias}."createdAt"`)}, ${utc(`${alias}."updatedAt"`)}`;

/** Writes the staged records into organization $1, in file order, so that ids keep their order. */
const WRITES = [
  `INSERT INTO "Project" ("organizationId", "name", "createdAt", "updatedAt")
   SELECT $1, r.name, ${stamps("r")} FROM import_project r ORDER BY r.line`,
  `INSERT INTO "SegmentType" ("organizationId", "name", "createdAt", "updatedAt")
   SELECT $1, r.name, ${stamps("r")} FROM import_segment_type r ORDER BY r.line`,
  `INSERT INTO "Segment" ("organizationId", "userSegmentTypeId", "name", "createdAt", "updatedAt")
   SELECT $1, st."id", r.name, ${stamps("r")} FROM import_segment r
   JOIN "SegmentType" st ON st."organizationId" = $1 AND st."name" = r.type ORDER BY r.line`,
  `INSERT INTO "Intent" ("organizationId", "projectId", "name", "createdAt", "updatedAt")
   SELECT $1, p."id", r.name, ${stamps("r")} FROM import_intent r
   JOIN "Project" p ON p."organizationId" = $1 AND p."name" = r.project ORDER BY r.line`,
  `INSERT INTO "Attribute" ("organizationId", "projectId", "name", "createdAt", "updatedAt")
   SELECT $1, p."id", r.name, ${stamps("r")} FROM import_attribute r
   JOIN "Project" p ON p."organizationId" = $1 AND p."name" = r.project ORDER BY r.line`,
  `INSERT INTO "AttributeOption" ("organizationId", "attributeId", "name", "createdAt", "updatedAt")
   SELECT $1, a."id", o.name, ${stamps("o")} FROM import_attribute r
   JOIN "Project" p ON p."organizationId" = $1 AND p."name" = r.project
   JOIN "Attribute" a ON a."organizationId" = $1 AND a."projectId" = p."id" AND a."name" = r.name
   CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(r.options) AS (name text, "createdAt" timestamptz, "updatedAt" timestamptz))
     WITH ORDINALITY AS o(name, "createdAt", "updatedAt", position)
   ORDER BY r.line, o.position`,
  `INSERT INTO "ExternalUser" ("organizationId", "externalId", "name", "email", "username", "createdAt", "updatedAt")
   SELECT $1, r."externalId", r.name, r.email, r.username, ${stamps("r")} FROM import_user r ORDER BY r.line`,
  `INSERT INTO "UserSegment" ("organizationId", "externalUserId", "userSegmentTypeId", "segmentId")
   SELECT $1, u."id", s."userSegmentTypeId", s."id" FROM import_user r
   CROSS JOIN LATERAL jsonb_each_text(r.segments) e
   JOIN "ExternalUser" u ON u."organizationId" = $1 AND u."externalId" = r."externalId"
   JOIN "SegmentType" st ON st."organizationId" = $1 AND st."name" = e.key
   JOIN "Segment" s ON s."organizationId" = $1 AND s."userSegmentTypeId" = st."id" AND s."name" = e.value`,
  `INSERT INTO "Thread" ("id", "organizationId", "projectId", "externalUserId", "externalId", "metadata",
     "summary", "summaryMessageId", "summaryUpdatedAt", "createdAt", "updatedAt")
   SELECT r.id, $1, p."id", u."id", r."externalId", r.metadata, r.summary, m.id, ${utc(`r."summaryUpdatedAt"`)}, ${stamps("r")}
   FROM import_thread r
   JOIN "Project" p ON p."organizationId" = $1 AND p."name" = r.project
   JOIN "ExternalUser" u ON u."organizationId" = $1 AND u."externalId" = r.user
   LEFT JOIN import_message m ON m.ref = r."summaryMessage"`,
  `INSERT INTO "ThreadIntent" ("organizationId", "threadId", "intentId")
   SELECT $1, r.id, i."id" FROM import_thread r
   CROSS JOIN LATERAL jsonb_array_elements_text(r.intents) n(name)
   JOIN "Project" p ON p."organizationId" = $1 AND p."name" = r.project
   JOIN "Intent" i ON i."organizationId" = $1 AND i."projectId" = p."id" AND i."name" = n.name`,
  `INSERT INTO "Message" ("id", "organizationId", "threadId", "externalId", "role", "type", "content", "jsonContent", "metadata", "createdAt", "language")
   SELECT r.id, $1, t.id, r."externalId", r.role, r.type, r.content, r."jsonContent", r.metadata, ${utc(`r."createdAt"`)}, r.language
   FROM import_message r JOIN import_thread t ON t.ref = r.thread`,
  `INSERT INTO "Feedback" ("id", "organizationId", "messageId", "threadId", "projectId", "externalUserId", "feedbackType", "feedbackText",
     "createdAt", "updatedAt")
   SELECT r.id, $1, m.id, t.id, p."id", u."id", r."feedbackType", r."feedbackText", ${stamps("r")} FROM import_feedback r
   JOIN import_message m ON m.ref = r.message
   JOIN import_thread t ON t.ref = m.thread
   JOIN "Project" p ON p."organizationId" = $1 AND p."name" = t.project
   JOIN "ExternalUser" u ON u."organizationId" = $1 AND u."externalId" = r.user`,
  `INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
   SELECT $1, r.id, o."id" FROM import_feedback r
   CROSS JOIN LATERAL jsonb_each_text(r.attributes) e
   JOIN import_message m ON m.ref = r.message
   JOIN import_thread t ON t.ref = m.thread
   JOIN "Project" p ON p."organizationId" = $1 AND p."name" = t.project
   JOIN "Attribute" a ON a."organizationId" = $1 AND a."projectId" = p."id" AND a."name" = e.key
   JOIN "AttributeOption" o ON o."organizationId" = $1 AND o."attributeId" = a."id" AND o."name" = e.value`,
  `INSERT INTO "Fact" ("id", "organizationId", "externalUserId", "subject", "text", "statedAt", "invalidAt", "supersededById",
     "threadId", "messageId", "createdAt")
   SELECT r.id, $1, u."id", r.subject, r.text, ${utc(`r."statedAt"`)}, ${utc(`r."invalidAt"`)}, s.id, t.id, m.id, ${utc(`r."createdAt"`)}
   FROM import_fact r
   JOIN import_message m ON m.ref = r.message
   JOIN import_thread t ON t.ref = m.thread
   JOIN "ExternalUser" u ON u."organizationId" = $1 AND u."externalId" = r.user
   LEFT JOIN import_fact s ON s.ref = r."supersededBy"`,
  `INSERT INTO "FactForgotten" ("organizationId", "externalUserId", "subject", "statement", "forgottenAt")
   SELECT $1, u."id", r.subject, r.statement, ${utc(`r."forgottenAt"`)} FROM import_forgotten r
   JOIN "ExternalUser" u ON u."organizationId" = $1 AND u."externalId" = r.user`,
];

/**
 * What the checks let through and the database still refused, as an import error rather than the
 * database's own words: the file, not the service, is at fault.
 */
function asImportError(error: unknown): unknown {
  if (error instanceof ImportError) return error;
  const states = sqlStates(error);
  if (states.some((state) => state.startsWith("23"))) return new ImportError("the file holds two records that the database counts as one");
  if (states.some((state) => state.startsWith("22"))) return new ImportError("the file holds a value the database cannot store");
  return error;
}

/**
 * Creates a new organization holding what an export file holds, with one key of each kind, all
 * or nothing. `lines` are the file's lines; they are read once, as they come.
 */
export async function importOrganization(prisma: PrismaClient, lines: AsyncIterable<string>, options: ImportOptions = {}): Promise<ImportResult> {
  if (options.name !== undefined && !isName(options.name)) throw new ImportError(`the organization's name ${NAME_RULE}`);
  return inBulkTransaction(prisma, async (tx) => {
    await createStagingTables(tx);
    const { header, counts } = await stageRecords(tx, lines);
    await checkReferences(tx);
    const organization = await tx.organization.create({ data: { name: options.name ?? header.organization.name }, select: { id: true } });
    for (const write of WRITES) await tx.$executeRawUnsafe(write, organization.id);
    const privateKey = await createApiKey(tx, organization.id, "private");
    const publicKey = await createApiKey(tx, organization.id, "public");
    return { organizationId: organization.id, privateKey: privateKey.key, publicKey: publicKey.key, counts };
  }).catch((error: unknown) => {
    throw asImportError(error);
  });
}
