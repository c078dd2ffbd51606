import t from "tap";
import { createProject } from "../../src/projects/projects.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations } from "../helpers/contract.ts";

const service = await startService(t);
const { org, api } = service;
const second = await createProject(service.database.prisma, org.organizationId, "second");

async function threadWithIntents(intents: string[], projectId?: number) {
  const { data, response } = await api(org.privateKey).POST("/api/external/threads", {
    body: { externalUser: { externalId: uniqueId("user") }, projectId, intents },
  });
  if (!data) throw new Error(`thread creation answered ${response.status}`);
  return data.intents;
}

// Created out of name order, with names that sort differently by locale ("Zebra" before "apple" byte by byte).
const inDefault = await threadWithIntents(["refund", "billing", "Zebra", "apple"]);
const inSecond = await threadWithIntents(["billing"], second.id);
const id = (intents: { id: number; name: string }[], name: string) => intents.find((intent) => intent.name === name)!.id;

t.test("every intent of the organization, by name (byte order), then id", async (t) => {
  const { data, response } = await api(org.privateKey).GET("/api/external/intents");
  t.equal(response.status, 200);
  t.same(contractViolations("ProjectIntent", data![0]), []);
  t.same(
    data!.map(({ id, projectId, name }) => ({ id, projectId, name })),
    [
      { id: id(inDefault, "Zebra"), projectId: org.projectId, name: "Zebra" },
      { id: id(inDefault, "apple"), projectId: org.projectId, name: "apple" },
      { id: id(inDefault, "billing"), projectId: org.projectId, name: "billing" },
      { id: id(inSecond, "billing"), projectId: second.id, name: "billing" },
      { id: id(inDefault, "refund"), projectId: org.projectId, name: "refund" },
    ],
  );
  t.same(Object.keys(data![0]!).sort(), ["createdAt", "id", "name", "projectId"]);
  t.match(data![0]!.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

t.test("projectId: that project's intents only", async (t) => {
  const { data } = await api(org.privateKey).GET("/api/external/intents", { params: { query: { projectId: second.id } } });
  t.same(data!.map((intent) => intent.id), [id(inSecond, "billing")]);
});

t.test("another organization's intents never show; its project lists nothing", async (t) => {
  const other = await service.newOrganization();
  await api(other.privateKey).POST("/api/external/threads", { body: { externalUser: { externalId: uniqueId("user") }, intents: ["theirs"] } });
  const mine = await api(org.privateKey).GET("/api/external/intents");
  t.notOk(mine.data!.some((intent) => intent.name === "theirs"));
  const theirProject = await api(org.privateKey).GET("/api/external/intents", { params: { query: { projectId: other.projectId } } });
  t.equal(theirProject.response.status, 200);
  t.same(theirProject.data, []);
  const theirs = await api(other.privateKey).GET("/api/external/intents");
  t.same(theirs.data!.map((intent) => intent.name), ["theirs"]);
});

t.test("an intent id listed here is what the thread listing filters by", async (t) => {
  const { data } = await api(org.privateKey).GET("/api/external/threads", { params: { query: { intentIds: [id(inSecond, "billing")] } } });
  t.equal(data!.count, 1);
  t.equal(data!.rows[0]!.project.id, second.id);
});
