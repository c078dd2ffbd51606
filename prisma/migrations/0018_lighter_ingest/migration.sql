-- Create Thread wrote a new thread's row three times: the insert, the search document's trigger
-- (the messages' text), the summary. Each rewrite that changes an indexed column is a new row version
-- in every one of Thread's thirteen indexes, its two trigram indexes included (the whole document's
-- trigrams again). And every message went into the messages' trigram index, which only the threads
-- without a search document (past 100,000 characters, migration 0010) are searched through. Now:
-- - Create Thread writes a new thread's document in its insert (src/threads/sql.ts), and the trigger
--   leaves a thread whose document already is exactly what the statement appended;
-- - the summary is in no index, so that writing it can stay on the row's page without touching any index;
-- - the messages' trigram index holds the messages of threads without a document alone, marked
--   "outsideDocument" by the trigger: those added to such a thread, and all of a thread's when it loses it.

-- The memory lookup walks a user's threads newest first in
-- "Thread_organizationId_externalUserId_createdAt_id_idx" and skips those without a summary (a thread
-- gets one in the ingest that creates it, unless no message has anything to summarize).
DROP INDEX "Thread_memory_idx";

ALTER TABLE "Message" ADD COLUMN "outsideDocument" BOOLEAN NOT NULL DEFAULT false;

UPDATE "Message" m SET "outsideDocument" = true
FROM "Thread" t
WHERE t."id" = m."threadId" AND t."searchText" IS NULL;

DROP INDEX "Message_content_idx";
CREATE INDEX "Message_content_idx" ON "Message" USING GIN ("content" gin_trgm_ops) WHERE "outsideDocument";

CREATE OR REPLACE FUNCTION "thread_search_appended"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  overflowed INTEGER[];
BEGIN
  -- A thread inserted by the same statement with its document written: nothing to append. Otherwise a
  -- document equal to the appended text would have to be that text twice, which a search matches alike.
  WITH appended AS (
    SELECT "threadId", sum(length("content") + 1) AS "length", string_agg(E'\n' || lower("content"), '' ORDER BY "id") AS "text"
    FROM added GROUP BY "threadId" ORDER BY "threadId"
  ), updated AS (
    UPDATE "Thread" t
    SET "searchText" = CASE WHEN length(t."searchText") + appended."length" <= 100000 THEN t."searchText" || appended."text" END
    FROM appended
    WHERE t."id" = appended."threadId" AND t."searchText" IS NOT NULL AND t."searchText" <> appended."text"
    RETURNING t."id", t."searchText" IS NULL AS "lost"
  )
  SELECT array_agg("id") FILTER (WHERE "lost") INTO overflowed FROM updated;
  -- A thread that has just lost its document: all its messages are searched alone from now on.
  IF overflowed IS NOT NULL THEN
    UPDATE "Message" m SET "outsideDocument" = true
    FROM "Thread" t
    WHERE t."id" = ANY (overflowed) AND m."organizationId" = t."organizationId" AND m."threadId" = t."id" AND NOT m."outsideDocument";
  END IF;
  -- The messages added to a thread without a document (one created too long, or one that had lost it).
  UPDATE "Message" m SET "outsideDocument" = true
  FROM added a JOIN "Thread" t ON t."id" = a."threadId"
  WHERE m."id" = a."id" AND t."searchText" IS NULL AND NOT m."outsideDocument";
  RETURN NULL;
END $$;

-- Planned once per connection, maybe while "Message" is empty: the keyed indexes, never a scan (as 0017).
ALTER FUNCTION "thread_search_appended"() SET enable_seqscan = off;
