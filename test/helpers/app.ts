import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { createServiceClient, type ServiceClient } from "../../client/src/index.ts";
import { buildApp, type AppOptions } from "../../src/app.ts";
import type { Database } from "../../src/db/database.ts";
import { initOrganization, type InitializedOrganization } from "../../src/organizations/organizations.ts";
import { answerViolations } from "./contract.ts";
import { openOwnTestDatabase, openTestDatabase } from "./database.ts";
import { inProcess, type RawRequest, SERVICE_ORIGIN, type ServiceResponse, type Teardown, throughPrismProxies } from "./transport.ts";

export interface ServiceClients {
  /** The typed client of openapi.yaml, sending `key` where each operation reads it (no key when null or absent). */
  api(key?: string | null): ServiceClient;
  /** A request that breaks the contract on purpose, with the key in the `api-key` header (no key when it is null). */
  call(key: string | null, request: RawRequest): Promise<ServiceResponse>;
}

export interface TestService extends ServiceClients {
  app: FastifyInstance;
  database: Database;
  /** An organization of this test's own, with its default project and keys. */
  org: InitializedOrganization;
  /** Another organization, new each call: tenancy tests look for its data leaking. */
  newOrganization(): Promise<InitializedOrganization>;
}

/** The test a service runs for: its teardown, and where an answer that breaks the contract fails it. */
export interface ServiceTest extends Teardown {
  fail(message: string): unknown;
}

/**
 * Fails `t` on every answer that is not one openapi.yaml declares for its operation, status and body
 * (answers of no operation, such as an unknown route's 404, are not checked).
 */
export function checkAnswers(t: ServiceTest): NonNullable<AppOptions["onAnswer"]> {
  return (request, reply, payload) => {
    const operationId = request.routeOptions.config.operation?.operationId;
    if (operationId === undefined) return;
    const json = String(reply.getHeader("content-type") ?? "").includes("json") && typeof payload === "string";
    const violations = answerViolations(operationId, reply.statusCode, json ? payload : undefined);
    if (violations.length > 0) {
      t.fail(`${request.method} ${request.url} answered ${reply.statusCode}, not as openapi.yaml says (${operationId}): ${violations.join("; ")}`);
    }
  };
}

/**
 * The service on a migrated test database (PostgreSQL when DATABASE_URL is set), with the clients of
 * `serviceClients`, every answer checked against openapi.yaml (`checkAnswers`). With background workers, on a
 * database of its own: they would claim the due deliveries of every other test file sharing the database.
 */
export async function startService(t: ServiceTest, options: Partial<AppOptions> = {}): Promise<TestService> {
  const database = options.background ? await openOwnTestDatabase() : await openTestDatabase();
  const app = await buildApp({ database, onAnswer: checkAnswers(t), ...options });
  t.teardown(async () => {
    await app.close();
    await database.close();
  });
  const newOrganization = () => initOrganization(database.prisma, `org-${randomUUID()}`, "default");
  return { app, database, org: await newOrganization(), newOrganization, ...serviceClients(t, app) };
}

/**
 * Clients of the app: in-process, or with CONTRACT_PROXY=prism over HTTP through prism, which checks every
 * exchange against openapi.yaml.
 */
export function serviceClients(t: Teardown, app: FastifyInstance): ServiceClients {
  const transport = process.env.CONTRACT_PROXY === "prism" ? throughPrismProxies(app) : inProcess(app);
  return {
    api: (key) => createServiceClient({ baseUrl: SERVICE_ORIGIN, apiKey: key ?? undefined, fetch: transport.fetch }),
    call: (key, request) => transport.send({ ...request, headers: { ...(key === null ? {} : { "api-key": key }), ...request.headers } }),
  };
}

/** A unique external id, so that tests sharing a PostgreSQL database never collide. */
export const uniqueId = (label: string) => `${label}-${randomUUID()}`;
