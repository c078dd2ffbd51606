import type { DriverQueries } from "../db/driver.ts";
import { pageJsonText, type JsonText } from "../db/json.ts";
import type { PageRequest } from "../threads/listing.ts";
import type { FeedbackFilters } from "./filters.ts";
import { feedbackListing } from "./sql.ts";
import type { FeedbackPage } from "./views.ts";

/**
 * One page of the organization's feedback, newest first, and the number of all matching ones:
 * two statements, the count running beside the page (on PostgreSQL, on another connection of
 * the pool), the page's rows and their JSON built by PostgreSQL in one, answered as it wrote it.
 */
export async function listFeedback(db: DriverQueries, organizationId: number, filters: FeedbackFilters, page: PageRequest): Promise<JsonText<FeedbackPage>> {
  const listing = feedbackListing(organizationId, filters, page);
  const [[counted], [listed]] = await Promise.all([db.rows(listing.count, listing.params), db.rows(listing.page, listing.params)]);
  return pageJsonText(counted!, listed!.rows);
}
