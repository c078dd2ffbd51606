import { randomUUID } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp, type AppOptions } from "../../src/app.ts";
import type { Database } from "../../src/db/database.ts";
import { initOrganization, type InitializedOrganization } from "../../src/organizations/organizations.ts";
import { openTestDatabase } from "./database.ts";

interface Teardown {
  teardown(fn: () => unknown): void;
}

export interface TestService {
  app: FastifyInstance;
  database: Database;
  /** An organization of this test's own, with its default project and keys. */
  org: InitializedOrganization;
  /** Another organization, new each call: tenancy tests look for its data leaking. */
  newOrganization(): Promise<InitializedOrganization>;
  /** A request with the key in the `api-key` header (no key when it is null). */
  call(key: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** The service in-process on a migrated test database (PostgreSQL when DATABASE_URL is set). */
export async function startService(t: Teardown, options: Partial<AppOptions> = {}): Promise<TestService> {
  const database = await openTestDatabase();
  const app = await buildApp({ database, ...options });
  t.teardown(async () => {
    await app.close();
    await database.close();
  });
  const newOrganization = () => initOrganization(database.prisma, `org-${randomUUID()}`, "default");
  return {
    app,
    database,
    org: await newOrganization(),
    newOrganization,
    call: (key, request) =>
      app.inject({ ...request, headers: { ...(key === null ? {} : { "api-key": key }), ...request.headers } }),
  };
}

/** A unique external id, so that tests sharing a PostgreSQL database never collide. */
export const uniqueId = (label: string) => `${label}-${randomUUID()}`;
