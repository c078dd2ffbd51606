import type { FastifyRequest } from "fastify";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { Database } from "../db/database.ts";
import type { SummaryKeeper } from "../memory/summaryKeeper.ts";

/** What the handlers are built with. */
export interface HandlerContext {
  database: Database;
  prisma: PrismaClient;
  summaries: SummaryKeeper;
}

/** The organization of the request's key; every operation with a key is scoped to it. */
export function organizationOf(request: FastifyRequest): number {
  if (!request.principal) throw new Error(`${request.routeOptions.url} has no principal: is its operation keyless?`);
  return request.principal.organizationId;
}
