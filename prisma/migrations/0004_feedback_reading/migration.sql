-- DropIndex
DROP INDEX "Feedback_organizationId_externalUserId_idx";

-- DropIndex
DROP INDEX "FeedbackOption_organizationId_attributeOptionId_idx";

-- AlterTable: the existing feedback takes the thread and project of its message.
ALTER TABLE "Feedback" ADD COLUMN     "projectId" INTEGER,
ADD COLUMN     "threadId" INTEGER;

UPDATE "Feedback" f SET "threadId" = t."id", "projectId" = t."projectId"
FROM "Message" m JOIN "Thread" t ON t."id" = m."threadId"
WHERE m."id" = f."messageId";

ALTER TABLE "Feedback" ALTER COLUMN "projectId" SET NOT NULL,
ALTER COLUMN "threadId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "Feedback_organizationId_createdAt_id_feedbackType_idx" ON "Feedback"("organizationId", "createdAt" DESC, "id" DESC, "feedbackType");

-- CreateIndex
CREATE INDEX "Feedback_organizationId_projectId_createdAt_id_feedbackType_idx" ON "Feedback"("organizationId", "projectId", "createdAt" DESC, "id" DESC, "feedbackType");

-- CreateIndex
CREATE INDEX "Feedback_organizationId_threadId_createdAt_id_idx" ON "Feedback"("organizationId", "threadId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Feedback_organizationId_externalUserId_createdAt_id_feedbac_idx" ON "Feedback"("organizationId", "externalUserId", "createdAt" DESC, "id" DESC, "feedbackType");

-- CreateIndex
CREATE INDEX "Feedback_organizationId_feedbackType_createdAt_id_idx" ON "Feedback"("organizationId", "feedbackType", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Feedback_organizationId_id_idx" ON "Feedback"("organizationId", "id");

-- CreateIndex
CREATE INDEX "Feedback_feedbackText_idx" ON "Feedback" USING GIN ("feedbackText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "FeedbackOption_organizationId_attributeOptionId_feedbackId_idx" ON "FeedbackOption"("organizationId", "attributeOptionId", "feedbackId");
