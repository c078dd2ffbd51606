import t from "tap";
import { buildApp } from "../../src/app.ts";
import { initOrganization } from "../../src/organizations/organizations.ts";
import { serviceClients } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";

t.test("when the database is gone: /ready and operations answer 503, /health stays 200", async (t) => {
  // Not startService: its teardown would close the database a second time.
  const database = await openTestDatabase();
  const app = await buildApp({ database });
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
