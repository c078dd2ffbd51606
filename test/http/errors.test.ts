import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";

const service = await startService(t, { bodyLimitBytes: 64 * 1024 });
const { app, org } = service;
const { prisma } = service.database;
const headers = { "api-key": org.privateKey };

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
  const response = await app.inject({
    method: "POST",
    url: "/api/external/threads",
    headers,
    payload: { externalUser: { externalId }, messages: [{ role: "user", content: "x".repeat(70 * 1024) }] },
  });
  t.equal(response.statusCode, 413);
  t.same(response.json(), { error: "Request body is too large" });
  t.equal(await prisma.externalUser.count({ where: { externalId } }), 0);
});

t.test("a body that is not JSON is 415; broken JSON is 400", async (t) => {
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
    const response = await app.inject({ method: "PUT", url: "/api/external/users", headers: { ...headers, "content-type": type }, payload: "externalId=x" });
    t.equal(response.statusCode, 415, type);
    t.match(response.json(), { error: /Unsupported Media Type/ });
  }
  const broken = await app.inject({ method: "PUT", url: "/api/external/users", headers: { ...headers, "content-type": "application/json" }, payload: '{"externalId":' });
  t.equal(broken.statusCode, 400);
  t.same(broken.json(), { error: "Request body is not valid JSON" });
  const empty = await app.inject({ method: "PUT", url: "/api/external/users", headers: { ...headers, "content-type": "application/json" }, payload: "" });
  t.equal(empty.statusCode, 400);
  t.match(empty.json(), { error: String });
  const poisoned = await app.inject({ method: "PUT", url: "/api/external/users", headers: { ...headers, "content-type": "application/json" }, payload: '{"externalId":"x","__proto__":{"a":1}}' });
  t.equal(poisoned.statusCode, 400);
});

t.test("an unexpected error is a 500 that reveals nothing", async (t) => {
  const response = await app.inject({ method: "GET", url: "/test/boom" });
  t.equal(response.statusCode, 500);
  t.same(response.json(), { error: "Internal server error" });
});

t.test("probes and docs need no key", async (t) => {
  t.same((await app.inject("/health")).json(), { status: "ok" });
  t.same((await app.inject("/ready")).json(), { status: "ready" });
  const spec = await app.inject("/openapi.json");
  t.equal(spec.statusCode, 200);
  t.equal(spec.json().paths["/api/external/memory"].get.operationId, "getMemory");
  const docs = await app.inject("/docs/");
  t.equal(docs.statusCode, 200);
  t.match(docs.headers["content-type"], /text\/html/);
});

t.test("projects: the organization's own, oldest first", async (t) => {
  const response = await app.inject({ method: "GET", url: "/api/external/projects", headers });
  t.equal(response.statusCode, 200);
  t.match(response.json(), [{ id: org.projectId, name: "default", createdAt: String }]);
});
