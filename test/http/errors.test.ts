import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";

const service = await startService(t, { bodyLimitBytes: 64 * 1024 });
const { app, api, call, org } = service;
const { prisma } = service.database;
const headers = { "api-key": org.privateKey };

// Requests to URLs that are no operation of openapi.yaml (unknown routes, this test's own route, the
// specification and docs pages) stay in-process: prism would answer them itself instead of forwarding them.
app.get("/test/boom", async () => {
  throw new Error("secret internal detail at /srv/app.ts:42");
});

t.test("unknown routes are a JSON 404", async (t) => {
  for (const [method, url] of [["GET", "/nope"], ["DELETE", "/api/external/projects"], ["GET", "/api/external"]] as const) {
    const response = await app.inject({ method, url, headers });
    t.equal(response.statusCode, 404, `${method} ${url}`);
    t.match(response.json(), { error: /not found/i });
  }
});

t.test("a body over the limit is 413 and writes nothing", async (t) => {
  const externalId = uniqueId("user");
  const response = await call(org.privateKey, {
    method: "POST",
    url: "/api/external/threads",
    payload: { externalUser: { externalId }, messages: [{ role: "user", content: "x".repeat(70 * 1024) }] },
  });
  t.equal(response.statusCode, 413);
  t.same(response.json(), { error: "Request body is too large" });
  t.equal(await prisma.externalUser.count({ where: { externalId } }), 0);
});

t.test("a body that is not JSON is 415; broken JSON is 400", async (t) => {
  const putUsers = (contentType: string, payload: string) =>
    call(org.privateKey, { method: "PUT", url: "/api/external/users", headers: { "content-type": contentType }, payload });
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
    const response = await putUsers(type, "externalId=x");
    t.equal(response.statusCode, 415, type);
    t.match(response.json(), { error: /Unsupported Media Type/ });
  }
  // Prism parses a JSON body itself and would answer broken JSON with an error of its own: in-process.
  const broken = await app.inject({ method: "PUT", url: "/api/external/users", headers: { ...headers, "content-type": "application/json" }, payload: '{"externalId":' });
  t.equal(broken.statusCode, 400);
  t.same(broken.json(), { error: "Request body is not valid JSON" });
  const empty = await putUsers("application/json", "");
  t.equal(empty.statusCode, 400);
  t.match(empty.json(), { error: String });
  const poisoned = await putUsers("application/json", '{"externalId":"x","__proto__":{"a":1}}');
  t.equal(poisoned.statusCode, 400);
});

t.test("an unexpected error is a 500 that reveals nothing", async (t) => {
  const response = await app.inject({ method: "GET", url: "/test/boom" });
  t.equal(response.statusCode, 500);
  t.same(response.json(), { error: "Internal server error" });
});

t.test("probes and docs need no key", async (t) => {
  t.same((await api().GET("/health")).data, { status: "ok" });
  t.same((await api().GET("/ready")).data, { status: "ready" });
  const spec = await app.inject("/openapi.json");
  t.equal(spec.statusCode, 200);
  t.equal(spec.json().paths["/api/external/memory"].get.operationId, "getMemory");
  const docs = await app.inject("/docs/");
  t.equal(docs.statusCode, 200);
  t.match(docs.headers["content-type"], /text\/html/);
});

t.test("projects: the organization's own, oldest first", async (t) => {
  const response = await api(org.privateKey).GET("/api/external/projects");
  t.equal(response.response.status, 200);
  t.match(response.data, [{ id: org.projectId, name: "default", createdAt: String }]);
});
