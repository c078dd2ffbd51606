import t, { type Test } from "tap";
import { describeFailover, measureFailover, type FailoverFigures } from "../helpers/failover.ts";
import { startHaStack } from "../helpers/haStack.ts";
import { SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey } from "../helpers/serviceClient.ts";

const WRITING_AGAIN_WITHIN_MS = 15_000;
const SERVING_AFTER_PROMOTION_WITHIN_MS = 1_000;

// The HA stack (scripts/ha/stack.sh: etcd, three Patroni nodes, HAProxy) does not use DATABASE_URL,
// but it runs once, with the PostgreSQL run of the fault tests, not again with PGlite.
const stack = process.env.DATABASE_URL ? await startHaStack() : undefined;
const skip = !stack ? "runs with DATABASE_URL set (the PostgreSQL run of test:faults)" : "unavailable" in stack ? stack.unavailable : false;

/** The service's log lines of requests answered 503 because the database was unavailable. */
function unavailableLog(output: string): string[] {
  return output.split("\n").filter((line) => line.includes('"database unavailable"')).slice(-5);
}

/** The service's log lines of requests that failed with something else than "database unavailable". */
function failedRequestLog(output: string): string[] {
  return output.split("\n").filter((line) => line.includes('"level":50')).slice(0, 5);
}

function nothingLostNo500(t: Test, figures: FailoverFigures, output: string) {
  t.same(figures.missing, [], `all ${figures.acknowledged} acknowledged writes are on the new primary`);
  t.same(figures.notExactlyOnce, [], "each exactly once, with all its messages");
  t.equal(figures.serverErrors, 0, "no 500 and no request left without an answer: every failure is a 503", { errors: failedRequestLog(output) });
  t.equal(figures.withoutRetryAfter, 0, "every 503 carries Retry-After");
  t.comment(describeFailover(figures));
}

t.test("HA stack: SIGKILL of the primary, then a planned switchover, under load", { skip }, async (t) => {
  if (!stack || "unavailable" in stack) return;
  t.teardown(() => stack.down());
  const service = await startServer({ DATABASE_URL: stack.databaseUrl, RATE_LIMIT_PUBLIC_PER_MINUTE: "0", RATE_LIMIT_FAILED_AUTH_PER_MINUTE: "0" }, SLOW_START_TIMEOUT_MS);
  t.teardown(() => service.child.kill("SIGKILL"));
  const client = { url: service.url, key: printedPrivateKey(service.output()) };

  const killed = await measureFailover(stack, client, "kill", "unplanned");
  nothingLostNo500(t, killed, service.output());
  t.ok(killed.firstWriteMs !== null && killed.firstWriteMs <= WRITING_AGAIN_WITHIN_MS, `writing again ${killed.firstWriteMs} ms after the kill`);
  t.ok(killed.firstWriteMs! - killed.promotedMs <= SERVING_AFTER_PROMOTION_WITHIN_MS, `writing ${killed.firstWriteMs! - killed.promotedMs} ms after the new primary accepted writes`);

  await stack.restart(killed.from);
  await stack.waitHealthy();
  const planned = await measureFailover(stack, client, "switchover", "planned");
  nothingLostNo500(t, planned, service.output());
  // The service rides out the switch (src/db/retries.ts): connecting again, running again what
  // committed nothing, and looking up a COMMIT whose answer was lost.
  t.equal(planned.failed, 0, `a planned switchover fails none of the ${planned.requests} requests`, { unavailable: unavailableLog(service.output()) });

  t.equal(await service.stop(), 0, "the service never crashed and shuts down cleanly");
});
