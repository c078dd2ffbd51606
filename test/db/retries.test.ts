import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import t from "tap";
import { retryingTransaction, ridingOutOutages } from "../../src/db/retries.ts";

const run = promisify(execFile);

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

const WAIT_MS = 600;

/** An attempt that fails after 400 ms, then, run again, rides out an outage that outlasts every wait. */
function failingThenRidingOut(): () => Promise<never> {
  let runs = 0;
  return async () => {
    if (++runs === 1) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      throw refused();
    }
    return ridingOutOutages(WAIT_MS, async () => {
      throw refused();
    });
  };
}

const nestings: [string, () => Promise<unknown>][] = [
  ["a retry nested in a statement's second attempt", () => ridingOutOutages(WAIT_MS, failingThenRidingOut())],
  ["a retry nested in a transaction's second run", () => retryingTransaction(failingThenRidingOut(), WAIT_MS)],
];

for (const [name, attempt] of nestings) {
  t.test(`${name} waits only for what is left of the outer deadline`, async (t) => {
    const started = Date.now();
    const error = await attempt().catch((caught: Error) => caught);
    const tookMs = Date.now() - started;
    t.match(error, { code: "ECONNREFUSED" }, "the outage outlasts the wait: its error");
    // Waiting the nested retry's own deadline too would take 400 + WAIT_MS.
    t.ok(tookMs < WAIT_MS + 200, `one wait in all (${tookMs} ms for ${WAIT_MS} ms), not the nested retry's own ${WAIT_MS} ms more`);
  });
}

t.test("the deadline's bookkeeping costs nothing once no attempt runs again", async (t) => {
  // In a process of its own: tap itself hooks promises.
  const probe = fileURLToPath(new URL("../fixtures/promiseHooksProbe.ts", import.meta.url));
  const { stdout } = await run(process.execPath, ["--import", "tsx", probe]);
  t.same(JSON.parse(stdout), { before: false, during: true, after: false }, "promise hooks only while an attempt runs again");
});
