/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement the feedback listing and statistics send for each
 * benchmark case (the count and the page of a listing, the one statement of the statistics):
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_threads_1m npx tsx bench/feedback-reading/explain.ts [case words…]
 */
import pg from "pg";
import { Prisma } from "../../generated/prisma/client.ts";
import { openDatabase } from "../../src/db/database.ts";
import type { DriverQueries, Statement } from "../../src/db/driver.ts";
import type { Db } from "../../src/db/types.ts";
import { listFeedback } from "../../src/feedback/listing.ts";
import { feedbackStats } from "../../src/feedback/stats.ts";
import { readingCases, seededOrganization, type ReadingCase } from "./cases.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const wanted = process.argv.slice(2);

const database = await openDatabase({ databaseUrl });
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();

/** The statements a case sends, captured with Prisma's parameters instead of run. */
async function statementsOf(organizationId: number, readingCase: ReadingCase): Promise<{ text: string; values: unknown[] }[]> {
  const captured: { text: string; values: unknown[] }[] = [];
  const recorder = {
    $queryRaw: async (strings: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
      captured.push(Array.isArray(strings) ? Prisma.sql(strings as TemplateStringsArray, ...values) : (strings as Prisma.Sql));
      return [{ count: 0 }];
    },
    rows: async (statement: Statement<unknown>, values: unknown[]) => {
      captured.push({ text: statement.text, values });
      return [{}];
    },
  } as unknown as Db & DriverQueries;
  if (readingCase.kind === "list") await listFeedback(recorder, organizationId, readingCase.filters, readingCase.page);
  else await feedbackStats(recorder, organizationId, readingCase.filters, readingCase.groupBy);
  return captured;
}

try {
  const organizationId = await seededOrganization(database.prisma);
  for (const readingCase of await readingCases(database.prisma, organizationId)) {
    if (wanted.length > 0 && !wanted.some((word) => readingCase.name.includes(word))) continue;
    for (const [index, statement] of (await statementsOf(organizationId, readingCase)).entries()) {
      await client.query(statement.text, statement.values); // warm the cache: the benchmark measures a warm database
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
      console.log(`\n### ${readingCase.name}: statement ${index + 1}\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
    }
  }
} finally {
  await client.end();
  await database.close();
}
