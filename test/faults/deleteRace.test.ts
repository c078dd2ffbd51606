import t from "tap";
import { raceDeletesAgainstWrites } from "../helpers/deleteRace.ts";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient } from "../helpers/serviceClient.ts";

t.test("a service process: users deleted while their thread takes feedback and appends, never a 500", async (t) => {
  const service = await startServer(await freshDatabaseEnv(t), SLOW_START_TIMEOUT_MS);
  t.teardown(() => service.child.kill("SIGKILL"));
  const client = serviceClient(service.url, printedPrivateKey(service.output()));
  const outcome = await raceDeletesAgainstWrites(async (method, path, body) => (await client.send(method, path, body)).status, 20);
  t.comment(`${outcome.requests} requests, by status ${JSON.stringify(outcome.byStatus)}`);
  t.same(outcome.unexpected, [], "every request answered what its kind may answer, none 500");
  t.notMatch(service.output(), /"status":5\d\d/, "the log shows no 5xx");
  t.equal(await service.stop(), 0);
});
