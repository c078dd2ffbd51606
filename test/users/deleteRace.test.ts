import t from "tap";
import { startService } from "../helpers/app.ts";
import { raceDeletesAgainstWrites } from "../helpers/deleteRace.ts";

// Deadlocks (40P01), serialization failures (40001) and foreign keys to rows deleted meanwhile
// (23503) used to answer 500 here on PostgreSQL; PGlite runs one transaction at a time.
t.test("users deleted while their thread takes feedback and appends: never a 500", async (t) => {
  const service = await startService(t);
  const key = service.org.privateKey;
  const outcome = await raceDeletesAgainstWrites(async (method, url, body) => {
    const answer = await service.call(key, { method, url, ...(body === undefined ? {} : { payload: body as object, headers: { "content-type": "application/json" } }) });
    return answer.statusCode;
  }, 25);
  t.comment(`${service.database.kind}: ${outcome.requests} requests, by status ${JSON.stringify(outcome.byStatus)}`);
  t.same(outcome.unexpected, [], "every request answered what its kind may answer, none 500");
});
