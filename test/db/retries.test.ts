import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import t from "tap";

const run = promisify(execFile);

// How long nested retries wait, on the wall clock: test/perf/retryDeadlines.test.ts.

t.test("the deadline's bookkeeping costs nothing once no attempt runs again", async (t) => {
  // In a process of its own: tap itself hooks promises.
  const probe = fileURLToPath(new URL("../fixtures/promiseHooksProbe.ts", import.meta.url));
  const { stdout } = await run(process.execPath, ["--import", "tsx", probe]);
  t.same(JSON.parse(stdout), { before: false, during: true, after: false }, "promise hooks only while an attempt runs again");
});
