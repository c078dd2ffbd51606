import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations } from "../helpers/contract.ts";

const service = await startService(t);
const { org, api } = service;

async function user(segments: Record<string, string>, key = org.privateKey) {
  const { data, response } = await api(key).PUT("/api/external/users", { body: { externalId: uniqueId("user"), segments } });
  if (!data) throw new Error(`user upsert answered ${response.status}`);
  return data;
}

// Created out of order; "Zone" sorts before "plan" byte by byte.
await user({ region: "us", plan: "pro" });
await user({ plan: "enterprise", Zone: "b" });
await user({ region: "eu", plan: "pro" });

t.test("every segment of the organization with its type, by type name then segment name (byte order)", async (t) => {
  const { data, response } = await api(org.privateKey).GET("/api/external/segments");
  t.equal(response.status, 200);
  for (const segment of data!) t.same(contractViolations("Segment", segment), []);
  t.same(data!.map((segment) => `${segment.type.name}: ${segment.name}`), ["Zone: b", "plan: enterprise", "plan: pro", "region: eu", "region: us"]);
  const pro = data!.find((segment) => segment.name === "pro")!;
  t.equal(pro.organizationId, org.organizationId);
  t.equal(pro.userSegmentTypeId, pro.type.id);
  t.same(Object.keys(pro).sort(), ["createdAt", "id", "name", "organizationId", "type", "updatedAt", "userSegmentTypeId"]);
});

t.test("another organization's segments never show", async (t) => {
  const other = await service.newOrganization();
  await user({ plan: "theirs" }, other.privateKey);
  const { data } = await api(org.privateKey).GET("/api/external/segments");
  t.notOk(data!.some((segment) => segment.name === "theirs"));
  const theirs = await api(other.privateKey).GET("/api/external/segments");
  t.same(theirs.data!.map((segment) => segment.name), ["theirs"]);
});

t.test("a segment id listed here is what the thread listing filters by", async (t) => {
  const { data: segments } = await api(org.privateKey).GET("/api/external/segments");
  const eu = segments!.find((segment) => segment.name === "eu")!;
  const { data } = await api(org.privateKey).GET("/api/external/threads", { params: { query: { userSegmentIds: [eu.id] } } });
  t.equal(data!.count, 0, "no thread yet; the id is accepted");
});
