import type { Db } from "../db/types.ts";
import { notFound } from "../errors.ts";

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

export function createProject(db: Db, organizationId: number, name: string): Promise<ProjectSummary> {
  return db.project.create({ data: { organizationId, name }, select: SUMMARY });
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
