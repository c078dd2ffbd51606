-- Added by hand: the GIN gin_trgm_ops indexes below need pg_trgm, which schema.prisma does not declare.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateTable
CREATE TABLE "Organization" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExternalUser" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "username" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExternalUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SegmentType" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SegmentType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Segment" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "userSegmentTypeId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Segment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserSegment" (
    "organizationId" INTEGER NOT NULL,
    "externalUserId" INTEGER NOT NULL,
    "userSegmentTypeId" INTEGER NOT NULL,
    "segmentId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserSegment_pkey" PRIMARY KEY ("organizationId","externalUserId","userSegmentTypeId")
);

-- CreateTable
CREATE TABLE "Thread" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "externalUserId" INTEGER NOT NULL,
    "externalId" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "summary" TEXT NOT NULL DEFAULT '',
    "summaryUpdatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Thread_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Message" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "threadId" INTEGER NOT NULL,
    "externalId" TEXT,
    "role" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'markdown',
    "content" TEXT NOT NULL,
    "jsonContent" JSONB,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Intent" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Intent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ThreadIntent" (
    "organizationId" INTEGER NOT NULL,
    "threadId" INTEGER NOT NULL,
    "intentId" INTEGER NOT NULL,

    CONSTRAINT "ThreadIntent_pkey" PRIMARY KEY ("organizationId","threadId","intentId")
);

-- CreateTable
CREATE TABLE "Attribute" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Attribute_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AttributeOption" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "attributeId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AttributeOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Feedback" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "messageId" INTEGER NOT NULL,
    "externalUserId" INTEGER NOT NULL,
    "feedbackType" VARCHAR(255),
    "feedbackText" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Feedback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeedbackOption" (
    "organizationId" INTEGER NOT NULL,
    "feedbackId" INTEGER NOT NULL,
    "attributeOptionId" INTEGER NOT NULL,

    CONSTRAINT "FeedbackOption_pkey" PRIMARY KEY ("organizationId","feedbackId","attributeOptionId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Project_organizationId_name_key" ON "Project"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_prefix_key" ON "ApiKey"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");

-- CreateIndex
CREATE INDEX "ApiKey_organizationId_idx" ON "ApiKey"("organizationId");

-- CreateIndex
CREATE INDEX "ExternalUser_externalId_idx" ON "ExternalUser" USING GIN ("externalId" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ExternalUser_name_idx" ON "ExternalUser" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ExternalUser_email_idx" ON "ExternalUser" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ExternalUser_username_idx" ON "ExternalUser" USING GIN ("username" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "ExternalUser_organizationId_externalId_key" ON "ExternalUser"("organizationId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "SegmentType_organizationId_name_key" ON "SegmentType"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Segment_organizationId_userSegmentTypeId_name_key" ON "Segment"("organizationId", "userSegmentTypeId", "name");

-- CreateIndex
CREATE INDEX "UserSegment_organizationId_segmentId_externalUserId_idx" ON "UserSegment"("organizationId", "segmentId", "externalUserId");

-- CreateIndex
CREATE INDEX "Thread_organizationId_createdAt_id_idx" ON "Thread"("organizationId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Thread_organizationId_projectId_createdAt_id_idx" ON "Thread"("organizationId", "projectId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Thread_organizationId_externalUserId_createdAt_id_idx" ON "Thread"("organizationId", "externalUserId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Thread_organizationId_externalId_idx" ON "Thread"("organizationId", "externalId");

-- CreateIndex
CREATE INDEX "Thread_externalId_idx" ON "Thread" USING GIN ("externalId" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "Thread_organizationId_projectId_externalId_key" ON "Thread"("organizationId", "projectId", "externalId");

-- CreateIndex
CREATE INDEX "Message_organizationId_threadId_id_idx" ON "Message"("organizationId", "threadId", "id");

-- CreateIndex
CREATE INDEX "Message_content_idx" ON "Message" USING GIN ("content" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "Message_organizationId_threadId_externalId_key" ON "Message"("organizationId", "threadId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Intent_organizationId_projectId_name_key" ON "Intent"("organizationId", "projectId", "name");

-- CreateIndex
CREATE INDEX "ThreadIntent_organizationId_intentId_threadId_idx" ON "ThreadIntent"("organizationId", "intentId", "threadId");

-- CreateIndex
CREATE UNIQUE INDEX "Attribute_organizationId_projectId_name_key" ON "Attribute"("organizationId", "projectId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "AttributeOption_organizationId_attributeId_name_key" ON "AttributeOption"("organizationId", "attributeId", "name");

-- CreateIndex
CREATE INDEX "Feedback_organizationId_externalUserId_idx" ON "Feedback"("organizationId", "externalUserId");

-- CreateIndex
CREATE UNIQUE INDEX "Feedback_organizationId_messageId_externalUserId_key" ON "Feedback"("organizationId", "messageId", "externalUserId");

-- CreateIndex
CREATE INDEX "FeedbackOption_organizationId_attributeOptionId_idx" ON "FeedbackOption"("organizationId", "attributeOptionId");

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExternalUser" ADD CONSTRAINT "ExternalUser_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SegmentType" ADD CONSTRAINT "SegmentType_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Segment" ADD CONSTRAINT "Segment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Segment" ADD CONSTRAINT "Segment_userSegmentTypeId_fkey" FOREIGN KEY ("userSegmentTypeId") REFERENCES "SegmentType"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserSegment" ADD CONSTRAINT "UserSegment_externalUserId_fkey" FOREIGN KEY ("externalUserId") REFERENCES "ExternalUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserSegment" ADD CONSTRAINT "UserSegment_userSegmentTypeId_fkey" FOREIGN KEY ("userSegmentTypeId") REFERENCES "SegmentType"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserSegment" ADD CONSTRAINT "UserSegment_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "Segment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Thread" ADD CONSTRAINT "Thread_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Thread" ADD CONSTRAINT "Thread_externalUserId_fkey" FOREIGN KEY ("externalUserId") REFERENCES "ExternalUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Intent" ADD CONSTRAINT "Intent_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThreadIntent" ADD CONSTRAINT "ThreadIntent_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThreadIntent" ADD CONSTRAINT "ThreadIntent_intentId_fkey" FOREIGN KEY ("intentId") REFERENCES "Intent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attribute" ADD CONSTRAINT "Attribute_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AttributeOption" ADD CONSTRAINT "AttributeOption_attributeId_fkey" FOREIGN KEY ("attributeId") REFERENCES "Attribute"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Feedback" ADD CONSTRAINT "Feedback_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Feedback" ADD CONSTRAINT "Feedback_externalUserId_fkey" FOREIGN KEY ("externalUserId") REFERENCES "ExternalUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeedbackOption" ADD CONSTRAINT "FeedbackOption_feedbackId_fkey" FOREIGN KEY ("feedbackId") REFERENCES "Feedback"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeedbackOption" ADD CONSTRAINT "FeedbackOption_attributeOptionId_fkey" FOREIGN KEY ("attributeOptionId") REFERENCES "AttributeOption"("id") ON DELETE CASCADE ON UPDATE CASCADE;
