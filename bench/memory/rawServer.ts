/**
 * The baseline: GET /api/external/memory with node:http and one hand-written query on a pg pool
 * of the service's size, no framework, no ORM. The query checks the key (private, not revoked)
 * and finds the memory, so it does all the service does to the database, in one round trip.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const LOOKUP = `
  SELECT k."organizationId", m."threadId", m."threadExternalId", m."summary", m."createdAt"
  FROM "ApiKey" k
  LEFT JOIN LATERAL (
    SELECT t."id" AS "threadId", t."externalId" AS "threadExternalId", t."summary", t."createdAt"
    FROM "ExternalUser" u
    CROSS JOIN LATERAL (
      SELECT "id", "externalId", "summary", "createdAt" FROM "Thread"
      WHERE "organizationId" = u."organizationId" AND "externalUserId" = u."id" AND "summary" <> ''
      ORDER BY "createdAt" DESC, "id" DESC LIMIT 1
    ) t
    WHERE u."organizationId" = k."organizationId" AND u."externalId" = $2
  ) m ON true
  WHERE k."hash" = $1 AND k."kind" = 'private' AND k."revokedAt" IS NULL`;

function send(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

function keyOf(request: IncomingMessage, url: URL): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1] ?? (url.searchParams.get("apiKey") || undefined);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (request.method !== "GET" || url.pathname !== "/api/external/memory") return send(response, 404, { error: "Not found" });
  const key = keyOf(request, url);
  if (!key) return send(response, 401, { error: "Unauthorized - Invalid or missing API key" });
  const userExternalId = url.searchParams.get("userExternalId") ?? "";
  const hash = createHash("sha256").update(key).digest("hex");
  const { rows } = await pool.query(LOOKUP, [hash, userExternalId]);
  const row = rows[0];
  if (!row) return send(response, 401, { error: "Unauthorized - Invalid or missing API key" });
  if (!userExternalId) return send(response, 400, { error: "Missing required parameter: userExternalId" });
  if (row.threadId === null) return send(response, 404, { error: "No user or no memory found" });
  send(response, 200, {
    userExternalId,
    threadId: row.threadId,
    threadExternalId: row.threadExternalId,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
  });
}

// timestamp(3) columns hold UTC: read them as UTC, as Prisma does.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (value) => new Date(`${value.replace(" ", "T")}Z`));

const server = createServer((request, response) => {
  handle(request, response).catch(() => send(response, 500, { error: "Internal server error" }));
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
