import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import t from "tap";
import { retryingTransaction, ridingOutOutages } from "../../src/db/retries.ts";

const run = promisify(execFile);

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

t.test("a retry nested in an attempt that runs again waits only for what is left of the outer deadline", async (t) => {
  const waitMs = 600;
  const started = Date.now();
  let outerAttempts = 0;
  const error = await ridingOutOutages(waitMs, async () => {
    outerAttempts++;
    if (outerAttempts === 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      throw refused();
    }
    return ridingOutOutages(waitMs, async () => {
      throw refused();
    });
  }).catch((caught: Error) => caught);
  const tookMs = Date.now() - started;
  t.match(error, { code: "ECONNREFUSED" }, "the outage outlasts the wait: its error");
  t.ok(tookMs < waitMs + 150, `one wait in all (${tookMs} ms for ${waitMs} ms), not the nested retry's own ${waitMs} ms more`);
});

t.test("a transaction's second run carries its deadline to the retries inside it", async (t) => {
  const waitMs = 600;
  const started = Date.now();
  let runs = 0;
  const error = await retryingTransaction(async () => {
    runs++;
    if (runs === 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      throw refused();
    }
    return ridingOutOutages(waitMs, async () => {
      throw refused();
    });
  }, waitMs).catch((caught: Error) => caught);
  t.match(error, { code: "ECONNREFUSED" });
  t.ok(Date.now() - started < waitMs + 150, `${Date.now() - started} ms for ${waitMs} ms`);
});

t.test("the deadline's bookkeeping costs nothing once no attempt runs again", async (t) => {
  // In a process of its own: tap itself hooks promises.
  const probe = fileURLToPath(new URL("../fixtures/promiseHooksProbe.ts", import.meta.url));
  const { stdout } = await run(process.execPath, ["--import", "tsx", probe]);
  t.same(JSON.parse(stdout), { before: false, during: true, after: false }, "promise hooks only while an attempt runs again");
});
