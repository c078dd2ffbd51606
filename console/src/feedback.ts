import { unwrap, type components } from "./api.ts";
import type { ServiceClient } from "../../client/src/index.ts";
import { allPages } from "./pages.ts";

export type Feedback = components["schemas"]["Feedback"];

const PAGE_SIZE = 200;
/** Enough for any thread people read in a browser; beyond it the view says that it shows only part. */
const MAX_PAGES = 10;

/** All feedback on the given threads (up to MAX_PAGES pages), and whether that was all of it. */
export async function feedbackOnThreads(service: ServiceClient, threadIds: number[]): Promise<{ rows: Feedback[]; complete: boolean }> {
  if (threadIds.length === 0) return { rows: [], complete: true };
  return allPages((pageIndex) => unwrap(service.GET("/api/external/feedback", { params: { query: { threadIds, pageSize: PAGE_SIZE, pageIndex } } })), MAX_PAGES);
}

export const isPositive = (feedback: Feedback) => feedback.feedbackType === "POSITIVE";
