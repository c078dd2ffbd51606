-- AlterTable
ALTER TABLE "Thread" ADD COLUMN     "summaryMessageId" INTEGER;

-- CreateIndex
CREATE INDEX "Thread_memory_idx" ON "Thread"("organizationId", "externalUserId", "createdAt" DESC, "id" DESC) WHERE (summary <> '');
