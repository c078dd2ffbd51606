import type { Db } from "../db/types.ts";
import { conflict, notFound } from "../errors.ts";
import { LIMITS } from "../limits.ts";

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

/** A new project; a name the organization already has is a 409 (the unique key decides, not a lookup). */
export async function createProject(db: Db, organizationId: number, name: string): Promise<ProjectSummary> {
  // Only the admin CLI creates projects, one at a time: a check before the insert is enough.
  if ((await db.project.count({ where: { organizationId } })) >= LIMITS.projectsPerOrganization) {
    throw conflict(`organization ${organizationId} has ${LIMITS.projectsPerOrganization} projects, the most it may have`);
  }
  try {
    return await db.project.create({ data: { organizationId, name }, select: SUMMARY });
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") throw conflict(`organization ${organizationId} already has a project named '${name}'`);
    throw error;
  }
}

/** The given project of the organization, or its default (first) project; 404 otherwise. */
export async function resolveProject(db: Db, organizationId: number, projectId?: number): Promise<ProjectSummary> {
  const project = await db.project.findFirst({
    where: { organizationId, ...(projectId === undefined ? {} : { id: projectId }) },
    orderBy: { id: "asc" },
    select: SUMMARY,
  });
  if (!project) throw projectNotFound();
  return project;
}
