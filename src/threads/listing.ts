import type { DriverQueries } from "../db/driver.ts";
import { threadListing, type ThreadFilters } from "../db/statements.ts";
import type { ThreadView } from "./views.ts";

export type { ThreadFilters };

export interface PageRequest {
  pageSize: number;
  pageIndex: number;
}

export interface ThreadPage {
  count: number;
  rows: ThreadView[];
}

/**
 * One page of threads and the number of all matching ones, in two statements whatever the page
 * size, the count beside the page (on PostgreSQL, on another connection of the pool), since on a
 * large organization it costs as much as building the page's rows.
 */
export async function listThreads(db: DriverQueries, organizationId: number, filters: ThreadFilters, page: PageRequest): Promise<ThreadPage> {
  const { count, page: rows, values } = threadListing(organizationId, filters);
  const [counted, [found]] = await Promise.all([db.rows(count, values), db.rows(rows, [...values, page.pageSize, page.pageSize * page.pageIndex])]);
  return { count: counted[0]!.count, rows: found!.rows as ThreadView[] };
}
