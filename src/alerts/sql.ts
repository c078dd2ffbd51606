// The statements of feedback alerts: the alerts themselves and their evaluation's claim.
import type { Statement } from "../db/driver.ts";
import { isoTimestampText as iso } from "../db/sql.ts";

/** The Alert object of `Alert a`, `stats` being the Stats of its latest evaluation. */
const alertJson = `json_build_object(
  'id', a."id", 'name', a."name", 'filters', a."filters", 'windowMinutes', a."windowMinutes", 'minCount', a."minCount",
  'positiveRateBelow', a."positiveRateBelow", 'state', a."state", 'stats', a."lastStats",
  'evaluatedAt', ${iso('a."evaluatedAt"')}, 'createdAt', ${iso('a."createdAt"')})`;

/** Serializes the creations of one organization's alerts ($1), so that concurrent ones cannot pass its limit together. */
export const LOCK_ALERTS: Statement<never> = {
  name: "alert_lock",
  text: `SELECT pg_advisory_xact_lock(hashtext('Alert'), $1::int)::text`,
};

/** $1 organization, $2 name, $3 filters (JSON), $4 windowMinutes, $5 minCount, $6 positiveRateBelow: the Alert, and how many the organization has now. */
export const CREATE_ALERT: Statement<{ alert: unknown; count: number }> = {
  name: "alert_create",
  text: `
    WITH a AS (
      INSERT INTO "Alert" ("organizationId", "name", "filters", "windowMinutes", "minCount", "positiveRateBelow")
      VALUES ($1::int, $2::text, $3::jsonb, $4::int, $5::int, $6::float8)
      RETURNING *
    )
    SELECT ${alertJson} AS "alert", (SELECT count(*)::int + 1 FROM "Alert" o WHERE o."organizationId" = $1::int) AS "count" FROM a`,
};

export const LIST_ALERTS: Statement<{ alert: unknown }> = {
  name: "alert_list",
  text: `SELECT ${alertJson} AS "alert" FROM "Alert" a WHERE a."organizationId" = $1 ORDER BY a."id"`,
};

export const DELETE_ALERT: Statement<{ id: number }> = {
  name: "alert_delete",
  text: `DELETE FROM "Alert" WHERE "organizationId" = $1 AND "id" = $2 RETURNING "id"`,
};

export interface DueAlertRow {
  id: number;
  organizationId: number;
  filters: Record<string, unknown>;
  windowMinutes: number;
  minCount: number;
  positiveRateBelow: number;
  state: "ok" | "triggered";
}

/**
 * One alert not evaluated in the last $1 seconds, nor one of $2 (evaluated by this run already),
 * locked for its evaluation's transaction; SKIP LOCKED: an alert another instance is evaluating is left to it.
 */
export const CLAIM_DUE_ALERT: Statement<DueAlertRow> = {
  name: "alert_claim_due",
  text: `
    SELECT a."id", a."organizationId", a."filters", a."windowMinutes", a."minCount", a."positiveRateBelow", a."state"
    FROM "Alert" a
    WHERE (a."evaluatedAt" IS NULL OR a."evaluatedAt" <= now() - make_interval(secs => $1::float8)) AND NOT (a."id" = ANY($2::int[]))
    ORDER BY a."evaluatedAt" NULLS FIRST, a."id"
    LIMIT 1
    FOR UPDATE SKIP LOCKED`,
};

/** $1 alert id, $2 state, $3 Stats (JSON): the evaluation, answered as the Alert object. */
export const SAVE_EVALUATION: Statement<{ alert: unknown }> = {
  name: "alert_save_evaluation",
  text: `
    UPDATE "Alert" a SET "state" = $2::text, "lastStats" = $3::jsonb, "evaluatedAt" = now()
    WHERE a."id" = $1::int
    RETURNING ${alertJson} AS "alert"`,
};
