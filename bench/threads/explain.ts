/**
 * EXPLAIN (ANALYZE, BUFFERS) of the listing's count and page queries for every benchmark case,
 * and of the query that builds a first page's rows:
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_threads_1m npx tsx bench/threads/explain.ts [case…]
 */
import pg from "pg";
import { Prisma } from "../../generated/prisma/client.ts";
import { openDatabase } from "../../src/db/database.ts";
import type { Db } from "../../src/db/types.ts";
import { threadCountQuery, threadPageIdsQuery } from "../../src/threads/listing.ts";
import { loadThreads } from "../../src/threads/views.ts";
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
    const count = threadCountQuery(organizationId, benchCase.filters);
    await explain(`${benchCase.name}: count`, count.text, count.values);
    const page = threadPageIdsQuery(organizationId, benchCase.filters, benchCase.page);
    await explain(`${benchCase.name}: page`, page.text, page.values);
  }
  if (wanted.length === 0 || wanted.includes("rows")) {
    const page = threadPageIdsQuery(organizationId, {}, { pageSize: 50, pageIndex: 0 });
    const ids = (await client.query<{ id: number }>(page.text, page.values)).rows.map((row) => row.id);
    // The query of loadThreads(), captured with Prisma's parameters.
    const captured: Prisma.Sql[] = [];
    const recorder = {
      $queryRaw: async (strings: TemplateStringsArray, ...values: unknown[]) => (captured.push(Prisma.sql(strings, ...values)), []),
    } as unknown as Db;
    await loadThreads(recorder, organizationId, ids);
    await explain("rows of the first page (loadThreads)", captured[0]!.text, captured[0]!.values);
  }
} finally {
  await client.end();
  await database.close();
}
