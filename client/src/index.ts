import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "./schema.js";

export type { components, operations, paths } from "./schema.js";

export interface ServiceClientOptions {
  /** The service's origin, e.g. http://127.0.0.1:3000 */
  baseUrl: string;
  /** A private (`sk_…`) or public (`pk_…`) key of the organization; none for the keyless probes. */
  apiKey?: string;
  fetch?: typeof globalThis.fetch;
}

export type ServiceClient = Client<paths>;

/**
 * Operations whose contract reads the key from `Authorization: Bearer` (or `?apiKey=`) and not
 * from the `api-key` header. Typed against the generated paths, so that renaming one breaks the build.
 */
const BEARER_PATHS: ReadonlySet<string> = new Set<keyof paths>(["/api/external/memory"]);

function apiKeyMiddleware(apiKey: string): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (BEARER_PATHS.has(schemaPath)) request.headers.set("authorization", `Bearer ${apiKey}`);
      else request.headers.set("api-key", apiKey);
      return request;
    },
  };
}

/** A client of every operation of openapi.yaml, typed from it, sending the key where each operation reads it. */
export function createServiceClient({ baseUrl, apiKey, fetch }: ServiceClientOptions): ServiceClient {
  const client = createClient<paths>({ baseUrl, ...(fetch ? { fetch } : {}) });
  if (apiKey !== undefined) client.use(apiKeyMiddleware(apiKey));
  return client;
}
