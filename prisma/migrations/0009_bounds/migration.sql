-- How many segment types and segments each organization holds, so that their caps (src/limits.ts)
-- are checked by reading one row instead of counting up to 100,000. No foreign key: an organization's
-- deletion cascades to its segments, whose trigger then updates (never inserts) its counts.

-- CreateTable
CREATE TABLE "OrganizationCount" (
    "organizationId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "OrganizationCount_pkey" PRIMARY KEY ("organizationId","kind")
);

-- Statement triggers, whatever writes the rows (the API, import, a cascade): an insert adds the
-- inserted rows to their organizations' count of TG_ARGV[0], a delete subtracts the deleted ones.
-- Adding locks the organization's count row until commit, so that concurrent additions are counted
-- one after the other. Organizations in id order, so that multi-organization statements lock alike.
CREATE FUNCTION "organization_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "OrganizationCount" ("organizationId", "kind", "count")
  SELECT "organizationId", TG_ARGV[0], count(*) FROM added GROUP BY "organizationId" ORDER BY "organizationId"
  ON CONFLICT ("organizationId", "kind") DO UPDATE SET "count" = "OrganizationCount"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;

CREATE FUNCTION "organization_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "OrganizationCount" c SET "count" = c."count" - removed_rows."count"
  FROM (SELECT "organizationId", count(*) AS "count" FROM removed GROUP BY "organizationId") removed_rows
  WHERE c."organizationId" = removed_rows."organizationId" AND c."kind" = TG_ARGV[0];
  RETURN NULL;
END $$;

CREATE TRIGGER "SegmentType_count_added" AFTER INSERT ON "SegmentType"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "organization_count_added"('segmentTypes');
CREATE TRIGGER "SegmentType_count_removed" AFTER DELETE ON "SegmentType"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "organization_count_removed"('segmentTypes');
CREATE TRIGGER "Segment_count_added" AFTER INSERT ON "Segment"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "organization_count_added"('segments');
CREATE TRIGGER "Segment_count_removed" AFTER DELETE ON "Segment"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "organization_count_removed"('segments');

-- The counts of the data already stored.
INSERT INTO "OrganizationCount" ("organizationId", "kind", "count")
SELECT "organizationId", 'segmentTypes', count(*) FROM "SegmentType" GROUP BY "organizationId"
UNION ALL
SELECT "organizationId", 'segments', count(*) FROM "Segment" GROUP BY "organizationId";
