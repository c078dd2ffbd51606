import type { FactExtractor } from "../../src/memory/facts/extractor.ts";
import { parseJsonText } from "../../src/db/json.ts";
import { createThread } from "../../src/threads/ingest.ts";
import { SummaryKeeper } from "../../src/memory/summaryKeeper.ts";
import type { ThreadInput } from "../../src/threads/ingest.ts";
import type { TestService } from "./app.ts";

/**
 * An extractor for storage tests, independent of the built-in one's rules: a user message
 * "[subject] text" states `text` about `subject`.
 */
export const taggedExtractor: FactExtractor = {
  async extract(messages) {
    return messages.flatMap((message) => {
      const tagged = /^\[(.+?)\] (.+)$/s.exec(message.content);
      return tagged ? [{ subject: tagged[1]!, text: tagged[2]!, messageId: message.id }] : [];
    });
  },
};

/** Create Thread as the service runs it, with the tagged extractor, its Thread object parsed; `organizationId` defaults to the test's organization. */
export function taggedIngest(service: TestService, teardown: (fn: () => unknown) => void) {
  const keeper = new SummaryKeeper({ driver: service.database.driver, log: { warn: () => {}, debug: () => {} } });
  teardown(() => keeper.close());
  return async (input: ThreadInput, organizationId = service.org.organizationId) => {
    const { thread, created } = await createThread(service.database, keeper, organizationId, input, { extractor: taggedExtractor });
    return { thread: parseJsonText(thread), created };
  };
}

/** A user message stating `text` about `subject` at `createdAt`. */
export const says = (subject: string, text: string, createdAt: string, externalId?: string) => ({
  role: "user",
  content: `[${subject}] ${text}`,
  createdAt,
  ...(externalId === undefined ? {} : { externalId }),
});
