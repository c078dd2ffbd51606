-- Feedback tokens (src/tokens/): the signing secret of each organization, one row, replaced when rotated.
-- CreateTable
CREATE TABLE "FeedbackTokenSecret" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "secret" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeedbackTokenSecret_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FeedbackTokenSecret_organizationId_key" ON "FeedbackTokenSecret"("organizationId");

-- AddForeignKey
ALTER TABLE "FeedbackTokenSecret" ADD CONSTRAINT "FeedbackTokenSecret_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
