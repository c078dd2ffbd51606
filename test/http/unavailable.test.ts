import t from "tap";
import { buildApp } from "../../src/app.ts";
import { initOrganization } from "../../src/organizations/organizations.ts";
import { openTestDatabase } from "../helpers/database.ts";

t.test("when the database is gone: /ready and operations answer 503, /health stays 200", async (t) => {
  const database = await openTestDatabase();
  const app = await buildApp({ database });
  t.teardown(() => app.close());
  const org = await initOrganization(database.prisma, "gone", "default");
  await database.close();

  t.same((await app.inject("/health")).json(), { status: "ok" });
  const ready = await app.inject("/ready");
  t.equal(ready.statusCode, 503);
  t.match(ready.json(), { error: /unavailable/i });
  const users = await app.inject({ method: "PUT", url: "/api/external/users", headers: { "api-key": org.privateKey }, payload: { externalId: "x" } });
  t.equal(users.statusCode, 503);
  t.match(users.json(), { error: /unavailable/i });
});
