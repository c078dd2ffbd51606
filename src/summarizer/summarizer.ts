/** A summary is at most this many characters (UTF-16 code units, so never more code points). */
export const MAX_SUMMARY_LENGTH = 1000;

export interface ConversationMessage {
  role: "user" | "assistant";
  content: string;
}

/** The part of a thread a summarizer reads: its user and assistant messages, in arrival order. */
export interface Conversation {
  messages: ConversationMessage[];
  /** True when messages between the opening ones and the latest ones were left out. */
  truncated: boolean;
}

/**
 * How much of a thread a summarizer wants: the first `opening` and the last `recent` user and
 * assistant messages, each cut to `maxMessageChars`. Bounded, so that a thread of thousands of
 * messages costs what a short one does.
 */
export interface ConversationWindow {
  opening: number;
  recent: number;
  maxMessageChars: number;
}

export interface Summarizer {
  readonly name: string;
  readonly window: ConversationWindow;
  /** The summary, at most MAX_SUMMARY_LENGTH characters; "" when there is nothing to summarize. */
  summarize(conversation: Conversation, signal?: AbortSignal): Promise<string>;
}
