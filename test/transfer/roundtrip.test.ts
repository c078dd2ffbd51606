import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import t from "tap";
import { createServiceClient, type ServiceClient } from "../../client/src/index.ts";
import { buildApp } from "../../src/app.ts";
import { openDatabase, type Database } from "../../src/db/database.ts";
import { printedPrivateKey } from "../helpers/serviceClient.ts";
import { freshDatabaseEnv, runScript } from "../helpers/processes.ts";
import { exportContent, populateOrganization } from "../helpers/transfer.ts";
import { inProcess, SERVICE_ORIGIN } from "../helpers/transport.ts";

// The admin CLI end to end: a database filled by the seed script and through the API is exported
// to a file, the file is imported into an empty database, and the service shows the same data there.

const admin = (env: NodeJS.ProcessEnv, ...args: string[]) => runScript(["scripts/admin.ts", ...args], env);

/** The database of a service process's settings, opened in this process (the CLI must not hold a PGlite folder meanwhile). */
const openDatabaseOf = (env: NodeJS.ProcessEnv): Promise<Database> =>
  openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });

/** Runs `use` against the service on that database, reached through the typed client. */
async function withService<T>(env: NodeJS.ProcessEnv, key: string, use: (api: ServiceClient, database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabaseOf(env);
  const app = await buildApp({ database });
  try {
    return await use(createServiceClient({ baseUrl: SERVICE_ORIGIN, apiKey: key, fetch: inProcess(app).fetch }), database);
  } finally {
    await app.close();
    await database.close();
  }
}

/** Internal ids differ between databases; everything else must not. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !["id", "organizationId", "userSegmentTypeId", "attributeId", "projectId", "threadId"].includes(key))
      .map(([key, inner]) => [key, withoutIds(inner)]),
  );
}

/** What the service shows of an organization: every page of the listing, each user's memory, the projects and attributes. */
async function everythingShown(api: ServiceClient) {
  const rows = [];
  for (let pageIndex = 0; ; pageIndex += 1) {
    const { data, response } = await api.GET("/api/external/threads", { params: { query: { pageSize: 200, pageIndex } } });
    if (response.status !== 200 || !data) throw new Error(`listing answered ${response.status}`);
    rows.push(...data.rows);
    if (rows.length >= data.count) break;
  }
  const memory = [];
  for (const userExternalId of [...new Set(rows.map((row) => row.externalUser.externalId))].sort()) {
    const { data, error } = await api.GET("/api/external/memory", { params: { query: { userExternalId } } });
    memory.push(data ?? error);
  }
  const projects = (await api.GET("/api/external/projects")).data;
  const attributes = (await api.GET("/api/external/attributes")).data;
  return withoutIds({ rows, memory, projects, attributes });
}

t.test("export, then import into an empty database: the same listing, memory, projects and attributes", async (t) => {
  const source = await freshDatabaseEnv(t);
  const seeded = await runScript(
    ["scripts/seed.ts", "--threads", "150", "--messages-per-thread", "4", "--users", "30", "--projects", "2", "--days", "30"],
    source,
  );
  t.equal(seeded.code, 0, seeded.stderr);
  const organizationId = Number(/organization (\d+) created/.exec(seeded.stdout)![1]);
  const seededMessages = [...seeded.stderr.matchAll(/\((\d+) messages\)/g)].at(-1)![1];
  const messages = Number(seededMessages) + 4;
  const shownBefore = await withService(source, printedPrivateKey(seeded.stdout), async (api, database) => {
    await populateOrganization(api, database.prisma, organizationId);
    return everythingShown(api);
  });
  t.equal((shownBefore as { rows: unknown[] }).rows.length, 153);

  const folder = await mkdtemp(join(tmpdir(), "export-"));
  t.teardown(() => rm(folder, { recursive: true, force: true }));
  const exported = await admin(source, "export", "--org", String(organizationId));
  t.equal(exported.code, 0, exported.stderr);
  t.match(exported.stderr, `exported 3 projects, 33 users, 153 threads, ${messages} messages, 2 feedback`);
  t.match(exported.stderr, /export messages \[#+\] 100%/, "a progress bar on stderr");
  const file = join(folder, "organization.jsonl");
  await writeFile(file, exported.stdout);

  const target = await freshDatabaseEnv(t);
  const imported = await admin(target, "import", file, "--json");
  t.equal(imported.code, 0, imported.stderr);
  t.equal(imported.stdout.trim().split("\n").length, 1, "with --json, one object on stdout");
  const result = JSON.parse(imported.stdout);
  t.match(result, { organizationId: Number, privateKey: /^sk_/, publicKey: /^pk_/, counts: { thread: 153, message: messages, feedback: 2, user: 33 } });
  t.match(imported.stderr, /import read \[#+\] 100%/, "a progress bar on stderr");

  const shownAfter = await withService(target, result.privateKey, async (api) => everythingShown(api));
  t.same(shownAfter, shownBefore, "the service shows the same data");

  const again = await admin(target, "export", "--org", String(result.organizationId));
  t.equal(again.code, 0, again.stderr);
  const lines = (text: string) => text.trimEnd().split("\n");
  t.same(exportContent(lines(again.stdout)), exportContent(lines(await readFile(file, "utf8"))), "and exports the same records");
});

t.test("CLI mistakes: exit 2 with a message, nothing on stdout", async (t) => {
  const env = await freshDatabaseEnv(t);
  const init = JSON.parse((await admin(env, "init", "--org", "Acme", "--project", "support", "--json")).stdout);
  const org = String(init.organizationId);
  const cases: [string[], RegExp][] = [
    [["export"], /--org is required/],
    [["export", "--org", "999"], /organization 999 does not exist/],
    [["export", "--org", org, "--project", "999"], /Project not found/],
    [["export", "--org", org, "--since", "yesterday"], /--since takes an ISO 8601 date-time/],
    [["import"], /import takes the export file's path/],
  ];
  for (const [args, message] of cases) {
    const run = await admin(env, ...args);
    t.equal(run.code, 2, args.join(" "));
    t.match(run.stderr, message);
    t.equal(run.stdout, "");
  }
  const folder = await mkdtemp(join(tmpdir(), "import-refused-"));
  t.teardown(() => rm(folder, { recursive: true, force: true }));
  const notExport = join(folder, "not-export.jsonl");
  await writeFile(notExport, "{not json\n");
  for (const [args, message] of [
    [["import", notExport], /admin: import refused: line 1: not a JSON object\n$/],
    [["import", notExport, "--name", "x".repeat(256)], /admin: import refused: the organization's name must be 1 to 255 characters\n$/],
  ] as const) {
    const refused = await admin(env, ...args);
    t.equal(refused.code, 2, "a file the import refuses is the user's mistake");
    t.match(refused.stderr, message);
    t.notMatch(refused.stderr, /unexpected error/);
  }

  const missingFile = await admin(env, "import", "/nonexistent/export.jsonl");
  t.equal(missingFile.code, 2, "a missing file is the user's mistake too");
  t.equal(missingFile.stderr, "admin: no file /nonexistent/export.jsonl\n");
});
