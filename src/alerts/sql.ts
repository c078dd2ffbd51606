// The statements of feedback alerts: the alerts themselves and their evaluation's claim.
import type { IsoTimestamp } from "../db/json.ts";
import { statement } from "../db/statement.ts";
import type { FeedbackFilters } from "../feedback/filters.ts";
import type { FeedbackStats } from "../feedback/stats.ts";

/** The Alert object of openapi.yaml. */
export interface AlertView {
  id: number;
  name: string;
  filters: FeedbackFilters;
  windowMinutes: number;
  minCount: number;
  positiveRateBelow: number;
  state: "ok" | "triggered";
  /** The Stats of the latest evaluation's window; null before the first. */
  stats: FeedbackStats["total"] | null;
  evaluatedAt: IsoTimestamp | null;
  createdAt: IsoTimestamp;
}
import { isoTimestampText as iso } from "../db/sql.ts";

/** The Alert object of `Alert a`, `stats` being the Stats of its latest evaluation. */
const alertJson = `json_build_object(
  'id', a."id", 'name', a."name", 'filters', a."filters", 'windowMinutes', a."windowMinutes", 'minCount', a."minCount",
  'positiveRateBelow', a."positiveRateBelow", 'state', a."state", 'stats', a."lastStats",
  'evaluatedAt', ${iso('a."evaluatedAt"')}, 'createdAt', ${iso('a."createdAt"')})`;

/** Serializes the creations of one organization's alerts (`organizationId`), so that concurrent ones cannot pass its limit together. */
export const LOCK_ALERTS = statement<{ organizationId: number }, never>(
  "alert_lock",
  `SELECT pg_advisory_xact_lock(hashtext('Alert'), :organizationId::int)::text`,
);

/** `filters` as JSON: the Alert, and how many the organization has now. */
export const CREATE_ALERT = statement<{ organizationId: number; name: string; filters: string; windowMinutes: number; minCount: number; positiveRateBelow: number }, { alert: AlertView; count: number }>(
  "alert_create",
  `
    WITH a AS (
      INSERT INTO "Alert" ("organizationId", "name", "filters", "windowMinutes", "minCount", "positiveRateBelow")
      VALUES (:organizationId::int, :name::text, :filters::jsonb, :windowMinutes::int, :minCount::int, :positiveRateBelow::float8)
      RETURNING *
    )
    SELECT ${alertJson} AS "alert", (SELECT count(*)::int + 1 FROM "Alert" o WHERE o."organizationId" = :organizationId::int) AS "count" FROM a`,
);

export const LIST_ALERTS = statement<{ organizationId: number }, { alert: AlertView }>(
  "alert_list",
  `SELECT ${alertJson} AS "alert" FROM "Alert" a WHERE a."organizationId" = :organizationId ORDER BY a."id"`,
);

export const DELETE_ALERT = statement<{ organizationId: number; alertId: number }, { id: number }>(
  "alert_delete",
  `DELETE FROM "Alert" WHERE "organizationId" = :organizationId AND "id" = :alertId RETURNING "id"`,
);

export interface DueAlertRow {
  id: number;
  organizationId: number;
  /** As stored from the alert's input (AlertFilters). */
  filters: FeedbackFilters;
  windowMinutes: number;
  minCount: number;
  positiveRateBelow: number;
  state: "ok" | "triggered";
}

/**
 * One alert not evaluated in the last `intervalSeconds` seconds, nor one of `evaluatedIds` (evaluated by this run already),
 * locked for its evaluation's transaction; SKIP LOCKED: an alert another instance is evaluating is left to it.
 */
export const CLAIM_DUE_ALERT = statement<{ intervalSeconds: number; evaluatedIds: number[] }, DueAlertRow>("alert_claim_due", `
    SELECT a."id", a."organizationId", a."filters", a."windowMinutes", a."minCount", a."positiveRateBelow", a."state"
    FROM "Alert" a
    WHERE (a."evaluatedAt" IS NULL OR a."evaluatedAt" <= now() - make_interval(secs => :intervalSeconds::float8)) AND NOT (a."id" = ANY(:evaluatedIds::int[]))
    ORDER BY a."evaluatedAt" NULLS FIRST, a."id"
    LIMIT 1
    FOR UPDATE SKIP LOCKED`);

/** `stats` the Stats as JSON: the evaluation, answered as the Alert object. */
export const SAVE_EVALUATION = statement<{ alertId: number; state: DueAlertRow["state"]; stats: string }, { alert: AlertView }>(
  "alert_save_evaluation",
  `
    UPDATE "Alert" a SET "state" = :state::text, "lastStats" = :stats::jsonb, "evaluatedAt" = now()
    WHERE a."id" = :alertId::int
    RETURNING ${alertJson} AS "alert"`,
);
