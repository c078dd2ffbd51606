-- The workers' claim reads only the pending deliveries: an index of those alone, rather than of every
-- delivery by status. A delivered or failed row leaves it, so that marking one delivered writes no entry
-- in it (the update changes an indexed column, so it writes one in each index it stays in), and the index
-- stays as small as the backlog instead of growing with the 7 days of delivered rows.

-- DropIndex
DROP INDEX "WebhookDelivery_status_nextAttemptAt_idx";

-- CreateIndex
CREATE INDEX "WebhookDelivery_due_idx" ON "WebhookDelivery"("nextAttemptAt") WHERE ("status" = 'pending');
