import t from "tap";
import { uniqueId } from "../helpers/app.ts";
import { FORBIDDEN, NOT_JSON, notJson, oversized, startContractTarget, TOO_LARGE, UNAUTHORIZED } from "../helpers/contractTarget.ts";

const { service, client, clientForInvalidRequests } = await startContractTarget(t);
const { org } = service;
const api = client(org.privateKey);
const invalid = clientForInvalidRequests(org.privateKey);
const UNKNOWN_PROJECT = 2147483647;

t.test("upsertAttribute: 201 created, 200 with the options it lacked; listAttributes lists it", async (t) => {
  const name = uniqueId("reason");
  const created = await api.PUT("/api/external/attributes", { body: { projectId: org.projectId, name, options: ["outdated"] } });
  t.equal(created.response.status, 201);
  t.match(created.data, { name, projectId: org.projectId, organizationId: org.organizationId, options: [{ name: "outdated" }] });

  const updated = await api.PUT("/api/external/attributes", { body: { name, options: ["wrong"] } });
  t.equal(updated.response.status, 200);
  t.same(updated.data?.options.map((option) => option.name), ["outdated", "wrong"]);

  const listed = await api.GET("/api/external/attributes", { params: { query: { projectId: org.projectId } } });
  t.equal(listed.response.status, 200);
  t.same(listed.data?.map((attribute) => attribute.name), [name]);
});

t.test("upsertAttribute errors: 400, 401, 403, 404, 413, 415", async (t) => {
  const body = { name: uniqueId("reason"), options: ["a"] };

  const noOptions = await invalid.PUT("/api/external/attributes", { body: { name: body.name } as typeof body });
  t.equal(noOptions.response.status, 400);
  t.same(noOptions.error, { error: "Missing required field: options" });

  const noKey = await clientForInvalidRequests().PUT("/api/external/attributes", { body });
  t.equal(noKey.response.status, 401);
  t.same(noKey.error, UNAUTHORIZED);

  const publicKey = await client(org.publicKey).PUT("/api/external/attributes", { body });
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);

  const unknownProject = await api.PUT("/api/external/attributes", { body: { ...body, projectId: UNKNOWN_PROJECT } });
  t.equal(unknownProject.response.status, 404);
  t.same(unknownProject.error, { error: "Project not found" });

  const large = await invalid.PUT("/api/external/attributes", { body: { ...body, options: [oversized] } });
  t.equal(large.response.status, 413);
  t.same(large.error, TOO_LARGE);

  const form = await invalid.PUT("/api/external/attributes", { body, ...notJson });
  t.equal(form.response.status, 415);
  t.same(form.error, NOT_JSON);

  const listed = await api.GET("/api/external/attributes");
  t.notOk(listed.data?.some((attribute) => attribute.name === body.name), "no failed call wrote the attribute");
});

t.test("listAttributes errors: 400, 401, 403, 404", async (t) => {
  const badProject = await invalid.GET("/api/external/attributes", { params: { query: { projectId: 0 } } });
  t.equal(badProject.response.status, 400);
  t.match(badProject.error, { error: /projectId/ });

  const noKey = await clientForInvalidRequests().GET("/api/external/attributes");
  t.equal(noKey.response.status, 401);
  t.same(noKey.error, UNAUTHORIZED);

  const publicKey = await client(org.publicKey).GET("/api/external/attributes");
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);

  const unknownProject = await api.GET("/api/external/attributes", { params: { query: { projectId: UNKNOWN_PROJECT } } });
  t.equal(unknownProject.response.status, 404);
  t.same(unknownProject.error, { error: "Project not found" });
});

t.test("listProjects: 200 with the default project; 401, 403", async (t) => {
  const projects = await api.GET("/api/external/projects");
  t.equal(projects.response.status, 200);
  t.match(projects.data, [{ id: org.projectId, name: "default" }]);

  const noKey = await clientForInvalidRequests().GET("/api/external/projects");
  t.equal(noKey.response.status, 401);
  t.same(noKey.error, UNAUTHORIZED);

  const publicKey = await client(org.publicKey).GET("/api/external/projects");
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);
});

t.test("getHealth and getReady need no key", async (t) => {
  const keyless = client();
  const health = await keyless.GET("/health");
  t.equal(health.response.status, 200);
  t.same(health.data, { status: "ok" });
  const ready = await keyless.GET("/ready");
  t.equal(ready.response.status, 200);
  t.same(ready.data, { status: "ready" });
});
