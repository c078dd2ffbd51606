-- Daily counts of threads, so that the thread listing's count reads a few thousand rows instead of
-- counting every thread of the organization (src/threads/countSql.ts). Per organization, project and UTC
-- day of the thread's createdAt: all threads (intentId 0) and per intent. Kept as the feedback's are
-- since 0011_count_deltas: the triggers insert deltas into "ThreadCountDelta" (no shared row to wait
-- on), the compaction (src/db/countCompaction.ts) moves them into "ThreadCount", reads add both up.

-- CreateTable
CREATE TABLE "ThreadCount" (
    "organizationId" INTEGER NOT NULL,
    "intentId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ThreadCount_pkey" PRIMARY KEY ("organizationId","intentId","projectId","day")
);

-- CreateTable
CREATE TABLE "ThreadCountDelta" (
    "organizationId" INTEGER NOT NULL,
    "intentId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "ThreadCountDelta_organizationId_intentId_projectId_day_idx" ON "ThreadCountDelta"("organizationId", "intentId", "projectId", "day");

-- Inserts: a statement trigger, one delta per project and day of the statement's threads (an
-- import's thousands at once). A new thread has no intents yet: the ThreadIntent trigger counts
-- them (no statement inserts threads and their intents at once). Deletes: a row trigger before the
-- row goes, that subtracts the thread and its intents as they stand; in a cascade the intents' own
-- trigger then finds no thread left to join. Updates: only those that move a thread (its project or
-- creation time), a row trigger whose WHEN spares the frequent other updates (the search document
-- every message appends to, the summary) any call.
CREATE FUNCTION "thread_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ThreadCountDelta"
    SELECT t."organizationId", 0, t."projectId", t."createdAt"::date, count(*) FROM new_rows t GROUP BY 1, 3, 4;
    RETURN NULL;
  END IF;
  INSERT INTO "ThreadCountDelta"
  SELECT OLD."organizationId", x."intentId", OLD."projectId", OLD."createdAt"::date, -1
  FROM (SELECT 0 UNION ALL SELECT ti."intentId" FROM "ThreadIntent" ti WHERE ti."organizationId" = OLD."organizationId" AND ti."threadId" = OLD."id") x("intentId");
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  INSERT INTO "ThreadCountDelta"
  SELECT NEW."organizationId", x."intentId", NEW."projectId", NEW."createdAt"::date, 1
  FROM (SELECT 0 UNION ALL SELECT ti."intentId" FROM "ThreadIntent" ti WHERE ti."organizationId" = NEW."organizationId" AND ti."threadId" = NEW."id") x("intentId");
  RETURN NULL;
END $$;

CREATE TRIGGER "Thread_counted_insert" AFTER INSERT ON "Thread"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "thread_counted"();
CREATE TRIGGER "Thread_counted_update" AFTER UPDATE ON "Thread"
  FOR EACH ROW WHEN ((OLD."organizationId", OLD."projectId", OLD."createdAt") IS DISTINCT FROM (NEW."organizationId", NEW."projectId", NEW."createdAt"))
  EXECUTE FUNCTION "thread_counted"();
CREATE TRIGGER "Thread_counted_delete" BEFORE DELETE ON "Thread"
  FOR EACH ROW EXECUTE FUNCTION "thread_counted"();

-- A thread's intent added, changed or removed: its thread counts under that intent, or no longer does.
CREATE FUNCTION "thread_intent_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "ThreadCountDelta"
    SELECT t."organizationId", OLD."intentId", t."projectId", t."createdAt"::date, -1
    FROM "Thread" t WHERE t."organizationId" = OLD."organizationId" AND t."id" = OLD."threadId";
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "ThreadCountDelta"
    SELECT t."organizationId", l."intentId", t."projectId", t."createdAt"::date, -count(*)
    FROM old_rows l JOIN "Thread" t ON t."organizationId" = l."organizationId" AND t."id" = l."threadId" GROUP BY 1, 2, 3, 4;
  END IF;
  INSERT INTO "ThreadCountDelta"
  SELECT t."organizationId", l."intentId", t."projectId", t."createdAt"::date, count(*)
  FROM new_rows l JOIN "Thread" t ON t."organizationId" = l."organizationId" AND t."id" = l."threadId" GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;

CREATE TRIGGER "ThreadIntent_thread_counted_insert" AFTER INSERT ON "ThreadIntent"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "thread_intent_counted"();
CREATE TRIGGER "ThreadIntent_thread_counted_update" AFTER UPDATE ON "ThreadIntent"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "thread_intent_counted"();
CREATE TRIGGER "ThreadIntent_thread_counted_delete" BEFORE DELETE ON "ThreadIntent"
  FOR EACH ROW EXECUTE FUNCTION "thread_intent_counted"();

-- The counts made again from the rows: the backfill below, and a bulk load that wrote threads with
-- these triggers disabled (ALTER TABLE … DISABLE TRIGGER USER) calls it once at its end.
CREATE FUNCTION "thread_counts_recount"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "ThreadCountDelta";
  DELETE FROM "ThreadCount";
  INSERT INTO "ThreadCount"
  SELECT t."organizationId", 0, t."projectId", t."createdAt"::date, count(*) FROM "Thread" t GROUP BY 1, 3, 4
  UNION ALL
  SELECT t."organizationId", ti."intentId", t."projectId", t."createdAt"::date, count(*)
  FROM "Thread" t JOIN "ThreadIntent" ti ON ti."organizationId" = t."organizationId" AND ti."threadId" = t."id" GROUP BY 1, 2, 3, 4;
$$;

SELECT "thread_counts_recount"();
