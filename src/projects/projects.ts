import type { PrismaClient } from "../../generated/prisma/client.ts";
import { prismaQueries } from "../db/prismaQueries.ts";
import { inTransaction, type Db } from "../db/types.ts";
import { conflict, invalidInput, notFound } from "../errors.ts";
import { LIMITS, refuseOverLimit } from "../limits.ts";
import { lockOrganizationCount } from "../organizations/limits.ts";

export interface ProjectSummary {
  id: number;
  name: string;
  createdAt: Date;
}

const SUMMARY = { id: true, name: true, createdAt: true } as const;

export const projectNotFound = () => notFound("Project not found");

export function listProjects(db: Db, organizationId: number): Promise<ProjectSummary[]> {
  return db.project.findMany({ where: { organizationId }, orderBy: { id: "asc" }, select: SUMMARY });
}

/**
 * A new project; a name the organization already has is a 409 (the unique key decides, not a lookup),
 * one project more than the limit a 400 (counted under the organization's lock: concurrent creations
 * at the limit leave it at the limit).
 */
export function createProject(prisma: PrismaClient, organizationId: number, name: string): Promise<ProjectSummary> {
  return inTransaction(prisma, async (tx) => {
    try {
      const project = await tx.project.create({ data: { organizationId, name }, select: SUMMARY });
      await lockOrganizationCount(prismaQueries(tx), organizationId, "projects");
      await refuseOverLimit(tx.project.count({ where: { organizationId } }), LIMITS.projectsPerOrganization, (limit) =>
        invalidInput(`an organization has at most ${limit} projects`),
      );
      return project;
    } catch (error) {
      if ((error as { code?: unknown }).code === "P2002") throw conflict(`organization ${organizationId} already has a project named '${name}'`);
      throw error;
    }
  });
}
