import t from "tap";
import { exportOrganization } from "../../src/transfer/exporter.ts";
import type { ExportRecord, ThreadRecord, UserRecord } from "../../src/transfer/records.ts";
import { startService } from "../helpers/app.ts";
import { exportLines, populateOrganization, records } from "../helpers/transfer.ts";

const service = await startService(t);
const { org } = service;
const { prisma } = service.database;
const { secondProjectId, userIds } = await populateOrganization(service.api(org.privateKey), prisma, org.organizationId);

const other = await service.newOrganization();
const otherClient = service.api(other.privateKey);
await otherClient.POST("/api/external/threads", {
  body: { externalId: "chat-1", externalUser: { externalId: "someone-else" }, messages: [{ role: "user", content: "another organization's secret" }] },
});

const exportRecords = async (options: { projectId?: number; since?: Date } = {}) =>
  records(await exportLines(prisma, { organizationId: org.organizationId, ...options }));
const ofKind = <K extends ExportRecord["kind"]>(all: ExportRecord[], kind: K) => all.filter((record) => record.kind === kind) as Extract<ExportRecord, { kind: K }>[];

t.test("the whole organization: header first, end last with the counts, nothing of another organization", async (t) => {
  const all = await exportRecords();
  t.match(all[0], { kind: "header", format: "feedback-memory-export", version: 1, organization: { id: org.organizationId }, filter: { projectId: null, since: null } });
  t.same(all.at(-1), {
    kind: "end",
    counts: { project: 2, segmentType: 2, segment: 3, intent: 2, attribute: 2, user: 3, thread: 3, message: 4, feedback: 2, fact: 0, forgotten: 0 },
  });
  const sections = all.map((record) => record.kind).filter((kind, i, kinds) => kind !== kinds[i - 1]);
  t.same(sections, ["header", "project", "segmentType", "segment", "intent", "attribute", "user", "thread", "message", "feedback", "end"]);
  t.notMatch(JSON.stringify(all), "someone-else", "another organization's users stay out");
  t.notMatch(JSON.stringify(all), "secret", "and its messages");

  const [chat] = ofKind(all, "thread").filter((thread) => thread.externalId === "chat-1");
  t.match(chat, { user: userIds[0], intents: ["billing", "password-reset"], metadata: { channel: "web", nested: { a: [1, 2] } }, summary: /reset my password/ });
  const messages = ofKind(all, "message").filter((message) => message.thread === chat!.ref);
  t.same(messages.map((message) => [message.externalId, message.role, message.type]), [["m1", "user", "markdown"], ["m2", "assistant", "markdown"], [null, "tool", "json"]]);
  t.equal(chat!.summaryMessage, messages.at(-1)!.ref, "the summary covers the thread's last message");
  t.same(messages[2]!.jsonContent, { ok: true });
  const feedback = ofKind(all, "feedback");
  t.same(
    feedback.map((f) => [f.user, f.feedbackType, f.attributes, messages.find((m) => m.ref === f.message)?.externalId]).sort(),
    [[userIds[0], "NEGATIVE", { reason: "outdated" }, null], [userIds[1], "POSITIVE", {}, "m1"]].sort(),
  );
});

t.test("--project: only that project's threads, intents and attributes, and the users they name", async (t) => {
  const all = await exportRecords({ projectId: secondProjectId });
  t.match(all[0], { filter: { projectId: secondProjectId } });
  t.same(ofKind(all, "project").map((project) => project.name).length, 1);
  t.same(ofKind(all, "attribute").map((attribute) => attribute.name), ["tone"]);
  t.same(ofKind(all, "intent"), []);
  const threads = ofKind(all, "thread");
  t.same(threads.map((thread) => thread.externalId), [null]);
  t.same(ofKind(all, "user").map((user) => user.externalId), [userIds[1]], "only the user of the exported thread");
  t.same(ofKind(all, "message").map((message) => message.createdAt), ["2024-02-29T12:00:00.000Z"], "a message keeps its own time");
});

t.test("--since: threads created at or after that time, and the users they name", async (t) => {
  const threads = await prisma.thread.findMany({ where: { organizationId: org.organizationId }, orderBy: { id: "asc" } });
  const since = threads[1]!.createdAt;
  const all = await exportRecords({ since });
  t.match(all[0], { filter: { since: since.toISOString() } });
  t.same(ofKind(all, "thread").map((thread: ThreadRecord) => thread.createdAt), threads.slice(1).map((thread) => thread.createdAt.toISOString()));
  t.same(ofKind(all, "user").map((user: UserRecord) => user.externalId), [userIds[1]]);
  t.same(ofKind(all, "feedback"), [], "feedback rides with its thread");

  const future = await exportRecords({ since: new Date(Date.now() + 3600_000) });
  t.same(future.at(-1), { kind: "end", counts: { project: 2, segmentType: 2, segment: 3, intent: 2, attribute: 2, user: 0, thread: 0, message: 0, feedback: 0, fact: 0, forgotten: 0 } });
});

t.test("an unknown organization or another organization's project is refused before anything is written", async (t) => {
  let written = "";
  const write = async (text: string) => void (written += text);
  await t.rejects(exportOrganization(prisma, { organizationId: 2_000_000_000 }, write), { statusCode: 404, message: /Organization 2000000000 not found/ });
  await t.rejects(exportOrganization(prisma, { organizationId: org.organizationId, projectId: other.projectId }, write), { statusCode: 404, message: "Project not found" });
  t.equal(written, "");
});
