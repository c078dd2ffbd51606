// The outbox's part of a statement: an event and its deliveries, written by the statement that makes the change.
import { isoTimestampText as iso } from "../db/sql.ts";

/** Who an event is for and of what type, and how long its deliveries are leased to the instance that writes them (0: due at once). */
export interface EventParams {
  organizationId: number;
  type: string;
  leaseMs: number;
}

/** A delivery leased to a worker, as the worker sends it. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  endpointId: number;
  attempts: number;
  url: string;
  secret: string;
  /** The delivery's body, built once per event from its row, so that every attempt sends the same bytes. */
  body: string;
  /** When the event was written (ISO 8601), for giving up after the maximum age. */
  eventCreatedAt: string;
}

/** The body of a delivery of event `ev`: the same bytes on every attempt, since it is built from the stored row. */
export const eventBody = (ev: string) => `json_build_object('id', ${ev}."id", 'type', ${ev}."type", 'createdAt', ${iso(`${ev}."createdAt"`)},
  'organizationId', ${ev}."organizationId", 'data', ${ev}."payload")::text`;

/**
 * The CTEs `event_endpoints` and `event_row`, and the statements after them (EVENT_DELIVERIES, then DELIVERIES_WRITTEN): an
 * event with the payload `payload` (SQL over the statement's other parameters and CTEs), and a pending delivery to each endpoint
 * subscribed to its type `type`; nothing at all when none is, so that a change nobody listens to costs one indexed
 * probe of a small table, nor when `when` (SQL, boolean) does not hold. Part of other statements too (Create Thread's
 * FINISH_INGEST, a new vote's CREATE_FEEDBACK and the like): here, apart from the statements that embed the views, so that those can embed it.
 */
export const eventRow = (payload: string, when?: string) => `event_endpoints AS (
    SELECT e."id", e."url", e."secret" FROM "WebhookEndpoint" e WHERE e."organizationId" = :organizationId::int AND :type::text = ANY(e."events")
  ), event_row AS (
    INSERT INTO "WebhookEvent" AS ev ("organizationId", "type", "payload")
    SELECT :organizationId::int, :type::text, ${payload} WHERE ${when === undefined ? "" : `${when} AND `}EXISTS (SELECT 1 FROM event_endpoints)
    RETURNING ev."id", ${eventBody("ev")} AS "body", ${iso('ev."createdAt"')} AS "eventCreatedAt"
  )`;

/**
 * The deliveries, leased for `leaseMs` from their insert to the writing instance's worker, which gets them after
 * the commit (src/webhooks/handoff.ts): the lease counts as their first attempt, as a worker's claim does, and
 * keeps the other workers off them until it runs out (the writer died). With `leaseMs` 0 they are due at once.
 */
export const EVENT_DELIVERIES = `INSERT INTO "WebhookDelivery" ("organizationId", "eventId", "endpointId", "attempts", "nextAttemptAt")
  SELECT :organizationId, event_row."id", event_endpoints."id", CASE WHEN :leaseMs::float8 > 0 THEN 1 ELSE 0 END,
    clock_timestamp() + make_interval(secs => :leaseMs::float8 / 1000)
  FROM event_row, event_endpoints
  RETURNING "id", "eventId", "endpointId", "attempts"`;

/** After EVENT_DELIVERIES as the CTE `event_deliveries`: each delivery written, as a worker's claim answers it (ClaimedDelivery). */
export const DELIVERIES_WRITTEN = `SELECT d."id"::text AS "id", d."eventId", d."endpointId", d."attempts", e."url", e."secret", ev."body", ev."eventCreatedAt"
  FROM event_deliveries d JOIN event_endpoints e ON e."id" = d."endpointId" CROSS JOIN event_row ev`;

/** DELIVERIES_WRITTEN as one JSON array (ClaimedDelivery[]), for a statement that answers a row of its own. */
export const DELIVERIES_WRITTEN_JSON = `COALESCE((SELECT json_agg(written) FROM (${DELIVERIES_WRITTEN}) written), '[]')`;
