import t from "tap";
import pg from "pg";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient } from "../helpers/serviceClient.ts";
import { readMigrations } from "../../src/db/schemaEngine.ts";

const INSTANCES = 3;

async function queryOne(url: string, sql: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows[0];
  } finally {
    await client.end();
  }
}

t.test(`${INSTANCES} instances started at once on an empty PostgreSQL database`, { skip: !process.env.DATABASE_URL && "needs DATABASE_URL" }, async (t) => {
  const env = await freshDatabaseEnv(t);
  const url = env.DATABASE_URL!;
  const instances = await Promise.all(Array.from({ length: INSTANCES }, () => startServer(env, SLOW_START_TIMEOUT_MS)));
  t.teardown(() => instances.forEach((instance) => instance.child.kill("SIGKILL")));

  for (const instance of instances) t.equal((await fetch(`${instance.url}/ready`)).status, 200, "ready");
  const announcing = instances.filter((instance) => /private key:/.test(instance.output()));
  t.equal(announcing.length, 1, "one instance created the default organization and printed its keys");
  t.same(await queryOne(url, `SELECT count(*)::int AS organizations FROM "Organization"`), { organizations: 1 });
  const { migrationDirectories } = await readMigrations();
  t.same(
    await queryOne(url, `SELECT count(*)::int AS applied, count(DISTINCT migration_name)::int AS distinct, count(finished_at)::int AS finished FROM _prisma_migrations`),
    { applied: migrationDirectories.length, distinct: migrationDirectories.length, finished: migrationDirectories.length },
    "each migration was applied once",
  );

  const key = printedPrivateKey(announcing[0]!.output());
  const clients = instances.map((instance) => serviceClient(instance.url, key));
  const written = await clients[0]!.send("POST", "/api/external/threads", {
    externalId: "shared",
    externalUser: { externalId: "reader" },
    messages: [{ externalId: "m1", role: "user", content: "written through the first instance" }],
  });
  t.equal(written.status, 201);
  for (const client of clients.slice(1)) {
    const read = await client.send("GET", "/api/external/threads?externalUserIds=reader");
    t.match(read.body, { count: 1, rows: [{ externalId: "shared", messages: [{ content: "written through the first instance" }] }] }, "read through another instance");
  }

  const upserts = await Promise.all(
    Array.from({ length: 4 * INSTANCES }, (_, i) => clients[i % INSTANCES]!.send("PUT", "/api/external/users", { externalId: "contended", name: `writer ${i}` })),
  );
  t.same(
    upserts.map(({ status }) => status).sort(),
    [...Array(4 * INSTANCES - 1).fill(200), 201],
    "concurrent upserts of one externalId over the instances: exactly one 201, the others 200",
  );
  t.same(new Set(upserts.map(({ body }) => body.id)).size, 1, "all answered the same user");
  t.same(await queryOne(url, `SELECT count(*)::int AS users FROM "ExternalUser" WHERE "externalId" = 'contended'`), { users: 1 });

  for (const instance of instances) t.equal(await instance.stop(), 0);
});
