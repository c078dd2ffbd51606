import { createServiceClient, type ServiceClient } from "../../client/src/index.ts";

export type { components } from "../../client/src/index.ts";

/** The typed client of openapi.yaml on this origin, sending the key in the `api-key` header. */
export const serviceFor = (key: string): ServiceClient => createServiceClient({ baseUrl: location.origin, apiKey: key });

/** An answer other than 2xx, with the API's own `error` message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a 2xx answer; otherwise an ApiError carrying the API's message. */
export async function unwrap<T>(call: Promise<Answer<T>> | Answer<T>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  const message = typeof error === "object" && error !== null && "error" in error ? String(error.error) : response.statusText;
  throw new ApiError(response.status, message || `HTTP ${response.status}`);
}
