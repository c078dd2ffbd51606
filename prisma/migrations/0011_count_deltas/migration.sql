-- The daily counts of 0008_counting without a hot row: a change of counts no longer updates its
-- organization/project/day's row of "FeedbackCount" (every vote of a day on one row, its lock held
-- until commit: concurrent votes queued on it), it inserts its deltas into "FeedbackCountDelta",
-- rows nobody else writes. The statistics add both up (src/feedback/statsSql.ts); a compaction
-- (src/feedback/compaction.ts) moves the deltas into "FeedbackCount" now and then, in one
-- statement, so that the two together always count each feedback once.

-- CreateTable
CREATE TABLE "FeedbackCountDelta" (
    "organizationId" INTEGER NOT NULL,
    "dimension" TEXT NOT NULL,
    "projectId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "dimensionId" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "positive" INTEGER NOT NULL,
    "negative" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "FeedbackCountDelta_organizationId_dimension_projectId_day_d_idx" ON "FeedbackCountDelta"("organizationId", "dimension", "projectId", "day", "dimensionId");

-- Adds changes to the counts: their sums per key, as deltas (no lock on a shared row, so no order to
-- keep against deadlocks), leaving out the keys whose changes cancel out.
CREATE OR REPLACE FUNCTION "feedback_count_add"(changes "FeedbackCount"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FeedbackCountDelta"
  SELECT x."organizationId", x."dimension", x."projectId", x."day", x."dimensionId", sum(x."count"), sum(x."positive"), sum(x."negative")
  FROM unnest(changes) x
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x."count") <> 0 OR sum(x."positive") <> 0 OR sum(x."negative") <> 0;
END $$;

-- A link of feedback to a group, whatever its table: the organization, the feedback's key the link
-- holds (its id, thread or giver) and the group's id.
CREATE TYPE "FeedbackLink" AS ("organizationId" INTEGER, "key" INTEGER, "groupId" INTEGER);

-- The link `link` (a row of a link table as jsonb) with its key in column `key` and its group's id in `id`.
CREATE FUNCTION "feedback_link"(link JSONB, key TEXT, id TEXT) RETURNS "FeedbackLink" LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW((link ->> 'organizationId')::int, (link ->> key)::int, (link ->> id)::int)::"FeedbackLink"
$$;

-- The counts (n = 1 or -1) in `dimension` of the feedback that `links` join. One branch per
-- dimension, each looking feedback up by its own index; the others are cut by their one-time filter.
-- PL/pgSQL, so that its plan is cached per connection, and that plan generic: a custom plan (the
-- other branches pruned for the dimension given) looks cheaper, so the plan cache made one on every
-- call, which cost a vote 0.5 ms of CPU (2,000 votes, one session, the backend's CPU time).
CREATE FUNCTION "feedback_link_counts"(dimension TEXT, links "FeedbackLink"[], n INTEGER) RETURNS SETOF "FeedbackCount"
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY SELECT (u.c).* FROM (
  SELECT "feedback_count"(f."organizationId", dimension, f."projectId", f."createdAt", l."groupId", f."feedbackType", n)
  FROM unnest(links) l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."id" = l."key" WHERE dimension = 'option'
  UNION ALL
  SELECT "feedback_count"(f."organizationId", dimension, f."projectId", f."createdAt", l."groupId", f."feedbackType", n)
  FROM unnest(links) l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."threadId" = l."key" WHERE dimension = 'intent'
  UNION ALL
  SELECT "feedback_count"(f."organizationId", dimension, f."projectId", f."createdAt", l."groupId", f."feedbackType", n)
  FROM unnest(links) l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."externalUserId" = l."key" WHERE dimension = 'segment'
  ) u(c);
END $$;

-- The three link tables' triggers in one function (they were three of the same shape), told by the
-- trigger's arguments the dimension, the link's column of the feedback's key and its column of the
-- group's id. When and how each operation counts: as "feedback_counted" in 0008_counting.
CREATE FUNCTION "feedback_link_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  dimension TEXT := TG_ARGV[0];
  key TEXT := TG_ARGV[1];
  id TEXT := TG_ARGV[2];
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "feedback_count_add"(ARRAY(SELECT "feedback_link_counts"(dimension, ARRAY["feedback_link"(to_jsonb(OLD), key, id)], -1)));
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM "feedback_count_add"(ARRAY(SELECT "feedback_link_counts"(dimension, ARRAY(SELECT "feedback_link"(to_jsonb(l), key, id) FROM old_rows l), -1)));
  END IF;
  PERFORM "feedback_count_add"(ARRAY(SELECT "feedback_link_counts"(dimension, ARRAY(SELECT "feedback_link"(to_jsonb(l), key, id) FROM new_rows l), 1)));
  RETURN NULL;
END $$;

DROP TRIGGER "FeedbackOption_counted_insert" ON "FeedbackOption";
DROP TRIGGER "FeedbackOption_counted_update" ON "FeedbackOption";
DROP TRIGGER "FeedbackOption_counted_delete" ON "FeedbackOption";
DROP TRIGGER "ThreadIntent_counted_insert" ON "ThreadIntent";
DROP TRIGGER "ThreadIntent_counted_update" ON "ThreadIntent";
DROP TRIGGER "ThreadIntent_counted_delete" ON "ThreadIntent";
DROP TRIGGER "UserSegment_counted_insert" ON "UserSegment";
DROP TRIGGER "UserSegment_counted_update" ON "UserSegment";
DROP TRIGGER "UserSegment_counted_delete" ON "UserSegment";
DROP FUNCTION "feedback_option_counted"();
DROP FUNCTION "thread_intent_counted"();
DROP FUNCTION "user_segment_counted"();
DROP FUNCTION "feedback_dimension_counts"("Feedback", TEXT, INTEGER, INTEGER);

CREATE TRIGGER "FeedbackOption_counted_insert" AFTER INSERT ON "FeedbackOption"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_link_counted"('option', 'feedbackId', 'attributeOptionId');
CREATE TRIGGER "FeedbackOption_counted_update" AFTER UPDATE ON "FeedbackOption"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_link_counted"('option', 'feedbackId', 'attributeOptionId');
CREATE TRIGGER "FeedbackOption_counted_delete" BEFORE DELETE ON "FeedbackOption"
  FOR EACH ROW EXECUTE FUNCTION "feedback_link_counted"('option', 'feedbackId', 'attributeOptionId');
CREATE TRIGGER "ThreadIntent_counted_insert" AFTER INSERT ON "ThreadIntent"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_link_counted"('intent', 'threadId', 'intentId');
CREATE TRIGGER "ThreadIntent_counted_update" AFTER UPDATE ON "ThreadIntent"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_link_counted"('intent', 'threadId', 'intentId');
CREATE TRIGGER "ThreadIntent_counted_delete" BEFORE DELETE ON "ThreadIntent"
  FOR EACH ROW EXECUTE FUNCTION "feedback_link_counted"('intent', 'threadId', 'intentId');
CREATE TRIGGER "UserSegment_counted_insert" AFTER INSERT ON "UserSegment"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_link_counted"('segment', 'externalUserId', 'segmentId');
CREATE TRIGGER "UserSegment_counted_update" AFTER UPDATE ON "UserSegment"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_link_counted"('segment', 'externalUserId', 'segmentId');
CREATE TRIGGER "UserSegment_counted_delete" BEFORE DELETE ON "UserSegment"
  FOR EACH ROW EXECUTE FUNCTION "feedback_link_counted"('segment', 'externalUserId', 'segmentId');
