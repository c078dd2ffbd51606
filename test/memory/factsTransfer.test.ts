// Export and import carry facts with their history, what users asked to forget, and each message's search language.
import t from "tap";
import { importOrganization } from "../../src/transfer/importer.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { says, taggedIngest } from "../helpers/facts.ts";
import { exportContent, exportLines, linesOf, records } from "../helpers/transfer.ts";

const service = await startService(t);
const { org, api } = service;
const { prisma } = service.database;
const ingest = taggedIngest(service, t.teardown);

/** Everything the facts operations show of a user, internal ids replaced by positions. */
async function factsShown(key: string, userExternalId: string) {
  const { data } = await api(key).GET("/api/external/memory/facts", { params: { query: { userExternalId, include: "history" } } });
  const ids = new Map(data!.facts.map((fact, index) => [fact.id, index]));
  const context = await api(key).GET("/api/external/memory/context", { params: { query: { userExternalId } } });
  const search = await api(key).GET("/api/external/memory/search", { params: { query: { userExternalId, q: "budget" } } });
  return {
    facts: data!.facts.map(({ id, supersededById, source, ...fact }) => ({
      ...fact,
      id: ids.get(id),
      supersededById: supersededById && ids.get(supersededById),
      source: { threadExternalId: source.threadExternalId, messageExternalId: source.messageExternalId },
    })),
    context: context.data!.context,
    search: search.data!.results.map(({ snippet, score, createdAt }) => ({ snippet, score, createdAt })),
  };
}

t.test("a round trip is lossless: facts with history, sources, forgotten statements, message languages", async (t) => {
  const userExternalId = uniqueId("user");
  const externalUser = { externalId: userExternalId };
  await ingest({ externalId: "t-1", externalUser, messages: [says("budget", "My budget is $80 for the whole project", "2024-01-01T00:00:00.000Z", "m-1")] });
  await ingest({ externalId: "t-2", externalUser, messages: [says("budget", "My budget is now $120 for the project", "2024-03-01T00:00:00.000Z", "m-2")] });
  await ingest({ externalId: "t-3", externalUser, messages: [says("budget", "My budget was $100 in between", "2024-02-01T00:00:00.000Z"), says("pet", "We have a cat", "2024-02-01T00:00:01.000Z")] });
  const [pet] = (await api(org.privateKey).GET("/api/external/memory/facts", { params: { query: { userExternalId } } })).data!.facts.filter((fact) => fact.subject === "pet");
  await api(org.privateKey).DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId: pet!.id } } });

  const exported = await exportLines(prisma, { organizationId: org.organizationId });
  const kinds = records(exported).map((record) => record.kind);
  t.same([kinds.filter((kind) => kind === "fact").length, kinds.filter((kind) => kind === "forgotten").length], [3, 1]);
  t.match(records(exported).find((record) => record.kind === "message"), { language: "en" });

  const imported = await importOrganization(prisma, linesOf(exported), { name: uniqueId("imported") });
  t.match(imported.counts, { fact: 3, forgotten: 1 });
  t.same(await factsShown(imported.privateKey, userExternalId), await factsShown(org.privateKey, userExternalId), "the operations show the same");
  t.same(exportContent((await exportLines(prisma, { organizationId: imported.organizationId })).slice(0)), exportContent(exported), "and it exports the same records");

  // The forgotten statement stays forgotten in the imported organization.
  const importedUser = await prisma.externalUser.findFirstOrThrow({ where: { organizationId: imported.organizationId, externalId: userExternalId } });
  t.equal(await prisma.factForgotten.count({ where: { externalUserId: importedUser.id, statement: "we have a cat" } }), 1);
});

t.test("an import refuses facts that name what the file lacks, and a file without facts still imports", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({ externalUser: { externalId: userExternalId }, messages: [says("diet", "I'm vegan", "2024-01-01T00:00:00.000Z")] });
  const exported = await exportLines(prisma, { organizationId: org.organizationId });
  const factLine = exported.findIndex((line) => line.includes('"kind":"fact"'));
  const broken = exported.map((line, index) => (index === factLine ? line.replace(/"message":\d+/, '"message":999999999') : line));
  await t.rejects(importOrganization(prisma, linesOf(broken)), { message: `line ${factLine + 1}: message 999999999 is not a message of user ${JSON.stringify(JSON.parse(exported[factLine]!).user)} in the file` });

  // Made before facts: no fact or forgotten records, counts or message languages.
  const before = exported
    .filter((line) => !/"kind":"(fact|forgotten)"/.test(line))
    .map((line) => {
      const record = JSON.parse(line);
      if (record.kind === "message") delete record.language;
      if (record.kind === "end") {
        delete record.counts.fact;
        delete record.counts.forgotten;
      }
      return JSON.stringify(record);
    });
  const imported = await importOrganization(prisma, linesOf(before));
  t.match(imported.counts, { fact: 0, forgotten: 0 });
});
