import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { throughPrism } from "./prism.ts";

/** A request as `call()` takes it: whatever the test wants on the wire, valid or not. */
export type RawRequest = Pick<InjectOptions, "method" | "headers" | "payload"> & { url: string };

/** What tests read of an answer, in the shape app.inject gives it. */
export type ServiceResponse = Pick<LightMyRequestResponse, "statusCode" | "headers" | "body" | "json">;

export interface Teardown {
  teardown(fn: () => unknown): void;
}

/** How a test's requests reach the service. */
export interface Transport {
  /** For the typed client: requests that follow the contract. */
  fetch: typeof fetch;
  /** For requests that may break the contract on purpose. */
  send(request: RawRequest): Promise<ServiceResponse>;
}

/** The origin requests are addressed to; each transport sends them where the service is. */
export const SERVICE_ORIGIN = "http://service.invalid";

/** Every request handled in-process by app.inject: no socket, no proxy. */
export function inProcess(app: FastifyInstance): Transport {
  return {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const { pathname, search } = new URL(request.url);
      const answer = await app.inject({
        method: request.method as InjectOptions["method"],
        url: pathname + search,
        headers: Object.fromEntries(request.headers),
        ...(request.body ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
      });
      return new Response(answer.rawPayload.length > 0 ? new Uint8Array(answer.rawPayload) : null, { status: answer.statusCode, headers: headersOf(answer.headers) });
    },
    send: (request) => app.inject(request),
  };
}

/**
 * Every request over HTTP through `prism proxy openapi.yaml --errors`, which checks it and its answer
 * against the contract: the typed client's through a proxy that validates requests too, call()'s through
 * one that lets invalid requests reach the service. Any violation fails the request. The proxies are
 * the run's (test/helpers/contractRun.ts, `npm run test:contract`); the app listens on first use.
 */
export function throughPrismProxies(app: FastifyInstance): Transport {
  const { CONTRACT_PRISM_STRICT, CONTRACT_PRISM_LENIENT } = process.env;
  if (!CONTRACT_PRISM_STRICT || !CONTRACT_PRISM_LENIENT) throw new Error("CONTRACT_PROXY=prism runs through `npm run test:contract`, which starts the proxies");
  const serviceUrl = once(() => app.listen({ port: 0, host: "127.0.0.1" }));
  const proxy = (proxyUrl: string) => once(async () => throughPrism(proxyUrl, await serviceUrl()));
  const strict = proxy(CONTRACT_PRISM_STRICT);
  const lenient = proxy(CONTRACT_PRISM_LENIENT);
  return {
    fetch: async (input, init) => (await strict())(input, init),
    send: async (request) => responseLikeInject(await (await lenient())(requestOf(request))),
  };
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

function headersOf(record: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(record)) {
    for (const item of [value ?? []].flat()) headers.append(name, String(item));
  }
  return headers;
}

/** The fetch Request app.inject would have made of `request`: an object payload as JSON, anything else byte for byte. */
function requestOf({ method = "GET", url, headers = {}, payload }: RawRequest): Request {
  const outgoing = headersOf(headers);
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (typeof payload === "string" || Buffer.isBuffer(payload)) body = new Uint8Array(Buffer.from(payload));
  else if (payload !== undefined) {
    body = new TextEncoder().encode(JSON.stringify(payload));
    if (!outgoing.has("content-type")) outgoing.set("content-type", "application/json");
  }
  return new Request(new URL(url, SERVICE_ORIGIN), { method, headers: outgoing, body });
}

async function responseLikeInject(response: Response): Promise<ServiceResponse> {
  const body = await response.text();
  return { statusCode: response.status, headers: Object.fromEntries(response.headers), body, json: () => JSON.parse(body) };
}
