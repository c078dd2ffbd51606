-- The thread listing's search reads one row per thread: "searchText" holds the thread's messages'
-- contents in arrival order, lowercased, each after a newline, under a trigram index. Lowercased,
-- so that the search is a LIKE of the lowercased term: what ILIKE does, without lowering each
-- document on every read. A search for a common
-- word then walks the threads in page order and stops at the page; a rare one is served by the
-- index (src/threads/sql.ts). A thread whose messages pass 100,000 characters has no document (NULL):
-- it stops growing, so that appending to a long thread never rewrites megabytes, and its messages
-- are searched one by one (their own trigram index).

-- AlterTable
ALTER TABLE "Thread" ADD COLUMN "searchText" TEXT DEFAULT '';

-- A statement trigger, whatever inserts the messages (Create Thread, import, a seed): the document
-- is current in the inserting transaction. Threads in id order, so that statements lock alike.
CREATE FUNCTION "thread_search_appended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Thread" t
  SET "searchText" = CASE WHEN length(t."searchText") + appended."length" <= 100000 THEN t."searchText" || appended."text" END
  FROM (
    SELECT "threadId", sum(length("content") + 1) AS "length", string_agg(E'\n' || lower("content"), '' ORDER BY "id") AS "text"
    FROM added GROUP BY "threadId" ORDER BY "threadId"
  ) appended
  WHERE t."id" = appended."threadId" AND t."searchText" IS NOT NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER "Message_search_appended" AFTER INSERT ON "Message"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "thread_search_appended"();

-- Backfill the threads there are.
UPDATE "Thread" t
SET "searchText" = CASE WHEN document."length" <= 100000 THEN document."text" END
FROM (
  SELECT "threadId", sum(length("content") + 1) AS "length", string_agg(E'\n' || lower("content"), '' ORDER BY "id") AS "text"
  FROM "Message" GROUP BY "threadId"
) document
WHERE t."id" = document."threadId";

-- CreateIndex
CREATE INDEX "Thread_searchText_idx" ON "Thread" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Thread_searchOverflow_idx" ON "Thread"("organizationId") WHERE ("searchText" IS NULL);
