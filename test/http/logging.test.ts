import t, { type Test } from "tap";
import { loggerOptions, redactUrl } from "../../src/http/logging.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";

interface LogLine {
  msg: string;
  level: number;
  requestId?: string;
  operation?: string;
  status?: number;
  durationMs?: number;
  url?: string;
  route?: string;
}

// These tests read what the service logs of the exact requests it receives (oddly spelled ?apiKey
// parameters, hostile x-request-id headers), in-process or from a real server: prism would decode and
// re-encode the query on the way, so they never go through it and use app.inject or fetch directly.

const INVALID_KEY = "sk_invalidKeyThatMustNeverBeLogged0123456789";

const parseLines = (text: string): LogLine[] =>
  text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

/** Requests that carry keys in every place a key can be sent, valid and not. */
function requestsWithKeys(privateKey: string, publicKey: string) {
  const user = encodeURIComponent(uniqueId("nobody"));
  return [
    { method: "GET", url: `/api/external/memory?userExternalId=${user}&apiKey=${privateKey}` },
    { method: "GET", url: `/api/external/memory?api%4Bey=${privateKey}&userExternalId=${user}` },
    { method: "GET", url: `/api/external/memory?userExternalId=${user}`, headers: { authorization: `Bearer ${privateKey}` } },
    { method: "GET", url: "/api/external/projects", headers: { "api-key": privateKey } },
    { method: "POST", url: "/api/external/feedback", headers: { "api-key": publicKey, "content-type": "application/json" }, body: "{}" },
    { method: "GET", url: "/api/external/projects", headers: { authorization: `Bearer ${INVALID_KEY}` } },
    { method: "GET", url: "/api/external/projects", headers: { "api-key": INVALID_KEY } },
    { method: "GET", url: `/api/external/memory?userExternalId=x&apiKey=${INVALID_KEY}` },
  ] as const;
}

const expectedStatuses = [404, 404, 404, 200, 400, 401, 401, 401];

// One in-process service at debug level for the tests below; each reads what was logged since it began.
let captured = "";
const { app, org, database } = await startService(t, { logger: loggerOptions("debug", { write: (line) => (captured += line) }) });
// Errors that carry a request's data in their message: one of our own, and Prisma's for an invalid argument.
app.post("/test/echo-failure", async (request) => {
  throw new Error(`could not handle ${JSON.stringify(request.body)}`);
});
app.post("/test/prisma-failure", async (request) => {
  const { content } = request.body as { content: string };
  await database.prisma.organization.create({ data: { name: content, createdAt: new Date("2024-12-31T23:59:60Z") } });
});
t.beforeEach(() => {
  captured = "";
});

function assertNoKeys(t: Test, log: string, keys: string[]) {
  for (const key of keys) t.notOk(log.includes(key), `the log does not contain ${key.slice(0, 6)}…`);
}

t.test("redactUrl masks the apiKey parameter however it is spelled", async (t) => {
  t.equal(redactUrl("/m?userExternalId=a&apiKey=sk_1"), "/m?userExternalId=a&apiKey=[REDACTED]");
  t.equal(redactUrl("/m?APIKEY=sk_1&x=apiKey"), "/m?APIKEY=[REDACTED]&x=apiKey");
  t.equal(redactUrl("/m?api%4Bey=sk_1"), "/m?api%4Bey=[REDACTED]");
  t.equal(redactUrl("/m?apiKey"), "/m?apiKey=[REDACTED]");
  t.equal(redactUrl("/m?%E0%A4%A=1"), "/m?%E0%A4%A=1", "a malformed name is left as it is");
  t.equal(redactUrl("/api/external/projects"), "/api/external/projects");
});

t.test("redactUrl masks every key-shaped value, whatever carries it", async (t) => {
  const key = "sk_AbCdEf0123456789-_xyz";
  for (const url of [
    `/m?apiKey[]=${key}`,
    `/m?x=1;apiKey=${key}`,
    `/m?token=${key}`,
    `/m?a=pk_${key.slice(3)}&b=2`,
    `/api/external/users/${key}`,
    `/m?k=sk%5F${key.slice(3)}`,
    `/m?k=%22${key}%22`,
  ]) {
    const redacted = redactUrl(url);
    t.notOk(redacted.includes(key.slice(3)), `${url} -> ${redacted}`);
    t.match(redacted, /[sp]k_\[REDACTED\]/);
  }
  t.equal(redactUrl("/m?task_id=7&risk_level=2"), "/m?task_id=7&risk_level=2", "words that merely contain sk_ stay");
});

t.test("logged headers and error messages carry no key-shaped value", async (t) => {
  app.log.info({ headers: { "x-custom": `Token ${INVALID_KEY}`, cookie: `k=${INVALID_KEY}` } }, "headers");
  app.log.error({ err: new Error(`bad key ${INVALID_KEY}`) }, "failed");
  t.notOk(captured.includes(INVALID_KEY.slice(3)), captured);
  t.match(captured, /sk_\[REDACTED\]/);
});

t.test("a failed 4.5 MB request logs the error, its request id and route, never the body", async (t) => {
  const content = "x".repeat(4_500_000);
  for (const url of ["/test/echo-failure", "/test/prisma-failure"]) {
    captured = "";
    const response = await app.inject({ method: "POST", url, headers: { "api-key": org.privateKey, "content-type": "application/json" }, payload: { content } });
    t.equal(response.statusCode, 500, url);
    const lines = parseLines(captured);
    t.ok(captured.length < 20_000, `${url}: ${captured.length} bytes logged for a ${content.length}-byte body`);
    const failed = lines.find((line) => line.level === 50);
    t.match(failed, { requestId: response.headers["x-request-id"], route: url, err: { message: /could not handle|Invalid/ } }, `${url}: the error line names the request, its route and the error`);
    t.notOk(captured.includes("x".repeat(3_000)), `${url}: no long run of the body`);
  }
});

t.test("in-process: completion lines name the request, its operation, status and duration, and no key", async (t) => {
  const requests = requestsWithKeys(org.privateKey, org.publicKey);
  for (const [i, { method, url, ...rest }] of requests.entries()) {
    const headers = "headers" in rest ? rest.headers : {};
    const response = await app.inject({ method, url, headers, ...("body" in rest ? { payload: rest.body } : {}) });
    t.equal(response.statusCode, expectedStatuses[i], `${method} ${url.split("?")[0]}`);
    t.match(response.headers["x-request-id"], /^[0-9a-f-]{36}$/);
  }
  assertNoKeys(t, captured, [org.privateKey, org.publicKey, INVALID_KEY]);

  const completed = parseLines(captured).filter((line) => line.msg === "request completed");
  t.equal(completed.length, requests.length);
  t.match(completed[0], { level: 30, operation: "getMemory", status: 404, requestId: /^[0-9a-f-]{36}$/, url: /apiKey=\[REDACTED\]/ });
  t.match(completed[3], { operation: "listProjects", status: 200 });
  t.match(completed[4], { operation: "createFeedback", status: 400 });
  t.match(completed[5], { operation: "listProjects", status: 401 });
  for (const line of completed) t.type(line.durationMs, "number");
  t.ok(parseLines(captured).some((line) => line.msg === "incoming request"), "debug logs each incoming request");
});

t.test("a sane incoming x-request-id is kept and returned; anything else is replaced", async (t) => {
  const kept = await app.inject({ url: "/health", headers: { "x-request-id": "trace-42.a:b_c" } });
  t.equal(kept.headers["x-request-id"], "trace-42.a:b_c");
  t.match(parseLines(captured).at(-1), { requestId: "trace-42.a:b_c", operation: "getHealth", status: 200 });
  for (const hostile of ["with space", "x".repeat(129), "a\"}{\"level\":60", "é"]) {
    const replaced = await app.inject({ url: "/health", headers: { "x-request-id": hostile } });
    t.match(replaced.headers["x-request-id"], /^[0-9a-f-]{36}$/, JSON.stringify(hostile.slice(0, 20)));
  }
  const unknownRoute = await app.inject({ url: "/nope", headers: { "x-request-id": "abc" } });
  t.equal(unknownRoute.statusCode, 404);
  t.equal(unknownRoute.headers["x-request-id"], "abc", "error answers carry the id too");
});

t.test("a real server at LOG_LEVEL=debug logs no key it is sent", async (t) => {
  const server = await startServer({ ...(await freshDatabaseEnv(t)), LOG_LEVEL: "debug" }, SLOW_START_TIMEOUT_MS);
  t.teardown(() => server.stop());
  const banner = /private key: (sk_\S+)\s+public key:\s+(pk_\S+)/.exec(server.output());
  if (!banner) throw new Error(`no keys in the start banner:\n${server.output()}`);
  const [, privateKey, publicKey] = banner as unknown as [string, string, string];
  for (const [i, { method, url, ...rest }] of requestsWithKeys(privateKey, publicKey).entries()) {
    const response = await fetch(`${server.url}${url}`, { method, headers: "headers" in rest ? rest.headers : {}, ...("body" in rest ? { body: rest.body } : {}) });
    t.equal(response.status, expectedStatuses[i], `${method} ${url.split("?")[0]}`);
    await response.arrayBuffer();
  }
  t.equal(await server.stop(), 0);
  // The start banner shows the new keys once, on purpose; everything else must not.
  const log = server.output().replace(banner[0], "");
  assertNoKeys(t, log, [privateKey, publicKey, INVALID_KEY]);
  const completed = parseLines(log).filter((line) => line.msg === "request completed");
  t.equal(completed.length, expectedStatuses.length);
  t.ok(parseLines(log).some((line) => line.msg === "incoming request"));
});
