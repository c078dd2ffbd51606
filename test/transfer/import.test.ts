import t from "tap";
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

const BAD_FILES: [string, () => string[], RegExp][] = [
  ["an empty file", () => [], /the file is empty/],
  ["a line that is not JSON", () => [exported[0]!, "{not json", ...exported.slice(1)], /^line 2: not a JSON object/],
  ["a file without its header", () => exported.slice(1), /^line 1: the file must start with a header record/],
  ["an unknown record kind", () => edited(2, (r) => ({ ...r, kind: "planet" })), /^line 2: unknown record kind "planet"/],
  ["a field of the wrong type", () => edited(lineOf((r) => r.kind === "message"), (r) => ({ ...r, role: "robot" })), /^line \d+: message: field 'role' must be equal to one of the allowed values/],
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
