-- Messages are searched one by one (their trigram index) only where their thread has no search document
-- (migration 0010: past 100,000 characters). The trigram index held every message, so that each Create
-- Thread put every message's trigrams in it, a sixth of an ingest's CPU on PGlite, for the few threads that
-- need it. It now holds the messages of those threads alone, marked "outsideDocument" by the trigger that
-- keeps the documents: the messages added to a thread without one, and all of a thread's when it loses it.

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
  -- A thread inserted by the same statement with its document written: nothing to append (0018).
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
