-- Create Thread wrote a new thread's row three times: the insert, the search document's trigger
-- (the messages' text), the summary. Each rewrite that changes an indexed column is a new row version
-- in every one of Thread's thirteen indexes, its two trigram indexes included (the whole document's
-- trigrams again). Now Create Thread writes a new thread's document in its insert (src/threads/sql.ts),
-- the trigger leaves a thread whose document already is exactly what the statement appended, and the
-- summary is in no index, so that writing it can stay on the row's page without touching any index.

-- A thread inserted by the same statement with its document written: nothing to append. Otherwise a
-- document equal to the appended text would have to be that text twice, which a search matches alike.
CREATE OR REPLACE FUNCTION "thread_search_appended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Thread" t
  SET "searchText" = CASE WHEN length(t."searchText") + appended."length" <= 100000 THEN t."searchText" || appended."text" END
  FROM (
    SELECT "threadId", sum(length("content") + 1) AS "length", string_agg(E'\n' || lower("content"), '' ORDER BY "id") AS "text"
    FROM added GROUP BY "threadId" ORDER BY "threadId"
  ) appended
  WHERE t."id" = appended."threadId" AND t."searchText" IS NOT NULL AND t."searchText" <> appended."text";
  RETURN NULL;
END $$;

-- The memory lookup walks a user's threads newest first in
-- "Thread_organizationId_externalUserId_createdAt_id_idx" and skips those without a summary (a thread
-- gets one in the ingest that creates it, unless no message has anything to summarize).
DROP INDEX "Thread_memory_idx";
