import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

/** How one attempt ended: an answer's status code, or no answer. */
export type Outcome = { statusCode: number } | { error: string };

export interface SendOptions {
  timeoutMs: number;
  /** Bytes of the answer read (and thrown away) before the connection is dropped. */
  maxResponseBytes: number;
  /** Keep-alive agents: a connection is reused for the same host and port. */
  agents: { http: http.Agent; https: https.Agent };
  /** Resolves the host of each new connection, refusing the addresses not allowed (checkingLookup). */
  lookup: LookupFunction;
  /**
   * The requests in flight, for aborting them at shutdown (destroying each): a request is in it from its start to its
   * outcome. A set shared by the attempts costs less than an AbortSignal's listener per attempt.
   */
  requests: Set<http.ClientRequest>;
}

/**
 * POSTs `body` to the URL: no redirect followed (a 3xx is an answer like any other), the
 * status code is the outcome, at most `maxResponseBytes` of the answer are read (then the connection
 * is dropped), and the whole attempt, answer included, is cut at `timeoutMs`. It ends when the answer
 * does, so that an endpoint that answers slowly holds its slot of the worker's bounds meanwhile.
 */
export function post(url: URL, headers: Record<string, string>, body: Buffer, options: SendOptions): Promise<Outcome> {
  return new Promise((resolve) => {
    const client = url.protocol === "https:" ? https : http;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      options.requests.delete(request);
      resolve(outcome);
    };
    const request = client.request(url, {
      method: "POST",
      headers: { ...headers, "content-length": body.length, "user-agent": "feedback-memory-service-webhooks" },
      agent: url.protocol === "https:" ? options.agents.https : options.agents.http,
      lookup: options.lookup,
    });
    options.requests.add(request);
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
    let statusCode: number | undefined;
    request.on("response", (response) => {
      statusCode = response.statusCode ?? 0;
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > options.maxResponseBytes) response.destroy();
      });
      response.on("error", () => {});
      response.on("close", () => {
        clearTimeout(timer);
        settle({ statusCode: statusCode! });
      });
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      settle(statusCode === undefined ? { error: error.message.slice(0, 1000) } : { statusCode });
    });
    request.end(body);
  });
}
