-- The daily feedback counts' triggers on the paths every vote and ingest takes, made lean: the
-- insert of feedback and of its links (options, a thread's intents, a giver's segments) now writes
-- its deltas in one static statement over the statement's new rows, instead of a PL/pgSQL function
-- per row returning composite rows gathered into an array (0008, 0011). Measured on one PostgreSQL
-- connection (pgbench: a vote of one feedback with two options, a giver of three segments; the
-- functions' own time from pg_stat_user_functions): 0.49 ms of trigger functions per vote before,
-- 0.14 ms after.

-- Updates and deletes (re-votes, removals, cascades) still count through feedback_counts_of: a
-- custom plan for each call (the `options` argument prunes a branch, so the planner judged one
-- cheaper every time) cost 0.24 ms per call; a generic plan 0.05 ms.
ALTER FUNCTION "feedback_counts_of"("Feedback", INTEGER, BOOLEAN) SET plan_cache_mode = force_generic_plan;

CREATE OR REPLACE FUNCTION "feedback_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new feedback has no options yet: the FeedbackOption trigger counts them.
    INSERT INTO "FeedbackCountDelta"
    SELECT f."organizationId", d."dimension", f."projectId", f."createdAt"::date, d."dimensionId", count(*),
           count(*) FILTER (WHERE f."feedbackType" = 'POSITIVE'), count(*) FILTER (WHERE f."feedbackType" = 'NEGATIVE')
    FROM new_rows f
    CROSS JOIN LATERAL (
      SELECT '', 0
      UNION ALL
      SELECT 'intent', ti."intentId" FROM "ThreadIntent" ti WHERE ti."organizationId" = f."organizationId" AND ti."threadId" = f."threadId"
      UNION ALL
      SELECT 'segment', us."segmentId" FROM "UserSegment" us WHERE us."organizationId" = f."organizationId" AND us."externalUserId" = f."externalUserId"
    ) d("dimension", "dimensionId")
    GROUP BY 1, 2, 3, 4, 5;
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

-- Inserted links: one static statement per link table (PL/pgSQL keeps a function's plans per
-- trigger table, so each table only ever plans its own branch). Updates and deletes go the
-- general way of 0011.
CREATE OR REPLACE FUNCTION "feedback_link_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM "feedback_count_add"(ARRAY(SELECT "feedback_link_counts"(dimension, ARRAY(SELECT "feedback_link"(to_jsonb(l), key, id) FROM new_rows l), 1)));
  ELSIF dimension = 'option' THEN
    INSERT INTO "FeedbackCountDelta"
    SELECT f."organizationId", 'option', f."projectId", f."createdAt"::date, l."attributeOptionId", count(*),
           count(*) FILTER (WHERE f."feedbackType" = 'POSITIVE'), count(*) FILTER (WHERE f."feedbackType" = 'NEGATIVE')
    FROM new_rows l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."id" = l."feedbackId"
    GROUP BY 1, 3, 4, 5;
  ELSIF dimension = 'intent' THEN
    INSERT INTO "FeedbackCountDelta"
    SELECT f."organizationId", 'intent', f."projectId", f."createdAt"::date, l."intentId", count(*),
           count(*) FILTER (WHERE f."feedbackType" = 'POSITIVE'), count(*) FILTER (WHERE f."feedbackType" = 'NEGATIVE')
    FROM new_rows l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."threadId" = l."threadId"
    GROUP BY 1, 3, 4, 5;
  ELSE
    INSERT INTO "FeedbackCountDelta"
    SELECT f."organizationId", 'segment', f."projectId", f."createdAt"::date, l."segmentId", count(*),
           count(*) FILTER (WHERE f."feedbackType" = 'POSITIVE'), count(*) FILTER (WHERE f."feedbackType" = 'NEGATIVE')
    FROM new_rows l JOIN "Feedback" f ON f."organizationId" = l."organizationId" AND f."externalUserId" = l."externalUserId"
    GROUP BY 1, 3, 4, 5;
  END IF;
  RETURN NULL;
END $$;
