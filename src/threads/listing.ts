import type { DriverQueries } from "../db/driver.ts";
import type { JsonText } from "../db/json.ts";
import { threadListing, type ThreadFilters } from "./sql.ts";
import type { ThreadPage } from "./views.ts";

export type { ThreadFilters };

export interface PageRequest {
  pageSize: number;
  pageIndex: number;
}

/** One page of threads and the number of all matching ones, in one statement whatever the page size, as PostgreSQL wrote it. */
export async function listThreads(db: DriverQueries, organizationId: number, filters: ThreadFilters, page: PageRequest): Promise<JsonText<ThreadPage>> {
  const { statement, params } = threadListing(organizationId, filters, page);
  const [listed] = await db.rows(statement, params);
  return listed!.page;
}
