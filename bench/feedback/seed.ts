import pg from "pg";
import { upsertAttribute } from "../../src/attributes/attributes.ts";
import { openDatabase } from "../../src/db/database.ts";
import { initOrganization, type InitializedOrganization } from "../../src/organizations/organizations.ts";

export const THREADS = 50_000;
const USERS = 5_000;

export const ATTRIBUTES = { reason: ["outdated", "wrong", "rude"], tone: ["formal", "casual"] };

/**
 * Migrates, creates an organization with its keys, 5k users, 50k threads (`bench-thread-N`)
 * of two messages each, and two attributes. Set-based inserts: a few seconds, not minutes.
 */
export async function seed(databaseUrl: string): Promise<InitializedOrganization> {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    const org = await initOrganization(database.prisma, "bench", "default");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { organizationId, projectId } = org;
      await client.query(
        `INSERT INTO "ExternalUser" ("organizationId", "externalId")
         SELECT $1, 'bench-user-' || g FROM generate_series(1, $2::int) AS g`,
        [organizationId, USERS],
      );
      await client.query(
        `INSERT INTO "Thread" ("organizationId", "projectId", "externalUserId", "externalId")
         SELECT $1, $2, u."id", 'bench-thread-' || g
         FROM generate_series(0, $3::int - 1) AS g
         JOIN "ExternalUser" u ON u."organizationId" = $1 AND u."externalId" = 'bench-user-' || (g % $4::int + 1)
         ORDER BY g`,
        [organizationId, projectId, THREADS, USERS],
      );
      await client.query(
        `INSERT INTO "Message" ("organizationId", "threadId", "externalId", "role", "content")
         SELECT $1, t."id", 'm' || k, CASE k WHEN 1 THEN 'user' ELSE 'assistant' END, 'message ' || k || ' of ' || t."externalId"
         FROM "Thread" t CROSS JOIN generate_series(1, 2) AS k
         WHERE t."organizationId" = $1
         ORDER BY t."id", k`,
        [organizationId],
      );
      await client.query("ANALYZE");
    } finally {
      await client.end();
    }
    for (const [name, options] of Object.entries(ATTRIBUTES)) {
      await upsertAttribute(database.prisma, org.organizationId, { name, options });
    }
    return org;
  } finally {
    await database.close();
  }
}
