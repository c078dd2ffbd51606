// Failovers in a row on the local HA stack (scripts/ha/stack.sh), under the load of the failover
// test: `npm run bench:failover -- [kills] [switchovers]` (default 5 and 3). After each SIGKILL the
// killed node is started again and rejoins as a replica before the next round.
import { describeFailover, measureFailover, type FailoverFigures } from "../../test/helpers/failover.ts";
import { startHaStack } from "../../test/helpers/haStack.ts";
import { startServer } from "../../test/helpers/processes.ts";
import { printedPrivateKey } from "../../test/helpers/serviceClient.ts";

const kills = Number(process.argv[2] ?? 5);
const switchovers = Number(process.argv[3] ?? 3);

const stack = await startHaStack();
if ("unavailable" in stack) {
  console.error(stack.unavailable);
  process.exit(1);
}
const figures: FailoverFigures[] = [];
try {
  const service = await startServer({ DATABASE_URL: stack.databaseUrl, RATE_LIMIT_PER_MINUTE: "0" }, 120_000);
  try {
    const client = { url: service.url, key: printedPrivateKey(service.output()) };
    for (let round = 1; round <= kills + switchovers; round++) {
      const how = round <= kills ? "kill" : "switchover";
      const result = await measureFailover(stack, client, how, `round${round}`);
      figures.push(result);
      console.log(`${round}. ${describeFailover(result)}`);
      if (how === "kill") await stack.restart(result.from);
      await stack.waitHealthy();
    }
  } finally {
    await service.stop();
  }
} finally {
  await stack.down();
}

console.log("\n| # | how | new primary writable (ms) | first write (ms) | failed / requests | errors for (ms) | not 503 | lost | not exactly once |");
console.log("|---|---|---|---|---|---|---|---|---|");
figures.forEach((f, i) =>
  console.log(`| ${i + 1} | ${f.how} | ${f.promotedMs} | ${f.how === "kill" ? f.firstWriteMs : "-"} | ${f.failed} / ${f.requests} | ${f.errorWindowMs} | ${f.serverErrors} | ${f.missing.length} of ${f.acknowledged} | ${f.notExactlyOnce.length} |`),
);
