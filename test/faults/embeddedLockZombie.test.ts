import { readFileSync } from "node:fs";
import { join } from "node:path";
import t from "tap";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { eventually } from "../helpers/wait.ts";

// A file of its own: each start of the embedded service takes seconds, tens of them on a busy machine.
const pgliteOnly = { skip: process.env.DATABASE_URL ? "the embedded database only (DATABASE_URL is set)" : false };

/** The state letter of /proc/<pid>/stat (Z: a zombie), or undefined once the process is gone. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return undefined;
  }
}

// Every round waits until the killed holder is a zombie before the next start, so each one meets the
// case under test; a few rounds also start over a lock its predecessor took over from a zombie.
const RESTARTS = 3;

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
    await eventually(() => processState(pid) === "Z", { what: "the killed holder a zombie", intervalMs: 10 });
  }
  t.equal(new Set(started).size, RESTARTS + 1, `${RESTARTS} starts right after a kill -9 of the holder, each while it was a zombie`);
});
