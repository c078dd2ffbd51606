import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { FORBIDDEN, NOT_JSON, notJson, oversized, SMALL_BODY_LIMIT_BYTES, TOO_LARGE, UNAUTHORIZED } from "../helpers/contract.ts";

const { org, api, call } = await startService(t, { bodyLimitBytes: SMALL_BODY_LIMIT_BYTES });
const client = api(org.privateKey);
const UNKNOWN_PROJECT = 2147483647;

t.test("upsertAttribute: 201 created, 200 with the options it lacked; listAttributes lists it", async (t) => {
  const name = uniqueId("reason");
  const created = await client.PUT("/api/external/attributes", { body: { projectId: org.projectId, name, options: ["outdated"] } });
  t.equal(created.response.status, 201);
  t.match(created.data, { name, projectId: org.projectId, organizationId: org.organizationId, options: [{ name: "outdated" }] });

  const updated = await client.PUT("/api/external/attributes", { body: { name, options: ["wrong"] } });
  t.equal(updated.response.status, 200);
  t.same(updated.data?.options.map((option) => option.name), ["outdated", "wrong"]);

  const listed = await client.GET("/api/external/attributes", { params: { query: { projectId: org.projectId } } });
  t.equal(listed.response.status, 200);
  t.same(listed.data?.map((attribute) => attribute.name), [name]);
});

t.test("upsertAttribute errors: 400, 401, 403, 404, 413, 415", async (t) => {
  const body = { name: uniqueId("reason"), options: ["a"] };
  const put = (key: string | null, request: object) => call(key, { method: "PUT", url: "/api/external/attributes", ...request });

  const noOptions = await put(org.privateKey, { payload: { name: body.name } });
  t.equal(noOptions.statusCode, 400);
  t.same(noOptions.json(), { error: "Missing required field: options" });

  const noKey = await put(null, { payload: body });
  t.equal(noKey.statusCode, 401);
  t.same(noKey.json(), UNAUTHORIZED);

  const publicKey = await api(org.publicKey).PUT("/api/external/attributes", { body });
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);

  const unknownProject = await client.PUT("/api/external/attributes", { body: { ...body, projectId: UNKNOWN_PROJECT } });
  t.equal(unknownProject.response.status, 404);
  t.same(unknownProject.error, { error: "Project not found" });

  const large = await put(org.privateKey, { payload: { ...body, options: [oversized] } });
  t.equal(large.statusCode, 413);
  t.same(large.json(), TOO_LARGE);

  const form = await put(org.privateKey, notJson);
  t.equal(form.statusCode, 415);
  t.same(form.json(), NOT_JSON);

  const listed = await client.GET("/api/external/attributes");
  t.notOk(listed.data?.some((attribute) => attribute.name === body.name), "no failed call wrote the attribute");
});

t.test("listAttributes errors: 400, 401, 403, 404", async (t) => {
  const badProject = await call(org.privateKey, { method: "GET", url: "/api/external/attributes?projectId=0" });
  t.equal(badProject.statusCode, 400);
  t.match(badProject.json(), { error: /projectId/ });

  const noKey = await call(null, { method: "GET", url: "/api/external/attributes" });
  t.equal(noKey.statusCode, 401);
  t.same(noKey.json(), UNAUTHORIZED);

  const publicKey = await api(org.publicKey).GET("/api/external/attributes");
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);

  const unknownProject = await client.GET("/api/external/attributes", { params: { query: { projectId: UNKNOWN_PROJECT } } });
  t.equal(unknownProject.response.status, 404);
  t.same(unknownProject.error, { error: "Project not found" });
});

t.test("listProjects: 200 with the default project; 401, 403", async (t) => {
  const projects = await client.GET("/api/external/projects");
  t.equal(projects.response.status, 200);
  t.match(projects.data, [{ id: org.projectId, name: "default" }]);

  const noKey = await call(null, { method: "GET", url: "/api/external/projects" });
  t.equal(noKey.statusCode, 401);
  t.same(noKey.json(), UNAUTHORIZED);

  const publicKey = await api(org.publicKey).GET("/api/external/projects");
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);
});

t.test("getHealth and getReady need no key", async (t) => {
  const keyless = api();
  const health = await keyless.GET("/health");
  t.equal(health.response.status, 200);
  t.same(health.data, { status: "ok" });
  const ready = await keyless.GET("/ready");
  t.equal(ready.response.status, 200);
  t.same(ready.data, { status: "ready" });
});
