import t from "tap";
import { loadSpecification } from "../../src/http/contract.ts";
import { importOrganization } from "../../src/transfer/importer.ts";
import type { EndRecord } from "../../src/transfer/records.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { exportContent, exportLines, linesOf, populateOrganization, records } from "../helpers/transfer.ts";

const service = await startService(t);
const { org } = service;
const { prisma } = service.database;
await populateOrganization(service.api(org.privateKey), prisma, org.organizationId);
const exported = await exportLines(prisma, { organizationId: org.organizationId });

/** The export with the record on `line` (1-based) changed or, when `change` returns undefined, removed. */
function edited(line: number, change: (record: Record<string, any>) => object | undefined): string[] {
  return exported.flatMap((text, index) => {
    if (index !== line - 1) return [text];
    const changed = change(JSON.parse(text));
    return changed === undefined ? [] : [JSON.stringify(changed)];
  });
}

const lineOf = (predicate: (record: Record<string, any>) => boolean) => exported.findIndex((text) => predicate(JSON.parse(text))) + 1;
const endLine = exported.length;
/** The end record counting one record of `kind` fewer, for files that leave one out. */
const withCount = (lines: string[], kind: string, delta: number) =>
  lines.map((text) => {
    const record = JSON.parse(text);
    if (record.kind !== "end") return text;
    record.counts[kind] += delta;
    return JSON.stringify(record);
  });

t.test("an import creates a new organization with the file's data and its own keys", async (t) => {
  const name = uniqueId("imported");
  const imported = await importOrganization(prisma, linesOf(exported), { name });
  t.match(imported, { organizationId: Number, privateKey: /^sk_/, publicKey: /^pk_/ });
  t.not(imported.organizationId, org.organizationId);
  t.same(imported.counts, (records(exported).at(-1) as EndRecord).counts);
  t.equal((await prisma.organization.findUniqueOrThrow({ where: { id: imported.organizationId } })).name, name);
  t.equal(await prisma.apiKey.count({ where: { organizationId: imported.organizationId } }), 2);

  const again = await exportLines(prisma, { organizationId: imported.organizationId });
  t.same(exportContent(again), exportContent(exported), "exporting the import gives the same records");

  const [source, copy] = await Promise.all(
    [org.organizationId, imported.organizationId].map((organizationId) =>
      prisma.thread.findMany({ where: { organizationId }, orderBy: { id: "asc" }, select: { summary: true, summaryMessageId: true, messages: { select: { id: true }, orderBy: { id: "desc" }, take: 1 } } }),
    ),
  );
  t.same(
    copy!.map((thread) => [thread.summary, thread.summaryMessageId === (thread.messages[0]?.id ?? null)]),
    source!.map((thread) => [thread.summary, thread.summaryMessageId === (thread.messages[0]?.id ?? null)]),
    "summaries come along, still marked as covering the thread's last message",
  );

  const twice = await importOrganization(prisma, linesOf(exported));
  t.not(twice.organizationId, imported.organizationId, "importing again makes another organization");
  t.equal(await prisma.thread.count({ where: { organizationId: imported.organizationId } }), 3, "and leaves the first one as it was");
});

const api = loadSpecification().components.schemas!;
const feedbackTextLimit = (api.FeedbackRequest!.properties!.feedbackText as { maxLength: number }).maxLength;
const feedbackLine = lineOf((r) => r.kind === "feedback");
const attributeLine = lineOf((r) => r.kind === "attribute");
const userLine = lineOf((r) => r.kind === "user");
const threadLine = lineOf((r) => r.kind === "thread");
const messageLine = lineOf((r) => r.kind === "message");
const option = (name: string) => ({ name, createdAt: "2024-05-01T09:30:00.000Z", updatedAt: "2024-05-01T09:30:00.000Z" });

/** The export with `count` more attributes of the first attribute's project, right after it. */
function withAttributes(count: number): string[] {
  const first = JSON.parse(exported[attributeLine - 1]!);
  const more = Array.from({ length: count }, (_, i) => JSON.stringify({ ...first, name: `extra-${i}`, options: [] }));
  return withCount([...exported.slice(0, attributeLine), ...more, ...exported.slice(attributeLine)], "attribute", count);
}

/** Everything the API refuses, each in the record that would carry it. */
const REFUSED_AS_BY_THE_API: [string, () => string[], RegExp][] = [
  ["a feedbackType the API does not know", () => edited(feedbackLine, (r) => ({ ...r, feedbackType: "MAYBE" })), /^line \d+: feedback: field 'feedbackType' must be one of POSITIVE, NEGATIVE$/],
  ["a null feedbackType", () => edited(feedbackLine, (r) => ({ ...r, feedbackType: null })), /^line \d+: feedback: field 'feedbackType' must be string$/],
  [
    "a feedbackText longer than the API takes",
    () => edited(feedbackLine, (r) => ({ ...r, feedbackText: "x".repeat(feedbackTextLimit + 1) })),
    new RegExp(`^line \\d+: feedback: field 'feedbackText' must NOT have more than ${feedbackTextLimit} characters$`),
  ],
  ["a 200,000-character summary", () => edited(threadLine, (r) => ({ ...r, summary: "x".repeat(200_000) })), /^line \d+: thread: field 'summary' must NOT have more than 1000 characters$/],
  ["a 256-character name", () => edited(attributeLine, (r) => ({ ...r, name: "x".repeat(256) })), /^line \d+: attribute: field 'name' must NOT have more than 255 characters$/],
  [
    "1,001 options on an attribute",
    () => edited(attributeLine, (r) => ({ ...r, options: Array.from({ length: 1001 }, (_, i) => option(`option-${i}`)) })),
    /^line \d+: attribute: field 'options' must NOT have more than 1000 items$/,
  ],
  [
    "101 segments on a user",
    () => edited(userLine, (r) => ({ ...r, segments: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`type-${i}`, "x"])) })),
    /^line \d+: user: field 'segments' must NOT have more than 100 properties$/,
  ],
  ["a leap second", () => edited(messageLine, (r) => ({ ...r, createdAt: "2016-12-31T23:59:60Z" })), /^line \d+: message: field 'createdAt' must be an RFC 3339 date-time/],
  ["a date that is no date", () => edited(threadLine, (r) => ({ ...r, updatedAt: "2024-02-30T10:00:00Z" })), /^line \d+: thread: field 'updatedAt' must be an RFC 3339 date-time/],
  ["an empty organization name", () => edited(1, (r) => ({ ...r, organization: { ...r.organization, name: "" } })), /^line 1: header: field 'organization.name' must NOT have fewer than 1 characters$/],
  [
    "a 100,000-character organization name",
    () => edited(1, (r) => ({ ...r, organization: { ...r.organization, name: "x".repeat(100_000) } })),
    /^line 1: header: field 'organization.name' must NOT have more than 255 characters$/,
  ],
  ["an attribute named __proto__", () => edited(attributeLine, (r) => ({ ...r, name: "__proto__" })), /^line \d+: attribute: field 'name' is a reserved name$/],
  ["a key named constructor", () => edited(threadLine, (r) => ({ ...r, metadata: { constructor: 1 } })), /^line \d+: thread: field 'metadata.constructor': 'constructor' is a reserved name$/],
  ["a NUL character", () => edited(messageLine, (r) => ({ ...r, content: "a\u0000b" })), /^line \d+: message: field 'content' contains a NUL character$/],
  ["a thread's metadata over 100,000 characters of JSON", () => edited(threadLine, (r) => ({ ...r, metadata: { text: "x".repeat(100_000) } })), /^line \d+: thread: field 'metadata' is over 100000 characters of JSON$/],
  ["1,001 attributes", () => withAttributes(1000), new RegExp(`^line ${attributeLine + 1000}: an organization holds at most 1000 attributes$`)],
];

const BAD_FILES: [string, () => string[], RegExp][] = [
  ...REFUSED_AS_BY_THE_API,
  ["an empty file", () => [], /the file is empty/],
  ["a line that is not JSON", () => [exported[0]!, "{not json", ...exported.slice(1)], /^line 2: not a JSON object/],
  ["a file without its header", () => exported.slice(1), /^line 1: the file must start with a header record/],
  ["an unknown record kind", () => edited(2, (r) => ({ ...r, kind: "planet" })), /^line 2: unknown record kind "planet"/],
  ["a field of the wrong type", () => edited(lineOf((r) => r.kind === "message"), (r) => ({ ...r, role: "robot" })), /^line \d+: message: field 'role' must be one of user, assistant, system, tool$/],
  ["a missing field", () => edited(lineOf((r) => r.kind === "user"), ({ externalId, ...r }) => r), /^line \d+: user: missing field 'externalId'/],
  ["an unknown field", () => edited(lineOf((r) => r.kind === "thread"), (r) => ({ ...r, colour: "red" })), /^line \d+: thread: unknown field 'colour'/],
  ["a file cut short", () => exported.slice(0, -3), /the file ends before its end record: it was cut short/],
  ["a record missing from the middle", () => edited(lineOf((r) => r.kind === "message"), () => undefined), /^line \d+: the end record counts \d+ message records, the file holds \d+/],
  ["a record after the end", () => [...exported, exported[1]!], new RegExp(`^line ${endLine + 1}: a record after the end record`)],
  ["a second header", () => [exported[0]!, ...exported], /^line 2: a second header record/],
  [
    "a thread of a user the file does not hold",
    () => edited(lineOf((r) => r.kind === "thread"), (r) => ({ ...r, user: "nobody" })),
    /^line \d+: user "nobody" is not in the file/,
  ],
  [
    "a message of a thread the file does not hold",
    () => edited(lineOf((r) => r.kind === "message"), (r) => ({ ...r, thread: 999999999 })),
    /^line \d+: thread 999999999 is not in the file/,
  ],
  [
    "feedback naming an option its project lacks",
    () => edited(lineOf((r) => r.kind === "feedback" && Object.keys(r.attributes).length > 0), (r) => ({ ...r, attributes: { reason: "boring" } })),
    /^line \d+: attribute "reason" with option "boring" is not in project/,
  ],
  [
    "a user twice",
    () => withCount([...exported.slice(0, lineOf((r) => r.kind === "user")), ...exported.slice(lineOf((r) => r.kind === "user") - 1)], "user", 1),
    /^line \d+: user ".+" appears twice/,
  ],
  [
    "a segment that is not in the file",
    () => edited(lineOf((r) => r.kind === "user" && Object.keys(r.segments).length > 0), (r) => ({ ...r, segments: { plan: "platinum" } })),
    /^line \d+: segment "platinum" of type "plan" is not in the file/,
  ],
];

for (const [name, file, message] of BAD_FILES) {
  t.test(`${name}: an error naming the line, and nothing written`, async (t) => {
    const name = uniqueId("rejected");
    await t.rejects(importOrganization(prisma, linesOf(file()), { name }), message);
    t.equal(await prisma.organization.count({ where: { name } }), 0, "no organization");
  });
}

t.test("a file that starts with a byte-order mark imports as without it", async (t) => {
  const name = uniqueId("bom");
  const imported = await importOrganization(prisma, linesOf([`\uFEFF${exported[0]}`, ...exported.slice(1)]), { name });
  t.same(imported.counts, (records(exported).at(-1) as EndRecord).counts);
  t.equal(await prisma.organization.count({ where: { name } }), 1);
});

t.test("an organization name the API would refuse, given to the import: refused before reading, nothing written", async (t) => {
  for (const name of ["", "x".repeat(256)]) {
    await t.rejects(importOrganization(prisma, linesOf(exported), { name }), /^the organization's name must be 1 to 255 characters$/);
    t.equal(await prisma.organization.count({ where: { name } }), 0);
  }
});

t.test("the imported threads' messages are found by the listing's search, as in the source", async (t) => {
  const imported = await importOrganization(prisma, linesOf(exported));
  const documents = (organizationId: number) =>
    prisma.$queryRaw<{ searchText: string | null }[]>`SELECT "searchText" FROM "Thread" WHERE "organizationId" = ${organizationId} ORDER BY "id"`;
  const copied = await documents(imported.organizationId);
  t.same(copied, await documents(org.organizationId), "the same search documents");
  t.ok(copied.some(({ searchText }) => searchText?.includes("reset my password")));
  const { data, response } = await service.api(imported.privateKey).GET("/api/external/threads", { params: { query: { search: "LOGIN** PAGE" } } });
  t.equal(response.status, 200);
  t.same({ count: data!.count, countExact: data!.countExact, messages: data!.rows.map((row) => row.messages.map((message) => message.content)) }, {
    count: 1,
    countExact: true,
    messages: [["How do I reset my password?", "Use the link on the **login** page.", "{}"]],
  });
});
