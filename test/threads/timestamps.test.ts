import t from "tap";
import { isTimestamp } from "../../src/timestamp.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { listing } from "../fixtures/threadListing.ts";

const service = await startService(t);
const { org, call } = service;
const { listRaw } = listing(service);

const ingest = (createdAt: unknown) =>
  call(org.privateKey, {
    method: "POST",
    url: "/api/external/threads",
    headers: { "content-type": "application/json" },
    payload: { externalUser: { externalId: uniqueId("user") }, messages: [{ role: "user", content: "hi", createdAt }] },
  });

const REFUSED = [
  "2024-12-31T23:59:60Z", // a leap second: JavaScript's Date cannot hold it
  "2024-01-01T00:00:00+23:00", // beyond ±14:00 (PostgreSQL refuses beyond ±15:59)
  "2024-01-01T00:00:00+14:01",
  "2024-01-01T00:00:00-15:00",
  "2024-02-30T00:00:00Z", // JavaScript would make it 1 March
  "2023-02-29T00:00:00Z",
  "2024-01-01T24:00:00Z",
  "2024-01-01T00:60:00Z",
  "2024-01-01T00:00:00+05:60",
  "0000-06-01T00:00:00Z",
  "0001-01-01T00:30:00+01:00", // year 0 in UTC
  "2024-01-01 00:00:00Z",
  "2024-01-01T00:00:00",
  "2024-01-01",
  "2024-01-01T00:00:00.1234567890Z",
];
const ACCEPTED = [
  "2024-12-31T23:59:59Z",
  "2024-01-01T00:00:00+14:00",
  "2024-01-01T00:00:00-12:00",
  "2024-02-29T12:00:00.123456789Z",
  "2024-01-01t00:00:00z",
  "0001-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999Z",
];

t.test("the rule: RFC 3339, seconds 00-59, offsets within ±14:00, a real day, years 0001-9999", async (t) => {
  for (const value of REFUSED) t.notOk(isTimestamp(value), `refused: ${value}`);
  for (const value of ACCEPTED) t.ok(isTimestamp(value), `accepted: ${value}`);
});

t.test("a message createdAt outside the rule is a 400 naming it, never a 500; inside, it is stored as that instant", async (t) => {
  for (const value of REFUSED) {
    const response = await ingest(value);
    t.equal(response.statusCode, 400, value);
    t.match(response.json(), { error: /'messages\[0\]\.createdAt'.*RFC 3339/ }, value);
  }
  for (const value of ACCEPTED) {
    const response = await ingest(value);
    t.equal(response.statusCode, 201, value);
    t.equal(response.json().messages[0].createdAt, new Date(value).toISOString(), value);
  }
});

t.test("before and after outside the rule are a 400 naming the parameter; inside, accepted", async (t) => {
  for (const parameter of ["before", "after"]) {
    for (const value of REFUSED) {
      const response = await listRaw({ [parameter]: value });
      t.equal(response.statusCode, 400, `${parameter}=${value}`);
      t.match(response.json(), { error: new RegExp(`'${parameter}'.*RFC 3339`) }, `${parameter}=${value}`);
    }
    for (const value of ACCEPTED) t.equal((await listRaw({ [parameter]: value })).statusCode, 200, `${parameter}=${value}`);
  }
});

t.test("the same instant in any offset filters alike", async (t) => {
  const thread = (await ingest("2024-06-01T12:00:00Z")).json();
  const query = (after: string, before: string) => listRaw({ ids: String(thread.id), after, before });
  const created = new Date(thread.createdAt).toISOString();
  t.equal((await query("2000-01-01T00:00:00+14:00", "2999-01-01T00:00:00-12:00")).json().count, 1, `created ${created}`);
});
