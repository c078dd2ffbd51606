import t from "tap";
import { retryingTransaction, ridingOutOutages } from "../../src/db/retries.ts";
import { sleep } from "../helpers/wait.ts";

// A retry nested in another's second attempt shares the outer deadline: measured on the wall clock,
// with the nested retry's own wait far enough from the outer one that a loaded machine tells them apart.

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

const WAIT_MS = 2_000;
const FIRST_FAILURE_MS = 1_000;

/** An attempt that fails after FIRST_FAILURE_MS, then, run again, rides out an outage that outlasts every wait. */
function failingThenRidingOut(): () => Promise<never> {
  let runs = 0;
  return async () => {
    if (++runs === 1) {
      await sleep(FIRST_FAILURE_MS);
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
    // Waiting the nested retry's own deadline too would take FIRST_FAILURE_MS + WAIT_MS.
    t.ok(tookMs < WAIT_MS + FIRST_FAILURE_MS / 2, `one wait in all (${tookMs} ms for ${WAIT_MS} ms), not the nested retry's own ${WAIT_MS} ms more`);
  });
}
