import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { FORBIDDEN, UNAUTHORIZED } from "../helpers/contract.ts";
import { listing, type ThreadQuery } from "../fixtures/threadListing.ts";

const service = await startService(t);
const { org } = service;
const { list, listRaw, createThread } = listing(service);

await createThread({ externalUser: { externalId: uniqueId("user") }, messages: [{ role: "user", content: "hi" }] });

t.test("private key only: 401 without or with an unknown key, 403 with a public key", async (t) => {
  const missing = await listRaw({}, null);
  t.equal(missing.statusCode, 401);
  t.same(missing.json(), UNAUTHORIZED);
  t.equal((await list({}, "sk_not-a-key")).response.status, 401);
  const publicKey = await list({}, org.publicKey);
  t.equal(publicKey.response.status, 403);
  t.same(publicKey.error, FORBIDDEN);
  t.equal((await listRaw({ pageSize: 0 }, null)).statusCode, 401, "the key is checked before the parameters");
});

const invalid: [string, Record<string, string | string[]>][] = [
  ["ids", { ids: "abc" }],
  ["ids", { ids: "1.5" }],
  ["ids", { ids: "0" }],
  ["ids", { ids: "-3" }],
  ["ids", { ids: "1,x" }],
  ["ids", { ids: ["1", "two"] }],
  ["ids", { ids: "2147483648" }],
  ["intentIds", { intentIds: "billing" }],
  ["userSegmentIds", { userSegmentIds: "1,pro" }],
  ["projectId", { projectId: "default" }],
  ["projectId", { projectId: "0" }],
  ["before", { before: "yesterday" }],
  ["before", { before: "2024-01-01" }],
  ["after", { after: "2024-13-01T00:00:00Z" }],
  ["after", { after: "2024-01-01T00:00:00" }],
  ["pageSize", { pageSize: "0" }],
  ["pageSize", { pageSize: "201" }],
  ["pageSize", { pageSize: "ten" }],
  ["pageSize", { pageSize: "2.5" }],
  ["pageIndex", { pageIndex: "-1" }],
  ["pageIndex", { pageIndex: "1.5" }],
  ["pageIndex", { pageIndex: "first" }],
  ["search", { search: "x".repeat(256) }],
  ["userSearch", { userSearch: "x".repeat(256) }],
  ["externalUserIds", { externalUserIds: "x".repeat(256) }],
];

for (const [parameter, query] of invalid) {
  t.test(`400 naming ${parameter} for ${JSON.stringify(query).slice(0, 60)}`, async (t) => {
    const response = await listRaw(query);
    t.equal(response.statusCode, 400);
    const body = response.json();
    t.type(body.error, "string");
    t.match(body.error, new RegExp(`\\b${parameter}\\b`), body.error);
  });
}

t.test("edge values that are valid", async (t) => {
  const valid: ThreadQuery[] = [{ pageSize: 1 }, { pageSize: 200 }, { pageIndex: 0 }, { ids: [2147483647] }, { search: "x".repeat(255) }];
  for (const query of valid) {
    const response = await list(query);
    t.equal(response.response.status, 200, JSON.stringify(query).slice(0, 40));
    t.type(response.data!.count, "number");
  }
});
