/**
 * Latency of the user memory operations on a seeded database (npm run seed: 100k threads, 1M
 * messages, 1,000 users): facts (with history), context (with and without q) and search for a word
 * in a few percent of the user's messages and for a word in none, for a sample of users (or those
 * with the most messages), after giving each of them facts through Create Thread (the built-in extractor).
 *
 *   DATABASE_URL=postgresql://…/seeded npx tsx bench/facts/operations.ts [--users 20] [--rounds 5] [--heaviest]
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../../src/db/database.ts";
import { createBuiltinFactExtractor } from "../../src/memory/facts/extractor.ts";
import { listFacts, memoryContext, searchMessages } from "../../src/memory/facts/facts.ts";
import { ingestThreadWithSummary } from "../../src/memory/ingest.ts";
import { SummaryKeeper } from "../../src/memory/summaryKeeper.ts";

const { values } = parseArgs({
  options: { users: { type: "string", default: "20" }, rounds: { type: "string", default: "5" }, heaviest: { type: "boolean", default: false } },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL must name the seeded PostgreSQL database");

const database = await openDatabase({ databaseUrl });
const { driver, prisma } = database;
const [busiest] = await prisma.$queryRaw<{ organizationId: number }[]>`
  SELECT "organizationId" FROM "Thread" GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
const organizationId = busiest!.organizationId;
const users = await prisma.$queryRaw<{ externalId: string; messages: number }[]>`
  SELECT u."externalId", count(*)::int AS "messages" FROM "ExternalUser" u
  JOIN "Thread" t ON t."externalUserId" = u."id" JOIN "Message" m ON m."threadId" = t."id"
  WHERE u."organizationId" = ${organizationId} GROUP BY u."externalId"
  ORDER BY CASE WHEN ${values.heaviest} THEN -count(*) ELSE 0 END, md5(u."externalId") LIMIT ${Number(values.users)}`;

// Facts for each user: three threads over months, stating and changing them.
const keeper = new SummaryKeeper({ driver, log: { warn: () => {}, debug: () => {} } });
const extractor = createBuiltinFactExtractor();
const statements = [
  ["I live in Paris.", "I'm vegetarian.", "My budget is $80.", "I work night shifts at a hospital."],
  ["We moved to Lyon last month.", "We just got a puppy!", "My budget is now $120."],
  ["I switched to day shifts last week.", "I'm allergic to peanuts.", "My budget is now $150."],
];
for (const { externalId } of users) {
  for (const [month, said] of statements.entries()) {
    const messages = said.map((content, index) => ({ role: "user", content, createdAt: new Date(Date.UTC(2026, month * 3, 1, 0, index)).toISOString() }));
    await ingestThreadWithSummary(database, keeper, organizationId, { externalUser: { externalId }, messages }, { extractor });
  }
}

async function measure(name: string, run: (userExternalId: string) => Promise<unknown>) {
  const times: number[] = [];
  for (const { externalId } of users) await run(externalId); // warm-up: plans and caches
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const { externalId } of users) {
      const start = performance.now();
      await run(externalId);
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!.toFixed(2);
  console.log(`${name.padEnd(40)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  (${times.length} calls)`);
}

const [share] = await prisma.$queryRaw<{ firefox: number; none: number; total: number }[]>`
  SELECT count(*) FILTER (WHERE m."content" ILIKE '%firefox%')::int AS "firefox", count(*) FILTER (WHERE m."content" ILIKE '%zephyrine%')::int AS "none", count(*)::int AS "total"
  FROM "Message" m JOIN "Thread" t ON t."id" = m."threadId" JOIN "ExternalUser" u ON u."id" = t."externalUserId"
  WHERE u."organizationId" = ${organizationId} AND u."externalId" = ${users[0]!.externalId} AND m."role" = 'user'`;
const sizes = users.map((user) => user.messages).sort((a, b) => a - b);
console.log(`organization ${organizationId}; ${users.length} users, ${sizes[0]}-${sizes.at(-1)} messages each (median ${sizes[sizes.length >> 1]});`,
  `the first user's user messages: ${share!.total}, with "firefox" ${share!.firefox}, with "zephyrine" ${share!.none}`);
await measure("facts (include=history, limit 50)", (user) => listFacts(driver, organizationId, user, { history: true, limit: 50 }));
await measure("context (maxChars 2000)", (user) => memoryContext(driver, organizationId, user, { maxChars: 2000 }));
await measure("context (maxChars 2000, q)", (user) => memoryContext(driver, organizationId, user, { maxChars: 2000, q: "where do I live and what do I eat" }));
await measure("search 'firefox' (a few % of messages)", (user) => searchMessages(driver, organizationId, user, { q: "firefox", limit: 10 }));
await measure("search 'zephyrine' (in none)", (user) => searchMessages(driver, organizationId, user, { q: "zephyrine", limit: 10 }));
await keeper.close();
await database.close();
