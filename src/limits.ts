import { ClientError } from "./errors.ts";

/**
 * How many of each thing there may be, so that no answer that lists them grows without bound: openapi.yaml
 * states the same numbers as the maxItems of those answers. The per-organization ones are counted
 * under src/organizations/limits.ts's lock.
 */
export const LIMITS = {
  segmentsPerUser: 100,
  intentsPerThread: 100,
  intentsPerOrganization: 100_000,
  optionsPerAttribute: 1000,
  attributesPerOrganization: 1000,
  projectsPerOrganization: 1000,
  segmentTypesPerOrganization: 1000,
  segmentsPerOrganization: 100_000,
  webhooksPerOrganization: 20,
  alertsPerOrganization: 100,
} as const;

/** Run inside the transaction that added the things: over the limit, the whole request is refused and undone. */
export async function refuseOverLimit(count: Promise<number>, limit: number, error: (limit: number) => ClientError): Promise<void> {
  if ((await count) > limit) throw error(limit);
}
