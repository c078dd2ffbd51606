import { unwrap, type components } from "./api.ts";
import type { ServiceClient } from "../../client/src/index.ts";

export type Memory = components["schemas"]["MemorySummary"];
export type Fact = components["schemas"]["Fact"];

/** The summary of the user's latest summarised thread, or null when the user has none (404). */
export async function latestMemory(service: ServiceClient, userExternalId: string): Promise<Memory | null> {
  const answer = await service.GET("/api/external/memory", { params: { query: { userExternalId } } });
  return answer.response.status === 404 ? null : unwrap(answer);
}

/** The user's facts, current and superseded, newest first; null when the service does not know the user (404). */
export async function userFacts(service: ServiceClient, userExternalId: string): Promise<Fact[] | null> {
  const answer = await service.GET("/api/external/memory/facts", { params: { query: { userExternalId, include: "history", limit: 200 } } });
  return answer.response.status === 404 ? null : (await unwrap(answer)).facts;
}

/** The path of a user's page in the console. */
export const userHref = (externalId: string) => `/console/users/${encodeURIComponent(externalId)}`;

/** A location hash as an element id; a malformed escape (`#%E0%A4%A`) is no target rather than an error. */
export function hashTarget(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return "";
  }
}
