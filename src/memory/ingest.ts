import type { Database } from "../db/database.ts";
import { ingestThread, type ThreadInput } from "../threads/ingest.ts";
import type { FactExtractor } from "./facts/extractor.ts";
import { keepFacts, type AddedRange } from "./facts/keeper.ts";
import type { FactRefiner } from "./facts/refiner.ts";
import type { SummaryKeeper } from "./summaryKeeper.ts";

/** How the user's facts are kept: by `extractor` in the ingest transaction, then by `refiner` (if any) after commit. */
export interface FactKeeping {
  extractor: FactExtractor;
  refiner?: FactRefiner;
}

/**
 * Create Thread with the thread's memory summary and the user's facts kept current: the built-in
 * summary and facts inside the ingest transaction, the refined summary and facts after it commits.
 */
export async function ingestThreadWithSummary(
  database: Pick<Database, "driver">,
  summaries: SummaryKeeper,
  organizationId: number,
  input: ThreadInput,
  facts?: FactKeeping,
) {
  let summarized = false;
  let factRange: AddedRange | null = null;
  const result = await ingestThread(database, organizationId, input, async (tx, threadOrganizationId, threadId, state) => {
    summarized = await summaries.summarizeNow(tx, threadOrganizationId, threadId, state);
    if (facts) factRange = await keepFacts(tx, facts.extractor, threadOrganizationId, threadId, state);
  });
  if (summarized) summaries.refineLater(organizationId, result.thread.id);
  if (factRange) facts?.refiner?.refineLater(organizationId, result.thread.id, factRange);
  return result;
}
