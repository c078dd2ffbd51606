/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement the feedback listing and statistics send for each
 * benchmark case (the count and the page of a listing, the one statement of the statistics):
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_threads_1m npx tsx bench/feedback-reading/explain.ts [case words…]
 */
import pg from "pg";
import { openDatabase } from "../../src/db/database.ts";
import type { DriverQueries } from "../../src/db/driver.ts";
import { valuesOf } from "../../src/db/statement.ts";
import { feedbackListing } from "../../src/feedback/sql.ts";
import { feedbackStats } from "../../src/feedback/stats.ts";
import { readingCases, seededOrganization, type ReadingCase } from "./cases.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const wanted = process.argv.slice(2);

const database = await openDatabase({ databaseUrl });
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();

/** The statements a case sends, captured instead of run. */
async function statementsOf(organizationId: number, readingCase: ReadingCase): Promise<{ text: string; values: unknown[] }[]> {
  if (readingCase.kind === "list") {
    const { count, page, params } = feedbackListing(organizationId, readingCase.filters, readingCase.page);
    return [
      { text: count.text, values: valuesOf(count, params) },
      { text: page.text, values: valuesOf(page, params) },
    ];
  }
  const captured: { text: string; values: unknown[] }[] = [];
  const recorder: DriverQueries = {
    rows: async (statement, params) => {
      captured.push({ text: statement.text, values: valuesOf(statement, params) });
      return [{}] as never[];
    },
  };
  await feedbackStats(recorder, organizationId, readingCase.filters, readingCase.groupBy);
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
