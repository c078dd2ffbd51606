// The statements of webhooks: the endpoints, the outbox (events and their deliveries) and the workers' claims.
import { statement } from "../db/statement.ts";
import type { WebhookDeliveryView, WebhookView } from "./views.ts";
import { isoTimestampText as iso } from "../db/sql.ts";
import { factJson } from "../memory/facts/sql.ts";
import { DELIVERIES_WRITTEN, EVENT_DELIVERIES, eventBody, eventRow, type ClaimedDelivery, type EventParams } from "./eventSql.ts";

/** The Webhook object of `WebhookEndpoint e` (never its secret). */
const webhookJson = `json_build_object(
  'id', e."id", 'url', e."url", 'events', to_json(e."events"), 'description', e."description", 'createdAt', ${iso('e."createdAt"')})`;

const recordEvent = <Params extends object>(name: string, payload: string) =>
  statement<EventParams & Params, ClaimedDelivery>(name, `WITH ${eventRow(payload)}, event_deliveries AS (${EVENT_DELIVERIES}) ${DELIVERIES_WRITTEN}`);

/** `data`: the event's data (JSON). */
export const RECORD_EVENT = recordEvent<{ data: string }>("webhook_record_event", ":data::jsonb");

/** The most facts the event carries: as many as one page of GET /api/external/memory/facts. */
const FACTS_IN_EVENT = 200;

/**
 * The event's data is what GET /api/external/memory/facts answers then for user `userId`,
 * `{ userExternalId, facts }` (the current facts, newest first), built only when an endpoint listens.
 */
export const RECORD_FACTS_EVENT = recordEvent<{ userId: number }>(
  "webhook_record_facts_event",
  `(SELECT json_build_object('userExternalId', u."externalId", 'facts', COALESCE((
      SELECT json_agg(listed."fact" ORDER BY listed."statedAt" DESC, listed."id" DESC) FROM (
        SELECT f."id", f."statedAt", ${factJson} AS "fact"
        FROM "Fact" f JOIN "Thread" t ON t."id" = f."threadId" JOIN "Message" m ON m."id" = f."messageId"
        WHERE f."organizationId" = :organizationId::int AND f."externalUserId" = u."id" AND f."invalidAt" IS NULL
        ORDER BY f."statedAt" DESC, f."id" DESC
        LIMIT ${FACTS_IN_EVENT}) listed), '[]'))::jsonb
    FROM "ExternalUser" u WHERE u."organizationId" = :organizationId::int AND u."id" = :userId::int)`,
);

/**
 * A `webhook.test` event delivered to that endpoint alone (data: its
 * id); no row when the organization has no such endpoint.
 */
export const RECORD_TEST_EVENT = statement<{ organizationId: number; webhookId: number }, { eventId: string }>(
  "webhook_record_test_event",
  `
    WITH endpoint AS (
      SELECT e."id" FROM "WebhookEndpoint" e WHERE e."organizationId" = :organizationId AND e."id" = :webhookId
    ), event AS (
      INSERT INTO "WebhookEvent" ("organizationId", "type", "payload")
      SELECT :organizationId, 'webhook.test', json_build_object('webhookId', endpoint."id")::jsonb FROM endpoint
      RETURNING "id"
    ), delivery AS (
      INSERT INTO "WebhookDelivery" ("organizationId", "eventId", "endpointId")
      SELECT :organizationId, event."id", endpoint."id" FROM event, endpoint
    )
    SELECT event."id" AS "eventId" FROM event`,
);

/** Serializes the creations of one organization's endpoints (`organizationId`), so that concurrent ones cannot pass its limit together. */
export const LOCK_ENDPOINTS = statement<{ organizationId: number }, never>(
  "webhook_lock_endpoints",
  `SELECT pg_advisory_xact_lock(hashtext('WebhookEndpoint'), :organizationId)::text`,
);

/** The new Webhook, and how many the organization has now. */
export const CREATE_ENDPOINT = statement<{ organizationId: number; url: string; events: string[]; description: string | null; secret: string }, { webhook: WebhookView; count: number }>(
  "webhook_create_endpoint",
  `
    WITH e AS (
      INSERT INTO "WebhookEndpoint" ("organizationId", "url", "events", "description", "secret")
      VALUES (:organizationId, :url, :events::text[], :description, :secret)
      RETURNING *
    )
    SELECT ${webhookJson} AS "webhook",
      (SELECT count(*)::int + 1 FROM "WebhookEndpoint" o WHERE o."organizationId" = :organizationId) AS "count"
    FROM e`,
);

/** Its Webhooks, oldest first. */
export const LIST_ENDPOINTS = statement<{ organizationId: number }, { webhook: WebhookView }>(
  "webhook_list_endpoints",
  `SELECT ${webhookJson} AS "webhook" FROM "WebhookEndpoint" e WHERE e."organizationId" = :organizationId ORDER BY e."id"`,
);

/** `webhookId` endpoint id; its deliveries go with it (cascade). */
export const DELETE_ENDPOINT = statement<{ organizationId: number; webhookId: number }, { id: number }>(
  "webhook_delete_endpoint",
  `DELETE FROM "WebhookEndpoint" WHERE "organizationId" = :organizationId AND "id" = :webhookId RETURNING "id"`,
);

/** Its latest 100 deliveries, newest first; no row `found` when there is no such endpoint. */
export const LIST_DELIVERIES = statement<{ organizationId: number; webhookId: number }, { rows: WebhookDeliveryView[] }>(
  "webhook_list_deliveries",
  `
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
    FROM "WebhookEndpoint" e WHERE e."organizationId" = :organizationId AND e."id" = :webhookId`,
);

/**
 * Claims up to `limit` due pending deliveries, so that no endpoint has more than `perEndpoint` in flight here (`busyEndpointIds`
 * endpoint ids with `inFlight` their deliveries in flight here), by leasing them for `leaseMs` milliseconds: they
 * stay pending with nextAttemptAt past the lease, so another worker skips them (SKIP LOCKED while
 * this statement runs, the lease after) and a worker that dies leaves them due again. Each claim
 * counts as an attempt. Endpoints already full are skipped before the limit, so that a backlog of
 * one slow endpoint never keeps the others' deliveries out.
 */
export const CLAIM_DELIVERIES = statement<{ limit: number; perEndpoint: number; busyEndpointIds: number[]; leaseMs: number; inFlight: number[] }, ClaimedDelivery>(
  "webhook_claim_deliveries",
  `
    WITH busy AS (
      SELECT * FROM unnest(:busyEndpointIds::int[], :inFlight::int[]) AS b("endpointId", "inFlight")
    ), due AS (
      SELECT d."id" FROM "WebhookDelivery" d
      WHERE d."status" = 'pending' AND d."nextAttemptAt" <= now()
        AND NOT EXISTS (SELECT 1 FROM busy b WHERE b."endpointId" = d."endpointId" AND b."inFlight" >= :perEndpoint)
      ORDER BY d."nextAttemptAt"
      LIMIT :limit * 4
      FOR UPDATE SKIP LOCKED
    ), picked AS (
      SELECT x."id" FROM (
        SELECT d."id", d."nextAttemptAt", COALESCE(b."inFlight", 0) AS "inFlight",
          row_number() OVER (PARTITION BY d."endpointId" ORDER BY d."nextAttemptAt", d."id") AS "rank"
        FROM "WebhookDelivery" d JOIN due ON due."id" = d."id"
        LEFT JOIN busy b ON b."endpointId" = d."endpointId"
      ) x
      WHERE x."rank" <= :perEndpoint - x."inFlight"
      ORDER BY x."nextAttemptAt"
      LIMIT :limit
    ), claimed AS (
      UPDATE "WebhookDelivery" d
      SET "nextAttemptAt" = now() + make_interval(secs => :leaseMs::float8 / 1000), "attempts" = d."attempts" + 1
      FROM picked WHERE d."id" = picked."id"
      RETURNING d."id", d."eventId", d."endpointId", d."attempts"
    )
    SELECT c."id"::text AS "id", c."eventId", c."endpointId", c."attempts", e."url", e."secret",
      ${eventBody("ev")} AS "body", ${iso('ev."createdAt"')} AS "eventCreatedAt"
    FROM claimed c
    JOIN "WebhookEndpoint" e ON e."id" = c."endpointId"
    JOIN "WebhookEvent" ev ON ev."id" = c."eventId"`,
);

/** `statusCodes` their status codes: delivered (several at once: one statement per batch, not per delivery). */
export const MARK_DELIVERED = statement<{ deliveryIds: string[]; statusCodes: number[] }, never>("webhook_mark_delivered", `
    UPDATE "WebhookDelivery" d SET "status" = 'delivered', "lastStatusCode" = s."statusCode", "lastError" = NULL, "nextAttemptAt" = NULL
    FROM unnest(:deliveryIds::bigint[], :statusCodes::int[]) AS s("id", "statusCode")
    WHERE d."id" = s."id"`);

/**
 * Deliveries leased to a worker that will not attempt them (`deliveryIds`, with the `attempts` their lease counted): due at
 * once, the lease's attempt not counted. One whose attempts moved on was claimed again after its lease ran out: left to that claim.
 */
export const RELEASE_DELIVERIES = statement<{ deliveryIds: string[]; attempts: number[] }, never>("webhook_release_deliveries", `
    UPDATE "WebhookDelivery" d SET "nextAttemptAt" = now(), "attempts" = d."attempts" - 1
    FROM unnest(:deliveryIds::bigint[], :attempts::int[]) AS r("id", "attempts")
    WHERE d."id" = r."id" AND d."attempts" = r."attempts" AND d."status" = 'pending'`);

/** `retryInMs` milliseconds to the next attempt, or null: failed for good. */
export const MARK_ATTEMPT_FAILED = statement<{ deliveryId: string; statusCode: number | null; error: string; retryInMs: number | null }, never>(
  "webhook_mark_attempt_failed",
  `
    UPDATE "WebhookDelivery" SET "lastStatusCode" = :statusCode, "lastError" = :error,
      "status" = CASE WHEN :retryInMs::float8 IS NULL THEN 'failed' ELSE 'pending' END,
      "nextAttemptAt" = now() + make_interval(secs => :retryInMs::float8 / 1000)
    WHERE "id" = :deliveryId::bigint`,
);

/** Deletes up to `limit` events older than `keepHours` hours with no delivery still pending (their deliveries go with them); answers how many. */
export const DELETE_OLD_EVENTS = statement<{ keepHours: number; limit: number }, { deleted: number }>("webhook_delete_old_events", `
    WITH old AS (
      SELECT ev."id" FROM "WebhookEvent" ev
      WHERE ev."createdAt" < now() - make_interval(hours => :keepHours::int)
        AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = ev."id" AND d."status" = 'pending')
      ORDER BY ev."createdAt"
      LIMIT :limit
      FOR UPDATE SKIP LOCKED
    ), deleted AS (
      DELETE FROM "WebhookEvent" ev USING old WHERE ev."id" = old."id" RETURNING 1
    )
    SELECT count(*)::int AS "deleted" FROM deleted`);
