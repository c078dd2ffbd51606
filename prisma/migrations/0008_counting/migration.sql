-- Daily counts of feedback, so that the statistics read a few thousand rows instead of every
-- feedback of the organization (src/feedback/stats.ts). Per organization, project and UTC day of
-- the feedback's createdAt: all feedback (dimension '', dimensionId 0), and per intent of its
-- thread, segment of its giver and option it carries. No foreign keys: the triggers below keep the
-- counts equal to the rows whatever writes them (the API, an import, a cascade).

-- CreateTable
CREATE TABLE "FeedbackCount" (
    "organizationId" INTEGER NOT NULL,
    "dimension" TEXT NOT NULL,
    "projectId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "dimensionId" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "positive" INTEGER NOT NULL,
    "negative" INTEGER NOT NULL,

    CONSTRAINT "FeedbackCount_pkey" PRIMARY KEY ("organizationId","dimension","projectId","day","dimensionId")
);

-- The counts of `n` feedback (n < 0: removed) of one organization, project, creation time and type in a dimension.
CREATE FUNCTION "feedback_count"(organization_id INTEGER, dimension TEXT, project_id INTEGER, created_at TIMESTAMP(3),
  dimension_id INTEGER, feedback_type TEXT, n INTEGER) RETURNS "FeedbackCount" LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(organization_id, dimension, project_id, created_at::date, dimension_id, n,
    CASE WHEN feedback_type = 'POSITIVE' THEN n ELSE 0 END, CASE WHEN feedback_type = 'NEGATIVE' THEN n ELSE 0 END)::"FeedbackCount"
$$;

-- Adds changes to the counts, one upsert in key order. Every change of a feedback's counts also
-- touches (with 0) its organization/project/day's row of dimension '', which sorts first: two
-- transactions changing counts of the same day then wait on that row instead of locking the rows
-- after it in different orders (a deadlock).
CREATE FUNCTION "feedback_count_add"(changes "FeedbackCount"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FeedbackCount" AS c
  SELECT x."organizationId", x."dimension", x."projectId", x."day", x."dimensionId", sum(x."count"), sum(x."positive"), sum(x."negative")
  FROM unnest(changes) x
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("organizationId", "dimension", "projectId", "day", "dimensionId") DO UPDATE SET
    "count" = c."count" + EXCLUDED."count", "positive" = c."positive" + EXCLUDED."positive", "negative" = c."negative" + EXCLUDED."negative";
END $$;

-- Every count of feedback `f` (n = 1: added, -1: removed): all feedback, its thread's intents, its giver's segments and,
-- with `options`, the options it carries, as they stand when this runs. PL/pgSQL, so that its plan
-- (each link looked up in its index) is cached per connection: as a SQL function it was planned
-- again on every trigger call, which cost a vote 0.7 ms.
CREATE FUNCTION "feedback_counts_of"(f "Feedback", n INTEGER, options BOOLEAN) RETURNS SETOF "FeedbackCount" LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT (u.c).* FROM (
  SELECT "feedback_count"(f."organizationId", '', f."projectId", f."createdAt", 0, f."feedbackType", n)
  UNION ALL
  SELECT "feedback_count"(f."organizationId", 'intent', f."projectId", f."createdAt", ti."intentId", f."feedbackType", n)
  FROM "ThreadIntent" ti WHERE ti."organizationId" = f."organizationId" AND ti."threadId" = f."threadId"
  UNION ALL
  SELECT "feedback_count"(f."organizationId", 'segment', f."projectId", f."createdAt", us."segmentId", f."feedbackType", n)
  FROM "UserSegment" us WHERE us."organizationId" = f."organizationId" AND us."externalUserId" = f."externalUserId"
  UNION ALL
  SELECT "feedback_count"(f."organizationId", 'option', f."projectId", f."createdAt", fo."attributeOptionId", f."feedbackType", n)
  FROM "FeedbackOption" fo WHERE options AND fo."organizationId" = f."organizationId" AND fo."feedbackId" = f."id"
  ) u(c);
END $$;

-- The count of feedback `f` (n = 1 or -1) in one dimension, and the 0 that takes its day's lock first.
-- PL/pgSQL like feedback_counts_of.
CREATE FUNCTION "feedback_dimension_counts"(f "Feedback", dimension TEXT, dimension_id INTEGER, n INTEGER)
RETURNS SETOF "FeedbackCount" LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN NEXT "feedback_count"(f."organizationId", '', f."projectId", f."createdAt", 0, f."feedbackType", 0);
  RETURN NEXT "feedback_count"(f."organizationId", dimension, f."projectId", f."createdAt", dimension_id, f."feedbackType", n);
END $$;

-- Inserts and updates: statement triggers, one upsert per statement (an import's thousands of rows
-- at once), run when the statement is done. A new feedback has no options yet: they are counted by
-- the FeedbackOption trigger, even when inserted by the same statement (VOTE's CTE). No statement
-- inserts feedback and the intents or segments that apply to it at once (each would count them).
-- Deletes: row triggers before the row goes, so that each sees the rows it joins as they stand then.
-- A cascade (a user's, thread's or organization's deletion) deletes the feedback and its links one
-- table after the other; whichever goes first subtracts the counts that join both, the later one
-- finds nothing left to join. (Statement triggers of a cascade run only once all of it is done.)
-- PL/pgSQL with static statements throughout: their plans are cached per connection (a SQL
-- function that is not inlined is planned again on every call).
CREATE FUNCTION "feedback_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "feedback_count_add"(ARRAY(SELECT c FROM new_rows f, "feedback_counts_of"(f, 1, false) c));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only a change of what is counted (a re-vote's type): the rows before count -1, after +1.
    PERFORM "feedback_count_add"(ARRAY(
      SELECT x.c FROM old_rows o JOIN new_rows f ON f."id" = o."id",
        LATERAL (SELECT c FROM "feedback_counts_of"(o, -1, true) c UNION ALL SELECT c FROM "feedback_counts_of"(f, 1, true) c) x
      WHERE (o."organizationId", o."projectId", o."createdAt", o."feedbackType", o."threadId", o."externalUserId")
        IS DISTINCT FROM (f."organizationId", f."projectId", f."createdAt", f."feedbackType", f."threadId", f."externalUserId")));
  ELSE
    PERFORM "feedback_count_add"(ARRAY(SELECT c FROM "feedback_counts_of"(OLD, -1, true) c));
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Feedback_counted_insert" AFTER INSERT ON "Feedback"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_counted"();
CREATE TRIGGER "Feedback_counted_update" AFTER UPDATE ON "Feedback"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_counted"();
CREATE TRIGGER "Feedback_counted_delete" BEFORE DELETE ON "Feedback"
  FOR EACH ROW EXECUTE FUNCTION "feedback_counted"();

-- A link of feedback to a group (an option it carries, an intent of its thread, a segment of its
-- giver) made, changed or removed: the feedback it joins counts in that group, or no longer does.
CREATE FUNCTION "feedback_option_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "feedback_count_add"(ARRAY(SELECT c FROM "Feedback" f, "feedback_dimension_counts"(f, 'option', OLD."attributeOptionId", -1) c
      WHERE f."organizationId" = OLD."organizationId" AND f."id" = OLD."feedbackId"));
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM "feedback_count_add"(ARRAY(SELECT c FROM old_rows l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."id" = l."feedbackId",
      "feedback_dimension_counts"(f, 'option', l."attributeOptionId", -1) c));
  END IF;
  PERFORM "feedback_count_add"(ARRAY(SELECT c FROM new_rows l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."id" = l."feedbackId",
    "feedback_dimension_counts"(f, 'option', l."attributeOptionId", 1) c));
  RETURN NULL;
END $$;

CREATE FUNCTION "thread_intent_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "feedback_count_add"(ARRAY(SELECT c FROM "Feedback" f, "feedback_dimension_counts"(f, 'intent', OLD."intentId", -1) c
      WHERE f."organizationId" = OLD."organizationId" AND f."threadId" = OLD."threadId"));
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM "feedback_count_add"(ARRAY(SELECT c FROM old_rows l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."threadId" = l."threadId",
      "feedback_dimension_counts"(f, 'intent', l."intentId", -1) c));
  END IF;
  PERFORM "feedback_count_add"(ARRAY(SELECT c FROM new_rows l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."threadId" = l."threadId",
    "feedback_dimension_counts"(f, 'intent', l."intentId", 1) c));
  RETURN NULL;
END $$;

CREATE FUNCTION "user_segment_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "feedback_count_add"(ARRAY(SELECT c FROM "Feedback" f, "feedback_dimension_counts"(f, 'segment', OLD."segmentId", -1) c
      WHERE f."organizationId" = OLD."organizationId" AND f."externalUserId" = OLD."externalUserId"));
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM "feedback_count_add"(ARRAY(SELECT c FROM old_rows l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."externalUserId" = l."externalUserId",
      "feedback_dimension_counts"(f, 'segment', l."segmentId", -1) c));
  END IF;
  PERFORM "feedback_count_add"(ARRAY(SELECT c FROM new_rows l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."externalUserId" = l."externalUserId",
    "feedback_dimension_counts"(f, 'segment', l."segmentId", 1) c));
  RETURN NULL;
END $$;

CREATE TRIGGER "FeedbackOption_counted_insert" AFTER INSERT ON "FeedbackOption"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_option_counted"();
CREATE TRIGGER "FeedbackOption_counted_update" AFTER UPDATE ON "FeedbackOption"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "feedback_option_counted"();
CREATE TRIGGER "FeedbackOption_counted_delete" BEFORE DELETE ON "FeedbackOption"
  FOR EACH ROW EXECUTE FUNCTION "feedback_option_counted"();
CREATE TRIGGER "ThreadIntent_counted_insert" AFTER INSERT ON "ThreadIntent"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "thread_intent_counted"();
CREATE TRIGGER "ThreadIntent_counted_update" AFTER UPDATE ON "ThreadIntent"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "thread_intent_counted"();
CREATE TRIGGER "ThreadIntent_counted_delete" BEFORE DELETE ON "ThreadIntent"
  FOR EACH ROW EXECUTE FUNCTION "thread_intent_counted"();
CREATE TRIGGER "UserSegment_counted_insert" AFTER INSERT ON "UserSegment"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_segment_counted"();
CREATE TRIGGER "UserSegment_counted_update" AFTER UPDATE ON "UserSegment"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_segment_counted"();
CREATE TRIGGER "UserSegment_counted_delete" BEFORE DELETE ON "UserSegment"
  FOR EACH ROW EXECUTE FUNCTION "user_segment_counted"();

-- The counts of the feedback already stored, one join per dimension.
INSERT INTO "FeedbackCount"
SELECT (c)."organizationId", (c)."dimension", (c)."projectId", (c)."day", (c)."dimensionId", sum((c)."count"), sum((c)."positive"), sum((c)."negative")
FROM (
  SELECT "feedback_count"(f."organizationId", '', f."projectId", f."createdAt", 0, f."feedbackType", 1) AS c FROM "Feedback" f
  UNION ALL
  SELECT "feedback_count"(f."organizationId", 'intent', f."projectId", f."createdAt", ti."intentId", f."feedbackType", 1)
  FROM "Feedback" f JOIN "ThreadIntent" ti ON ti."organizationId" = f."organizationId" AND ti."threadId" = f."threadId"
  UNION ALL
  SELECT "feedback_count"(f."organizationId", 'segment', f."projectId", f."createdAt", us."segmentId", f."feedbackType", 1)
  FROM "Feedback" f JOIN "UserSegment" us ON us."organizationId" = f."organizationId" AND us."externalUserId" = f."externalUserId"
  UNION ALL
  SELECT "feedback_count"(f."organizationId", 'option', f."projectId", f."createdAt", fo."attributeOptionId", f."feedbackType", 1)
  FROM "Feedback" f JOIN "FeedbackOption" fo ON fo."organizationId" = f."organizationId" AND fo."feedbackId" = f."id"
) x
GROUP BY 1, 2, 3, 4, 5;
