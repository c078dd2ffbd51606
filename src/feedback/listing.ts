import type { DriverQueries } from "../db/driver.ts";
import { pageJsonText, type JsonText } from "../db/json.ts";
import type { PageRequest } from "../threads/listing.ts";
import type { FeedbackFilters } from "./filters.ts";
import { feedbackListing } from "./sql.ts";
import { countedFeedback } from "./stats.ts";
import type { FeedbackPage } from "./views.ts";

/**
 * One page of the organization's feedback, newest first, and the number of all matching ones:
 * two statements, the count running beside the page (on PostgreSQL, on another connection of
 * the pool), the page's rows and their JSON built by PostgreSQL in one, answered as it wrote it.
 * The count comes from the daily counts when the filters are those they keep (the statistics'
 * total: at two million feedback, counting the rows took longer than the page), else from the rows.
 */
export async function listFeedback(db: DriverQueries, organizationId: number, filters: FeedbackFilters, page: PageRequest): Promise<JsonText<FeedbackPage>> {
  const listing = feedbackListing(organizationId, filters, page);
  const count = async () => {
    const counted = await countedFeedback(db, organizationId, filters);
    return counted === undefined ? (await db.rows(listing.count, listing.params))[0]! : { count: counted, countExact: true };
  };
  const [counted, [listed]] = await Promise.all([count(), db.rows(listing.page, listing.params)]);
  return pageJsonText(counted, listed!.rows);
}
