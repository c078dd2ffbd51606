// The outbox's part of a statement: an event and its deliveries, written by the statement that makes the change.

/** Who an event is for and of what type: every event statement takes them. */
export interface EventParams {
  organizationId: number;
  type: string;
}

/**
 * The CTEs `event_endpoints` and `event_row`, and the statement after them (EVENT_DELIVERIES): an event with the
 * payload `payload` (SQL over the statement's other parameters and CTEs), and a pending delivery to each endpoint
 * subscribed to its type `type`; nothing at all when none is, so that a change nobody listens to costs one indexed
 * probe of a small table, nor when `when` (SQL, boolean) does not hold. Part of other statements too (Create Thread's
 * FINISH_INGEST, a new vote's VOTE): here, apart from the statements that embed the views, so that those can embed it.
 */
export const eventRow = (payload: string, when?: string) => `event_endpoints AS (
    SELECT e."id" FROM "WebhookEndpoint" e WHERE e."organizationId" = :organizationId::int AND :type::text = ANY(e."events")
  ), event_row AS (
    INSERT INTO "WebhookEvent" ("organizationId", "type", "payload")
    SELECT :organizationId::int, :type::text, ${payload} WHERE ${when === undefined ? "" : `${when} AND `}EXISTS (SELECT 1 FROM event_endpoints)
    RETURNING "id"
  )`;

export const EVENT_DELIVERIES = `INSERT INTO "WebhookDelivery" ("organizationId", "eventId", "endpointId")
  SELECT :organizationId, event_row."id", event_endpoints."id" FROM event_row, event_endpoints`;
