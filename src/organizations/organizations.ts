import type { PrismaClient } from "../../generated/prisma/client.ts";
import { inTransaction, type Db } from "../db/types.ts";
import { createApiKey } from "../keys/keys.ts";

export interface InitializedOrganization {
  organizationId: number;
  projectId: number;
  privateKey: string;
  publicKey: string;
}

async function createOrganizationWithKeys(db: Db, orgName: string, projectName: string): Promise<InitializedOrganization> {
  const organization = await db.organization.create({
    data: { name: orgName, projects: { create: { name: projectName } } },
    include: { projects: true },
  });
  const privateKey = await createApiKey(db, organization.id, "private");
  const publicKey = await createApiKey(db, organization.id, "public");
  return {
    organizationId: organization.id,
    projectId: organization.projects[0]!.id,
    privateKey: privateKey.key,
    publicKey: publicKey.key,
  };
}

/** An organization, its first project and one key of each kind, all or nothing. */
export function initOrganization(prisma: PrismaClient, orgName: string, projectName: string): Promise<InitializedOrganization> {
  return inTransaction(prisma, (tx) => createOrganizationWithKeys(tx, orgName, projectName));
}

// Any fixed number: it only has to be the same for every instance of the service.
const BOOTSTRAP_LOCK = 815_000_001;

/**
 * On an empty database, creates the `default` organization and project with one key of each
 * kind and returns them; otherwise null. Several instances starting at once create it once:
 * they queue on a transaction-scoped advisory lock and the later ones find the organization.
 */
export function bootstrapDefaultOrganization(prisma: PrismaClient): Promise<InitializedOrganization | null> {
  return inTransaction(prisma, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`;
    if (await tx.organization.findFirst({ select: { id: true } })) return null;
    return createOrganizationWithKeys(tx, "default", "default");
  });
}

export async function organizationExists(db: Db, organizationId: number): Promise<boolean> {
  return (await db.organization.count({ where: { id: organizationId } })) > 0;
}

export interface OrganizationListing {
  id: number;
  name: string;
  createdAt: Date;
  projects: { id: number; name: string }[];
}

/** Every organization with its projects, oldest first: how an operator finds a lost organization id. */
export function listOrganizations(db: Db): Promise<OrganizationListing[]> {
  return db.organization.findMany({
    select: { id: true, name: true, createdAt: true, projects: { select: { id: true, name: true }, orderBy: { id: "asc" } } },
    orderBy: { id: "asc" },
  });
}
