/**
 * EXPLAIN (ANALYZE, BUFFERS) of the listing's statement (count and page) for every benchmark case:
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_threads_1m npx tsx bench/threads/explain.ts [case…]
 */
import pg from "pg";
import { openDatabase } from "../../src/db/database.ts";
import { valuesOf } from "../../src/db/statement.ts";
import { threadListing } from "../../src/threads/sql.ts";
import { benchCases, seededOrganization } from "./cases.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const wanted = process.argv.slice(2);

const database = await openDatabase({ databaseUrl });
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();

async function explain(title: string, text: string, values: unknown[]): Promise<void> {
  await client.query(text, values); // warm the cache: the benchmark measures a warm database
  const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  console.log(`\n### ${title}\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
}

try {
  const organizationId = await seededOrganization(database.prisma);
  for (const benchCase of await benchCases(database.prisma, organizationId)) {
    if (wanted.length > 0 && !wanted.some((word) => benchCase.name.includes(word))) continue;
    const { statement, params } = threadListing(organizationId, benchCase.filters, benchCase.page);
    await explain(benchCase.name, statement.text, valuesOf(statement, params));
  }
} finally {
  await client.end();
  await database.close();
}
