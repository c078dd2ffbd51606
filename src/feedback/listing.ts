import type { DriverQueries } from "../db/driver.ts";
import type { PageRequest } from "../threads/listing.ts";
import type { FeedbackFilters } from "./filters.ts";
import { feedbackListing } from "./sql.ts";
import type { FeedbackView } from "./views.ts";

export interface FeedbackPage {
  count: number;
  countExact: boolean;
  rows: FeedbackView[];
}

/**
 * One page of the organization's feedback, newest first, and the number of all matching ones:
 * two statements, the count running beside the page (on PostgreSQL, on another connection of
 * the pool), the page's rows and their JSON built by PostgreSQL in one.
 */
export async function listFeedback(db: DriverQueries, organizationId: number, filters: FeedbackFilters, page: PageRequest): Promise<FeedbackPage> {
  const listing = feedbackListing(organizationId, filters, page);
  const [[counted], rows] = await Promise.all([db.rows(listing.count, listing.params), db.rows(listing.page, listing.params)]);
  return { ...counted!, rows: rows.map((row) => row.feedback) };
}
