import type { Driver } from "../db/driver.ts";
import { invalidInput, notFound } from "../errors.ts";
import { LIMITS } from "../limits.ts";
import type { EventType, WebhookView } from "./views.ts";
import { newSecret } from "./signature.ts";
import { CREATE_ENDPOINT, DELETE_ENDPOINT, LIST_DELIVERIES, LIST_ENDPOINTS, LOCK_ENDPOINTS, RECORD_TEST_EVENT } from "./sql.ts";
import { checkUrl, UnsafeUrlError, type UrlPolicy } from "./url.ts";

export interface WebhookInput {
  url: string;
  events: EventType[];
  description?: string | null;
}

export const webhookNotFound = () => notFound("Webhook not found");

/** Registers an endpoint whose URL passed the checks; over the organization's limit is a 400, and nothing is stored. */
export async function createWebhook(driver: Driver, policy: UrlPolicy, organizationId: number, input: WebhookInput) {
  await checkUrl(input.url, policy).catch((error: unknown) => {
    throw error instanceof UnsafeUrlError ? invalidInput(`Invalid field 'url': ${error.message}`) : error;
  });
  const secret = newSecret();
  return driver.transaction(async (tx) => {
    await tx.rows(LOCK_ENDPOINTS, { organizationId });
    const [row] = await tx.rows(CREATE_ENDPOINT, { organizationId, url: input.url, events: input.events, description: input.description ?? null, secret });
    if (row!.count > LIMITS.webhooksPerOrganization) {
      throw invalidInput(`Invalid field 'url': an organization has at most ${LIMITS.webhooksPerOrganization} webhooks`);
    }
    return { ...(row!.webhook), secret };
  });
}

export async function listWebhooks(driver: Driver, organizationId: number): Promise<{ rows: WebhookView[] }> {
  const rows = await driver.rows(LIST_ENDPOINTS, { organizationId });
  return { rows: rows.map((row) => row.webhook) };
}

export async function deleteWebhook(driver: Driver, organizationId: number, id: number): Promise<void> {
  const [deleted] = await driver.rows(DELETE_ENDPOINT, { organizationId, webhookId: id });
  if (!deleted) throw webhookNotFound();
}

/** Queues a `webhook.test` event for this endpoint alone. */
export async function testWebhook(driver: Driver, organizationId: number, id: number): Promise<{ eventId: string }> {
  const [row] = await driver.rows(RECORD_TEST_EVENT, { organizationId, webhookId: id });
  if (!row) throw webhookNotFound();
  return row;
}

export async function listDeliveries(driver: Driver, organizationId: number, id: number) {
  const [row] = await driver.rows(LIST_DELIVERIES, { organizationId, webhookId: id });
  if (!row) throw webhookNotFound();
  return { rows: row.rows };
}
