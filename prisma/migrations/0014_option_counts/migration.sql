-- The feedback listing filtered by one attribute option counts from that option's daily counts alone
-- (src/feedback/statsSql.ts, optionCount): the key of "FeedbackCount" has the option last, so reading
-- one option's rows read every option's (15,000 rows to keep a few hundred).

-- CreateIndex
CREATE INDEX "FeedbackCount_organizationId_dimension_dimensionId_projectI_idx" ON "FeedbackCount"("organizationId", "dimension", "dimensionId", "projectId", "day");
