import { createServiceClient, type ServiceClient } from "../../client/src/index.ts";
import { startService, type TestService } from "./app.ts";
import { startPrismProxy } from "./prism.ts";

export interface ContractTarget {
  service: TestService;
  /** For requests that follow the contract. */
  client(apiKey?: string): ServiceClient;
  /**
   * For requests that break the contract on purpose (an invalid body, no key), to test the
   * service's answer. Prism answers a request without a key itself, so those go to the service directly.
   */
  clientForInvalidRequests(apiKey?: string): ServiceClient;
}

/** Any response prism has a complaint about fails the request, so the test making it fails. */
const failOnViolation: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const violations = response.headers.get("sl-violations");
  const fromPrism = response.headers.get("content-type")?.startsWith("application/problem+json");
  if (violations || fromPrism) {
    const request = input instanceof Request ? `${input.method} ${input.url}` : String(input);
    throw new Error(`contract violation on ${request}: ${violations ?? ""} ${await response.text()}`);
  }
  return response;
};

/**
 * The service listening on 127.0.0.1, on a test database, reached through the typed client. With
 * CONTRACT_PROXY=prism the client goes through prism proxies that check every exchange against
 * openapi.yaml (`npm run test:contract`).
 */
export async function startContractTarget(t: { teardown(fn: () => unknown): void }): Promise<ContractTarget> {
  const service = await startService(t, { bodyLimitBytes: BODY_LIMIT_BYTES });
  const serviceUrl = await service.app.listen({ port: 0, host: "127.0.0.1" });
  let [strictUrl, lenientUrl] = [serviceUrl, serviceUrl];
  if (process.env.CONTRACT_PROXY === "prism") {
    [strictUrl, lenientUrl] = await Promise.all([startPrismProxy(t, serviceUrl, true), startPrismProxy(t, serviceUrl, false)]);
  }
  return {
    service,
    client: (apiKey) => createServiceClient({ baseUrl: strictUrl, apiKey, fetch: failOnViolation }),
    clientForInvalidRequests: (apiKey) =>
      createServiceClient({ baseUrl: apiKey === undefined ? serviceUrl : lenientUrl, apiKey, fetch: failOnViolation }),
  };
}

/** Request options that send a body which is not JSON: a 415. */
export const notJson = { bodySerializer: () => "externalId=x", headers: { "content-type": "text/plain" } };

export const UNAUTHORIZED = { error: "Unauthorized - Invalid or missing API key" };
export const FORBIDDEN = { error: "Forbidden - this operation requires a private API key" };
export const TOO_LARGE = { error: "Request body is too large" };
export const NOT_JSON = { error: "Unsupported Media Type: send Content-Type: application/json" };

/** The body limit of contract tests, so that a 413 needs no megabytes through the proxy. */
export const BODY_LIMIT_BYTES = 16 * 1024;
export const oversized = "x".repeat(BODY_LIMIT_BYTES + 1);
