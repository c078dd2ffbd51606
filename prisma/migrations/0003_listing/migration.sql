-- CreateIndex
CREATE INDEX "Thread_organizationId_idx" ON "Thread"("organizationId");

-- CreateIndex
CREATE INDEX "Thread_organizationId_id_idx" ON "Thread"("organizationId", "id");
