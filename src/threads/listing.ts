import type { DriverQueries } from "../db/driver.ts";
import { threadListing, type ThreadFilters } from "./sql.ts";
import type { ThreadView } from "./views.ts";

export type { ThreadFilters };

export interface PageRequest {
  pageSize: number;
  pageIndex: number;
}

export interface ThreadPage {
  count: number;
  countExact: boolean;
  rows: ThreadView[];
}

/** One page of threads and the number of all matching ones, in one statement whatever the page size. */
export async function listThreads(db: DriverQueries, organizationId: number, filters: ThreadFilters, page: PageRequest): Promise<ThreadPage> {
  const { statement, params } = threadListing(organizationId, filters, page);
  const [listed] = await db.rows(statement, params);
  return listed!;
}
