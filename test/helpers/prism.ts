import { spawn } from "node:child_process";

const root = new URL("../../", import.meta.url).pathname;

/** Names the service a request through the shared proxies is for (test/helpers/contractRun.ts routes on it). */
export const CONTRACT_UPSTREAM_HEADER = "x-contract-upstream";

/**
 * Starts `prism proxy openapi.yaml <upstream> --errors` and resolves with its URL. Prism checks
 * every response against the contract and marks one that breaks it with an `sl-violations` header
 * (and, for an error, turns it into a 500). With `validateRequest` false, requests that break the
 * contract on purpose (a bad body, a bad parameter) reach the service instead of being answered by prism.
 */
export function startPrismProxy(t: { teardown(fn: () => unknown): void }, upstream: string, validateRequest: boolean): Promise<string> {
  const child = spawn(
    `${root}node_modules/.bin/prism`,
    ["proxy", "openapi.yaml", upstream, "--errors", `--validate-request=${validateRequest}`, "-h", "127.0.0.1", "-p", "0"],
    { cwd: root, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
  );
  let output = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  t.teardown(() => {
    child.kill("SIGTERM");
    return exited;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const listening = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!listening) return;
      clearTimeout(timer);
      // Prism logs every exchange: read and drop it, or its pipe fills up and it stops answering.
      for (const stream of [child.stdout, child.stderr]) stream.off("data", onData).resume();
      resolve(listening[1]!);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => reject(new Error(`prism exited:\n${output}`)));
  });
}

/**
 * A fetch through the prism proxy at `proxyUrl` whatever origin its requests name, failing on any
 * violation prism reports. Prism answers a request whose credentials its security check does not
 * recognise (no key, an empty one, another scheme) with a 401 of its own without forwarding it: such
 * a request, and only such, goes to the service at `serviceUrl` directly, so that the service's answer is tested.
 */
export function throughPrism(proxyUrl: string, serviceUrl: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : null;
    const { pathname, search } = new URL(request.url);
    const send = (origin: string, headers: Headers) => fetch(new URL(pathname + search, origin), { method: request.method, headers, body });
    const routed = new Headers(request.headers);
    routed.set(CONTRACT_UPSTREAM_HEADER, serviceUrl);
    const response = await send(proxyUrl, routed);
    if (await prismRefusedCredentials(response)) return send(serviceUrl, request.headers);
    const violations = response.headers.get("sl-violations");
    if (violations || isFromPrism(response)) {
      throw new Error(`contract violation on ${request.method} ${pathname}${search}: ${violations ?? ""} ${await response.text()}`);
    }
    return response;
  };
}

const isFromPrism = (response: Response) => response.headers.get("content-type")?.startsWith("application/problem+json") === true;

async function prismRefusedCredentials(response: Response): Promise<boolean> {
  if (response.status !== 401 || !isFromPrism(response)) return false;
  const problem = (await response.clone().json()) as { type?: string };
  return problem.type === "https://stoplight.io/prism/errors#UNAUTHORIZED";
}
