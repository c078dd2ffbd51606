import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { CONTRACT_UPSTREAM_HEADER, startPrismProxy } from "./prism.ts";

/**
 * `npm run test:contract [tap arguments]`: tap with CONTRACT_PROXY=prism, every test's requests through
 * two `prism proxy openapi.yaml --errors` processes started once for the whole run (a start costs
 * seconds of CPU; one pair per service started hundreds). Prism forwards to a router here, which sends
 * each request on to the service named in its CONTRACT_UPSTREAM_HEADER.
 */
const teardowns: (() => unknown)[] = [];
const run = { teardown: (fn: () => unknown) => void teardowns.push(fn) };

const router = http.createServer((request, response) => {
  const upstream = request.headers[CONTRACT_UPSTREAM_HEADER];
  if (typeof upstream !== "string") return void response.writeHead(502).end(`no ${CONTRACT_UPSTREAM_HEADER} header`);
  const { [CONTRACT_UPSTREAM_HEADER]: _upstream, host: _host, ...headers } = request.headers;
  const forwarded = http.request(new URL(request.url!, upstream), { method: request.method, headers }, (answer) => {
    response.writeHead(answer.statusCode!, answer.rawHeaders);
    answer.pipe(response);
  });
  forwarded.on("error", (error) => response.destroy(error));
  request.pipe(forwarded);
});
router.keepAliveTimeout = 60_000;
router.listen(0, "127.0.0.1");
await new Promise((resolve) => router.once("listening", resolve));
run.teardown(() => router.close());
const routerUrl = `http://127.0.0.1:${(router.address() as AddressInfo).port}`;

const [strict, lenient] = await Promise.all([startPrismProxy(run, routerUrl, true), startPrismProxy(run, routerUrl, false)]);
const tap = spawn(new URL("../../node_modules/.bin/tap", import.meta.url).pathname, process.argv.slice(2), {
  stdio: "inherit",
  env: { ...process.env, CONTRACT_PROXY: "prism", CONTRACT_PRISM_STRICT: strict, CONTRACT_PRISM_LENIENT: lenient },
});
const code = await new Promise<number>((resolve) => tap.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
for (const teardown of teardowns.reverse()) await teardown();
process.exit(code);
