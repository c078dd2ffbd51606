import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import t from "tap";
import { EXIT_CODES } from "../../src/exitCodes.ts";
import { freshDatabaseEnv, runAdmin as admin, runScript, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient } from "../helpers/serviceClient.ts";

const pgliteOnly = { skip: process.env.DATABASE_URL ? "the embedded database only (DATABASE_URL is set)" : false };

t.test("a running embedded service holds its data folder: a second process is refused, nothing is lost", pgliteOnly, async (t) => {
  const env = await freshDatabaseEnv(t);
  const lockFile = join(env.DATA_DIR!, "pglite.lock");
  const service = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => service.child.kill("SIGKILL"));
  const client = serviceClient(service.url, printedPrivateKey(service.output()));
  t.equal(readFileSync(lockFile, "utf8").trim(), String(service.child.pid), "the lock file holds the service's PID");

  const refused = await admin(env, "keys", "create", "--org", "1", "--kind", "private", "--json");
  t.equal(refused.code, EXIT_CODES.databaseInUse, refused.stderr);
  const lines = refused.stdout.trim().split("\n");
  t.equal(lines.length, 1, "exactly one JSON object on stdout");
  t.match(JSON.parse(lines[0]!), { error: new RegExp(`in use by process ${service.child.pid}`) });
  t.match(refused.stderr, /^admin: the embedded database in .* is in use by process \d+.*Stop that process first/);

  const secondService = await runScript(["src/server.ts"], { ...env, PORT: "0" });
  t.equal(secondService.code, EXIT_CODES.databaseInUse, "a second service on the folder is refused too");
  t.match(secondService.stderr, /in use by process/);
  t.notMatch(secondService.stdout + secondService.stderr, /private key:/);

  t.equal((await client.send("PUT", "/api/external/users", { externalId: "kept" })).status, 201, "the service is unharmed");
  t.equal(await service.stop(), 0);
  t.notOk(existsSync(lockFile), "a clean stop releases the folder");

  const created = await admin(env, "keys", "create", "--org", "1", "--kind", "private", "--json");
  t.equal(created.code, 0, created.stderr);
  const { key } = JSON.parse(created.stdout);
  t.notOk(existsSync(lockFile), "the CLI releases the folder when done");

  const restarted = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => restarted.child.kill("SIGKILL"));
  const kept = await serviceClient(restarted.url, key).send("PUT", "/api/external/users", { externalId: "kept" });
  t.equal(kept.status, 200, "the key the CLI made is there, and so is the user the service stored");
  t.equal(await restarted.stop(), 0);
});

t.test("a lock left by a killed process is taken over", pgliteOnly, async (t) => {
  const env = await freshDatabaseEnv(t);
  const lockFile = join(env.DATA_DIR!, "pglite.lock");
  const service = await startServer(env, SLOW_START_TIMEOUT_MS);
  service.child.kill("SIGKILL");
  await new Promise((resolve) => service.child.once("exit", resolve));
  t.equal(readFileSync(lockFile, "utf8").trim(), String(service.child.pid), "SIGKILL leaves the lock behind");

  const listed = await admin(env, "keys", "list", "--org", "1", "--json");
  t.equal(listed.code, 0, listed.stderr);
  t.equal(JSON.parse(listed.stdout).keys.length, 2);
  t.notOk(existsSync(lockFile));
});
