import { unwrap, type components } from "./api.ts";
import type { ServiceClient } from "../../client/src/index.ts";
import { allPages } from "./pages.ts";

export type Message = components["schemas"]["Message"];

/** The operation's largest page: the fewest requests against the key's rate limit. */
const PAGE_SIZE = 1000;
/** 10,000 messages; beyond them the view says that it shows only part of the thread. */
const MAX_PAGES = 10;

/** A thread's messages in arrival order (a Thread object carries only its latest 100). */
export const threadMessages = (service: ServiceClient, threadId: number) =>
  allPages(
    (pageIndex) => unwrap(service.GET("/api/external/threads/{threadId}/messages", { params: { path: { threadId }, query: { pageSize: PAGE_SIZE, pageIndex } } })),
    MAX_PAGES,
  );
