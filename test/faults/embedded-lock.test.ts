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

/** The state letter of /proc/<pid>/stat (Z: a zombie), or undefined once the process is gone. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return undefined;
  }
}

const RESTARTS = 20;

t.test(`kill -9, then start at once, ${RESTARTS} times: a dead holder not yet reaped (a zombie) holds nothing`, pgliteOnly, async (t) => {
  const env = await freshDatabaseEnv(t);
  const lockFile = join(env.DATA_DIR!, "pglite.lock");
  // The service under a parent that never reaps it (as a lazy container init): `sleep` becomes its parent.
  const underLazyParent = ["sh", "-c", `${process.execPath} --import tsx src/server.ts & exec sleep 3600`];
  const started: number[] = [];
  for (let round = 0; round <= RESTARTS; round++) {
    const service = await startServer(env, SLOW_START_TIMEOUT_MS, underLazyParent).catch((error: Error) => error);
    if (service instanceof Error) {
      t.fail(`round ${round}: the service did not start: ${service.message.slice(0, 600)}`);
      return;
    }
    t.teardown(() => service.child.kill("SIGKILL"));
    const pid = Number(readFileSync(lockFile, "utf8").trim());
    started.push(pid);
    process.kill(pid, "SIGKILL");
    while (processState(pid) !== "Z") await new Promise((resolve) => setTimeout(resolve, 10));
  }
  t.equal(new Set(started).size, RESTARTS + 1, `${RESTARTS} starts right after a kill -9 of the holder, each while it was a zombie`);
});
