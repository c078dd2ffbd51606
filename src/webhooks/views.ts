import type { IsoTimestamp } from "../db/json.ts";

/** The event types an endpoint subscribes to (openapi.yaml WebhookEventType). */
export const EVENT_TYPES = [
  "feedback.created",
  "feedback.updated",
  "thread.created",
  "thread.updated",
  "memory.facts_changed",
  "user.deleted",
  "alert.triggered",
  "alert.resolved",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The Webhook object of openapi.yaml; created, it also carries its secret, that once. */
export interface WebhookView {
  id: number;
  url: string;
  events: EventType[];
  description: string | null;
  createdAt: IsoTimestamp;
}

/** The WebhookDelivery object of openapi.yaml. */
export interface WebhookDeliveryView {
  eventId: string;
  /** The event's type (an EventType or webhook.test). */
  type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: IsoTimestamp | null;
  createdAt: IsoTimestamp;
}
