// The statements of webhooks: the endpoints, the outbox (events and their deliveries) and the workers' claims.
import type { Statement } from "../db/driver.ts";
import { isoTimestampText as iso } from "../db/sql.ts";
import { feedbackJoins, feedbackJson, storedFeedbackOptions } from "../feedback/sql.ts";

/** The Webhook object of `WebhookEndpoint e` (never its secret). */
const webhookJson = `json_build_object(
  'id', e."id", 'url', e."url", 'events', to_json(e."events"), 'description', e."description", 'createdAt', ${iso('e."createdAt"')})`;

/**
 * An event of organization $1 and type $2 with the payload `payload` (SQL over the statement's other
 * parameters), and a pending delivery to each endpoint subscribed to the type; nothing at all when
 * none is, so that a change nobody listens to costs one indexed probe of a small table.
 */
const recordEvent = (payload: string) => `
  WITH endpoints AS (
    SELECT e."id" FROM "WebhookEndpoint" e WHERE e."organizationId" = $1::int AND $2::text = ANY(e."events")
  ), event AS (
    INSERT INTO "WebhookEvent" ("organizationId", "type", "payload")
    SELECT $1::int, $2::text, ${payload} WHERE EXISTS (SELECT 1 FROM endpoints)
    RETURNING "id"
  )
  INSERT INTO "WebhookDelivery" ("organizationId", "eventId", "endpointId")
  SELECT $1, event."id", endpoints."id" FROM event, endpoints`;

/** $1 organization, $2 type, $3 the event's data (JSON). */
export const RECORD_EVENT: Statement<never> = { name: "webhook_record_event", text: recordEvent("$3::jsonb") };

/**
 * $1 organization, $2 type, $3 feedback id: the event's data is the Feedback object as a private key
 * gets it, built here only when an endpoint listens (the vote's answer may be a public key's view).
 */
export const RECORD_FEEDBACK_EVENT: Statement<never> = {
  name: "webhook_record_feedback_event",
  text: recordEvent(`(SELECT ${feedbackJson(storedFeedbackOptions)}::jsonb FROM "Feedback" f ${feedbackJoins}
    WHERE f."organizationId" = $1 AND f."id" = $3)`),
};

/**
 * $1 organization, $2 endpoint id: a `webhook.test` event delivered to that endpoint alone (data: its
 * id); no row when the organization has no such endpoint.
 */
export const RECORD_TEST_EVENT: Statement<{ eventId: string }> = {
  name: "webhook_record_test_event",
  text: `
    WITH endpoint AS (
      SELECT e."id" FROM "WebhookEndpoint" e WHERE e."organizationId" = $1 AND e."id" = $2
    ), event AS (
      INSERT INTO "WebhookEvent" ("organizationId", "type", "payload")
      SELECT $1, 'webhook.test', json_build_object('webhookId', endpoint."id")::jsonb FROM endpoint
      RETURNING "id"
    ), delivery AS (
      INSERT INTO "WebhookDelivery" ("organizationId", "eventId", "endpointId")
      SELECT $1, event."id", endpoint."id" FROM event, endpoint
    )
    SELECT event."id" AS "eventId" FROM event`,
};

/** Serializes the creations of one organization's endpoints ($1), so that concurrent ones cannot pass its limit together. */
export const LOCK_ENDPOINTS: Statement<never> = {
  name: "webhook_lock_endpoints",
  text: `SELECT pg_advisory_xact_lock(hashtext('WebhookEndpoint'), $1)::text`,
};

/** $1 organization, $2 url, $3 events, $4 description, $5 secret: the new Webhook, and how many the organization has now. */
export const CREATE_ENDPOINT: Statement<{ webhook: unknown; count: number }> = {
  name: "webhook_create_endpoint",
  text: `
    WITH e AS (
      INSERT INTO "WebhookEndpoint" ("organizationId", "url", "events", "description", "secret")
      VALUES ($1, $2, $3::text[], $4, $5)
      RETURNING *
    )
    SELECT ${webhookJson} AS "webhook",
      (SELECT count(*)::int + 1 FROM "WebhookEndpoint" o WHERE o."organizationId" = $1) AS "count"
    FROM e`,
};

/** $1 organization: its Webhooks, oldest first. */
export const LIST_ENDPOINTS: Statement<{ webhook: unknown }> = {
  name: "webhook_list_endpoints",
  text: `SELECT ${webhookJson} AS "webhook" FROM "WebhookEndpoint" e WHERE e."organizationId" = $1 ORDER BY e."id"`,
};

/** $1 organization, $2 endpoint id; its deliveries go with it (cascade). */
export const DELETE_ENDPOINT: Statement<{ id: number }> = {
  name: "webhook_delete_endpoint",
  text: `DELETE FROM "WebhookEndpoint" WHERE "organizationId" = $1 AND "id" = $2 RETURNING "id"`,
};

/** $1 organization, $2 endpoint id: its latest 100 deliveries, newest first; no row `found` when there is no such endpoint. */
export const LIST_DELIVERIES: Statement<{ rows: unknown }> = {
  name: "webhook_list_deliveries",
  text: `
    SELECT COALESCE((
      SELECT json_agg(json_build_object(
        'eventId', d."eventId", 'type', ev."type", 'status', d."status", 'attempts', d."attempts",
        'lastStatusCode', d."lastStatusCode", 'lastError', d."lastError",
        'nextAttemptAt', CASE WHEN d."status" = 'pending' THEN ${iso('d."nextAttemptAt"')} END,
        'createdAt', ${iso('d."createdAt"')}) ORDER BY d."createdAt" DESC, d."id" DESC)
      FROM (
        SELECT * FROM "WebhookDelivery" d WHERE d."endpointId" = e."id"
        ORDER BY d."createdAt" DESC, d."id" DESC LIMIT 100
      ) d
      JOIN "WebhookEvent" ev ON ev."id" = d."eventId"), '[]') AS "rows"
    FROM "WebhookEndpoint" e WHERE e."organizationId" = $1 AND e."id" = $2`,
};

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

/**
 * Claims up to $1 due pending deliveries, so that no endpoint has more than $2 in flight here ($3
 * endpoint ids with $5 their deliveries in flight here), by leasing them for $4 milliseconds: they
 * stay pending with nextAttemptAt past the lease, so another worker skips them (SKIP LOCKED while
 * this statement runs, the lease after) and a worker that dies leaves them due again. Each claim
 * counts as an attempt. Endpoints already full are skipped before the limit, so that a backlog of
 * one slow endpoint never keeps the others' deliveries out.
 */
export const CLAIM_DELIVERIES: Statement<ClaimedDelivery> = {
  name: "webhook_claim_deliveries",
  text: `
    WITH busy AS (
      SELECT * FROM unnest($3::int[], $5::int[]) AS b("endpointId", "inFlight")
    ), due AS (
      SELECT d."id" FROM "WebhookDelivery" d
      WHERE d."status" = 'pending' AND d."nextAttemptAt" <= now()
        AND NOT EXISTS (SELECT 1 FROM busy b WHERE b."endpointId" = d."endpointId" AND b."inFlight" >= $2)
      ORDER BY d."nextAttemptAt"
      LIMIT $1 * 4
      FOR UPDATE SKIP LOCKED
    ), picked AS (
      SELECT x."id" FROM (
        SELECT d."id", d."nextAttemptAt", COALESCE(b."inFlight", 0) AS "inFlight",
          row_number() OVER (PARTITION BY d."endpointId" ORDER BY d."nextAttemptAt", d."id") AS "rank"
        FROM "WebhookDelivery" d JOIN due ON due."id" = d."id"
        LEFT JOIN busy b ON b."endpointId" = d."endpointId"
      ) x
      WHERE x."rank" <= $2 - x."inFlight"
      ORDER BY x."nextAttemptAt"
      LIMIT $1
    ), claimed AS (
      UPDATE "WebhookDelivery" d
      SET "nextAttemptAt" = now() + make_interval(secs => $4::float8 / 1000), "attempts" = d."attempts" + 1
      FROM picked WHERE d."id" = picked."id"
      RETURNING d."id", d."eventId", d."endpointId", d."attempts"
    )
    SELECT c."id"::text AS "id", c."eventId", c."endpointId", c."attempts", e."url", e."secret",
      json_build_object('id', ev."id", 'type', ev."type", 'createdAt', ${iso('ev."createdAt"')},
        'organizationId', ev."organizationId", 'data', ev."payload")::text AS "body",
      ${iso('ev."createdAt"')} AS "eventCreatedAt"
    FROM claimed c
    JOIN "WebhookEndpoint" e ON e."id" = c."endpointId"
    JOIN "WebhookEvent" ev ON ev."id" = c."eventId"`,
};

/** $1 delivery ids, $2 their status codes: delivered (several at once: one statement per batch, not per delivery). */
export const MARK_DELIVERED: Statement<never> = {
  name: "webhook_mark_delivered",
  text: `
    UPDATE "WebhookDelivery" d SET "status" = 'delivered', "lastStatusCode" = s."statusCode", "lastError" = NULL, "nextAttemptAt" = NULL
    FROM unnest($1::bigint[], $2::int[]) AS s("id", "statusCode")
    WHERE d."id" = s."id"`,
};

/** $1 delivery id, $2 status code or null, $3 error, $4 milliseconds to the next attempt, or null: failed for good. */
export const MARK_ATTEMPT_FAILED: Statement<never> = {
  name: "webhook_mark_attempt_failed",
  text: `
    UPDATE "WebhookDelivery" SET "lastStatusCode" = $2, "lastError" = $3,
      "status" = CASE WHEN $4::float8 IS NULL THEN 'failed' ELSE 'pending' END,
      "nextAttemptAt" = now() + make_interval(secs => $4::float8 / 1000)
    WHERE "id" = $1::bigint`,
};

/** Deletes up to $2 events older than $1 hours with no delivery still pending (their deliveries go with them); answers how many. */
export const DELETE_OLD_EVENTS: Statement<{ deleted: number }> = {
  name: "webhook_delete_old_events",
  text: `
    WITH old AS (
      SELECT ev."id" FROM "WebhookEvent" ev
      WHERE ev."createdAt" < now() - make_interval(hours => $1::int)
        AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = ev."id" AND d."status" = 'pending')
      ORDER BY ev."createdAt"
      LIMIT $2
      FOR UPDATE SKIP LOCKED
    ), deleted AS (
      DELETE FROM "WebhookEvent" ev USING old WHERE ev."id" = old."id" RETURNING 1
    )
    SELECT count(*)::int AS "deleted" FROM deleted`,
};
