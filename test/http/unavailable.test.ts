import t from "tap";
import { buildApp } from "../../src/app.ts";
import { initOrganization } from "../../src/organizations/organizations.ts";
import { checkAnswers, serviceClients, startService } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";

t.test("when the database is gone: /ready and operations answer 503, /health stays 200", async (t) => {
  // Not startService: its teardown would close the database a second time.
  const database = await openTestDatabase();
  const app = await buildApp({ database, onAnswer: checkAnswers(t) });
  t.teardown(() => app.close());
  const { api } = serviceClients(t, app);
  const org = await initOrganization(database.prisma, "gone", "default");
  await database.close();

  t.same((await api().GET("/health")).data, { status: "ok" });
  const ready = await api().GET("/ready");
  t.equal(ready.response.status, 503);
  t.match(ready.error, { error: /unavailable/i });
  t.equal(ready.response.headers.get("retry-after"), "5");
  const users = await api(org.privateKey).PUT("/api/external/users", { body: { externalId: "x" } });
  t.equal(users.response.status, 503);
  t.match(users.error, { error: /unavailable/i });
  t.equal(users.response.headers.get("retry-after"), "5", "503 says when to retry");
});

t.test("once shutting down: /ready answers 503 so that a load balancer stops sending; requests are still served", async (t) => {
  let shuttingDown = false;
  const { api, org, database } = await startService(t, { shuttingDown: () => shuttingDown });
  t.same((await api().GET("/ready")).data, { status: "ready" });
  shuttingDown = true;

  const ready = await api().GET("/ready");
  t.equal(ready.response.status, 503);
  t.same(ready.error, { error: "Service unavailable - shutting down" });
  t.equal(ready.response.headers.get("retry-after"), "1");
  const user = await api(org.privateKey).PUT("/api/external/users", { body: { externalId: "during-shutdown" } });
  t.equal(user.response.status, 201);
  t.match(user.data, { externalId: "during-shutdown" });
  t.equal(await database.prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId: "during-shutdown" } }), 1);
});
