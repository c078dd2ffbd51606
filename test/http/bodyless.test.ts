import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";

// A client that sets Content-Type on every request sends it on a DELETE without a body too.
const service = await startService(t);
const { app, org, api } = service;
const { prisma } = service.database;

const deleteUser = (externalId: string, headers: Record<string, string>) =>
  app.inject({ method: "DELETE", url: `/api/external/users/${externalId}`, headers: { "api-key": org.privateKey, ...headers } });

const declared: Record<string, string>[] = [{}, { "content-type": "application/json" }, { "content-type": "application/json", "content-length": "0" }, { "content-type": "text/plain" }];

t.test("a DELETE without a body answers the same with or without a Content-Type", async (t) => {
  for (const headers of declared) {
    const response = await deleteUser(uniqueId("nobody"), headers);
    t.same([response.statusCode, response.json()], [404, { error: "User not found" }], JSON.stringify(headers));
  }
  for (const headers of declared) {
    const externalId = uniqueId("leaver");
    t.equal((await api(org.privateKey).PUT("/api/external/users", { body: { externalId } })).response.status, 201);
    const response = await deleteUser(externalId, headers);
    t.equal(response.statusCode, 204, JSON.stringify(headers));
    t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId } }), 0, "deleted");
  }
});

t.test("an operation that needs a body still says it is missing", async (t) => {
  const response = await app.inject({ method: "PUT", url: "/api/external/users", headers: { "api-key": org.privateKey, "content-type": "application/json" } });
  t.same([response.statusCode, response.json()], [400, { error: "Missing request body" }]);
});
