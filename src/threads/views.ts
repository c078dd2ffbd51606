import type { IsoTimestamp, Page } from "../db/json.ts";
import type { ExternalUserView } from "../users/json.ts";

export type MessageRole = "user" | "assistant" | "system" | "tool";

/** The Message object. */
export interface MessageView {
  id: number;
  externalId: string | null;
  role: MessageRole;
  type: "markdown" | "text" | "json";
  content: string;
  /** The answer cut content or left out jsonContent or metadata (src/threads/sql.ts, CONTENT_LIMIT). */
  contentTruncated: boolean;
  metadata: Record<string, unknown> | null;
  jsonContent: Record<string, unknown> | null;
  createdAt: IsoTimestamp;
}

/** The Thread object of the contract, with its project, user, segments, intents and latest messages. */
export interface ThreadView {
  id: number;
  organizationId: number;
  externalId: string | null;
  metadata: Record<string, unknown>;
  project: { id: number; name: string };
  externalUser: ExternalUserView;
  intents: { id: number; name: string }[];
  messages: MessageView[];
  messageCount: number;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

/** The ThreadPage object: one page of the listing and the number of all matching threads. */
export type ThreadPage = Page<ThreadView>;

/** The MessagePage object: one page of a thread's messages and the number of all of them (always exact). */
export type MessagePage = Page<MessageView>;
