-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "language" TEXT;

-- CreateTable
CREATE TABLE "Fact" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "externalUserId" INTEGER NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "statedAt" TIMESTAMP(3) NOT NULL,
    "invalidAt" TIMESTAMP(3),
    "supersededById" INTEGER,
    "threadId" INTEGER NOT NULL,
    "messageId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Fact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FactForgotten" (
    "organizationId" INTEGER NOT NULL,
    "externalUserId" INTEGER NOT NULL,
    "subject" TEXT NOT NULL,
    "statement" TEXT NOT NULL,
    "forgottenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FactForgotten_pkey" PRIMARY KEY ("organizationId","externalUserId","subject","statement")
);

-- CreateIndex
CREATE INDEX "Fact_organizationId_externalUserId_subject_statedAt_message_idx" ON "Fact"("organizationId", "externalUserId", "subject", "statedAt", "messageId");

-- CreateIndex
CREATE INDEX "Fact_organizationId_externalUserId_statedAt_id_idx" ON "Fact"("organizationId", "externalUserId", "statedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Fact_messageId_idx" ON "Fact"("messageId");

-- CreateIndex
CREATE INDEX "Fact_threadId_idx" ON "Fact"("threadId");

-- CreateIndex
CREATE INDEX "Fact_supersededById_idx" ON "Fact"("supersededById");

-- CreateIndex
CREATE UNIQUE INDEX "Fact_current_key" ON "Fact"("organizationId", "externalUserId", "subject") WHERE ("invalidAt" IS NULL);

-- AddForeignKey
ALTER TABLE "Fact" ADD CONSTRAINT "Fact_externalUserId_fkey" FOREIGN KEY ("externalUserId") REFERENCES "ExternalUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Fact" ADD CONSTRAINT "Fact_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Fact" ADD CONSTRAINT "Fact_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Fact" ADD CONSTRAINT "Fact_supersededById_fkey" FOREIGN KEY ("supersededById") REFERENCES "Fact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactForgotten" ADD CONSTRAINT "FactForgotten_externalUserId_fkey" FOREIGN KEY ("externalUserId") REFERENCES "ExternalUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Search of a user's own messages (hand-written: Prisma declares neither functions nor expression indexes,
-- and its diff leaves both alone). A message is stemmed in its language when known, else word for word
-- ('simple'). Each function is self-contained: index builds run with search_path = pg_catalog.
CREATE FUNCTION "message_search_vector"(language TEXT, content TEXT) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector(CASE language
    WHEN 'en' THEN 'english' WHEN 'de' THEN 'german' WHEN 'fr' THEN 'french' WHEN 'es' THEN 'spanish'
    WHEN 'pt' THEN 'portuguese' WHEN 'it' THEN 'italian' WHEN 'nl' THEN 'dutch' ELSE 'simple' END::regconfig, content)
$$;

CREATE FUNCTION "message_search_query"(language TEXT, query TEXT) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT plainto_tsquery(CASE language
    WHEN 'en' THEN 'english' WHEN 'de' THEN 'german' WHEN 'fr' THEN 'french' WHEN 'es' THEN 'spanish'
    WHEN 'pt' THEN 'portuguese' WHEN 'it' THEN 'italian' WHEN 'nl' THEN 'dutch' ELSE 'simple' END::regconfig, query)
$$;

-- The configuration of a message's language, for ts_headline (queries only: index builds cannot call it).
CREATE FUNCTION "message_search_config"(language TEXT) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE language
    WHEN 'en' THEN 'english' WHEN 'de' THEN 'german' WHEN 'fr' THEN 'french' WHEN 'es' THEN 'spanish'
    WHEN 'pt' THEN 'portuguese' WHEN 'it' THEN 'italian' WHEN 'nl' THEN 'dutch' ELSE 'simple' END::regconfig
$$;

-- Only the users' own messages are searched.
CREATE INDEX "Message_search_idx" ON "Message" USING GIN ("message_search_vector"("language", "content")) WHERE "role" = 'user';
