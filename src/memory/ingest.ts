import type { Database } from "../db/database.ts";
import { ingestThread, type ThreadInput } from "../threads/ingest.ts";
import type { SummaryKeeper } from "./summaryKeeper.ts";

/**
 * Create Thread with the thread's memory summary kept current: the built-in summary inside the
 * ingest transaction, the refined one after it commits.
 */
export async function ingestThreadWithSummary(database: Pick<Database, "driver">, summaries: SummaryKeeper, organizationId: number, input: ThreadInput) {
  let summarized = false;
  const result = await ingestThread(database, organizationId, input, async (tx, threadOrganizationId, threadId, state) => {
    summarized = await summaries.summarizeNow(tx, threadOrganizationId, threadId, state);
  });
  if (summarized) summaries.refineLater(organizationId, result.thread.id);
  return result;
}
