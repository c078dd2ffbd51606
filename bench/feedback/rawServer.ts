/**
 * The baseline: POST /api/external/feedback with node:http and hand-written SQL on a pg pool, no
 * framework, no ORM. It does what the service does to the database (key lookup, then in one
 * transaction: thread and last message, attribute options, feedback upsert, options replaced)
 * and answers with the id only, where the service also loads and serializes the Feedback object.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

interface Body {
  feedbackType: string;
  externalThreadId: string;
  projectId?: number;
  feedbackText?: string;
  attributes?: Record<string, string>;
}

class Refusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

async function readBody(request: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Body;
  if (body.feedbackType !== "POSITIVE" && body.feedbackType !== "NEGATIVE") throw new Refusal(400, "feedbackType");
  if (typeof body.externalThreadId !== "string") throw new Refusal(400, "externalThreadId");
  return body;
}

async function organizationOf(key: string | undefined): Promise<number> {
  if (!key) throw new Refusal(401, "no key");
  const hash = createHash("sha256").update(key).digest("hex");
  const { rows } = await pool.query('SELECT "organizationId" FROM "ApiKey" WHERE "hash" = $1 AND "revokedAt" IS NULL', [hash]);
  if (rows.length === 0) throw new Refusal(401, "unknown key");
  return rows[0].organizationId as number;
}

async function record(client: pg.PoolClient, organizationId: number, body: Body): Promise<{ id: number; created: boolean }> {
  const threads = await client.query(
    `SELECT t."id" AS "threadId", t."projectId", t."externalUserId",
            (SELECT m."id" FROM "Message" m WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id"
             ORDER BY m."id" DESC LIMIT 1) AS "messageId"
     FROM "Thread" t
     WHERE t."organizationId" = $1 AND t."externalId" = $2 AND ($3::int IS NULL OR t."projectId" = $3)
     LIMIT 2`,
    [organizationId, body.externalThreadId, body.projectId ?? null],
  );
  if (threads.rows.length !== 1) throw new Refusal(threads.rows.length === 0 ? 404 : 409, "thread");
  const thread = threads.rows[0];
  if (thread.messageId === null) throw new Refusal(404, "message");

  const wanted = Object.entries(body.attributes ?? {});
  const options = await client.query(
    `SELECT o."id" FROM unnest($3::text[], $4::text[]) AS w(attribute, option)
     JOIN "Attribute" a ON a."organizationId" = $1 AND a."projectId" = $2 AND a."name" = w.attribute
     JOIN "AttributeOption" o ON o."organizationId" = $1 AND o."attributeId" = a."id" AND o."name" = w.option`,
    [organizationId, thread.projectId, wanted.map(([name]) => name), wanted.map(([, option]) => option)],
  );
  if (options.rows.length !== wanted.length) throw new Refusal(400, "attributes");
  const optionIds = options.rows.map((row) => row.id as number);

  const feedback = await client.query(
    `INSERT INTO "Feedback" ("organizationId", "messageId", "threadId", "projectId", "externalUserId", "feedbackType", "feedbackText")
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT ("organizationId", "messageId", "externalUserId") DO UPDATE SET
       "feedbackType" = EXCLUDED."feedbackType", "feedbackText" = EXCLUDED."feedbackText", "updatedAt" = now()
     RETURNING "id", (xmax = 0) AS "created"`,
    [organizationId, thread.messageId, thread.threadId, thread.projectId, thread.externalUserId, body.feedbackType, body.feedbackText ?? null],
  );
  const { id, created } = feedback.rows[0] as { id: number; created: boolean };
  if (!created) await client.query('DELETE FROM "FeedbackOption" WHERE "organizationId" = $1 AND "feedbackId" = $2', [organizationId, id]);
  await client.query(
    `INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
     SELECT $1, $2, unnest($3::int[])`,
    [organizationId, id, optionIds],
  );
  return { id, created };
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== "POST" || request.url !== "/api/external/feedback") throw new Refusal(404, "route");
  const organizationId = await organizationOf(request.headers["api-key"] as string | undefined);
  const body = await readBody(request);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await record(client, organizationId, body);
    await client.query("COMMIT");
    response.writeHead(result.created ? 201 : 200, { "content-type": "application/json" });
    response.end(JSON.stringify({ id: result.id }));
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    const status = error instanceof Refusal ? error.status : 500;
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: error instanceof Error ? error.message : "error" }));
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
