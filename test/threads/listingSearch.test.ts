import { randomUUID } from "node:crypto";
import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { listing } from "../fixtures/threadListing.ts";

const service = await startService(t);
const { ids, createThread } = listing(service);

const message = (content: string) => ({ role: "user" as const, content });
// Long enough for the trigram indexes; hex digits a-f become g-l so that the one- and two-letter
// searches below ("ab", "x") cannot hit it by chance.
const marker = `Mk${randomUUID().replaceAll("-", "").replace(/[a-f]/g, (digit) => "ghijkl"["abcdef".indexOf(digit)]!)}`;

const walrus = await createThread({
  externalId: `Ticket-${marker}-Walrus`,
  externalUser: { externalId: uniqueId("u"), name: "Grace Hopper", email: "grace@navy.example", username: "amazing_grace" },
  messages: [message("Hello"), message(`The PRICE is 100% of ${marker} list`), message(`again ${marker} here`)],
});
const underscore = await createThread({
  externalUser: { externalId: `ext_${marker}_1`, name: "Alan", email: "alan@example.org", username: "turing" },
  messages: [message(`snake_case ${marker}`), message("back\\slash and 100 percent")],
});
const plain = await createThread({
  externalUser: { externalId: `ext${marker}x1`, name: "Ålesund Ömer", email: "omer@Example.COM" },
  messages: [message(`snakeXcase ${marker} 100x faster`), message("aB")],
});

t.test("search matches the thread's externalId or any message, case-insensitively, once per thread", async (t) => {
  t.same(await ids({ search: marker }), { count: 3, ids: [plain.id, underscore.id, walrus.id] });
  t.same(await ids({ search: `ticket-${marker.toLowerCase()}-WALRUS` }), { count: 1, ids: [walrus.id] });
  t.same(await ids({ search: `${marker} HERE` }), { count: 1, ids: [walrus.id] }, "a later message matches too");
  t.same(await ids({ search: `price is 100% of ${marker}` }), { count: 1, ids: [walrus.id] });
  t.same(await ids({ search: `${marker}-nowhere` }), { count: 0, ids: [] });
});

t.test("search takes %, _ and \\ literally", async (t) => {
  t.same(await ids({ search: `snake_case ${marker}` }), { count: 1, ids: [underscore.id] }, "_ is not any character");
  t.same(await ids({ search: `snake%case ${marker}` }), { count: 0, ids: [] }, "% is not any string");
  const percent = await ids({ search: "100%" });
  t.ok(percent.ids.includes(walrus.id), "100% matches the literal 100%");
  t.notOk(percent.ids.includes(plain.id), "100% does not match 100x");
  t.notOk(percent.ids.includes(underscore.id), "100% does not match '100 percent'");
  t.ok((await ids({ search: "back\\slash" })).ids.includes(underscore.id), "a backslash is a backslash");
  t.notOk((await ids({ search: "back\\" })).ids.includes(walrus.id));
});

t.test("search terms too short for a trigram index still match", async (t) => {
  const scoped = { search: "ab", ids: [walrus.id, underscore.id, plain.id] };
  t.same(await ids(scoped), { count: 1, ids: [plain.id] }, "two characters, any case");
  t.same(await ids({ ...scoped, search: "%" }), { count: 1, ids: [walrus.id] }, "a lone % is a literal");
  t.same(await ids({ ...scoped, search: "_" }), { count: 1, ids: [underscore.id] }, "a lone _ is a literal");
  t.same(await ids({ ...scoped, search: "x" }), { count: 1, ids: [plain.id] });
});

t.test("userSearch matches the user's externalId, name, email or username, case-insensitively", async (t) => {
  const within = { ids: [walrus.id, underscore.id, plain.id] };
  t.same(await ids({ ...within, userSearch: "GRACE H" }), { count: 1, ids: [walrus.id] }, "name");
  t.same(await ids({ ...within, userSearch: "@NAVY.example" }), { count: 1, ids: [walrus.id] }, "email");
  t.same(await ids({ ...within, userSearch: "zing_gr" }), { count: 1, ids: [walrus.id] }, "username");
  t.same(await ids({ userSearch: `ext_${marker}` }), { count: 1, ids: [underscore.id] }, "externalId, _ literal");
  t.same(await ids({ userSearch: `ext${marker}` }), { count: 1, ids: [plain.id] });
  t.same(await ids({ userSearch: marker.toUpperCase() }), { count: 2, ids: [plain.id, underscore.id] });
  t.same(await ids({ ...within, userSearch: "example" }), { count: 3, ids: [plain.id, underscore.id, walrus.id] });
  t.same(await ids({ ...within, userSearch: "ålesund ö" }), { count: 1, ids: [plain.id] }, "beyond ASCII");
  t.same(await ids({ ...within, userSearch: "gr%ce" }), { count: 0, ids: [] });
});

t.test("search and userSearch are AND-ed with each other and with the other filters", async (t) => {
  t.same(await ids({ search: marker, userSearch: "turing" }), { count: 1, ids: [underscore.id] });
  t.same(await ids({ search: `snake_case ${marker}`, userSearch: "grace" }), { count: 0, ids: [] });
  t.same(await ids({ search: marker, ids: [walrus.id, plain.id], pageSize: 1 }), { count: 2, ids: [plain.id] });
});

// The search reads each thread's search document (migration 0010_search_document), kept by the
// writes themselves: these check that it says what the messages say.
const { prisma } = service.database;
const documentOf = async (threadId: number) =>
  (await prisma.$queryRaw<{ searchText: string | null }[]>`SELECT "searchText" FROM "Thread" WHERE "id" = ${threadId}`)[0]!.searchText;

t.test("a message appended to an existing thread is found at once", async (t) => {
  const externalId = uniqueId("appended");
  const userId = uniqueId("u");
  const thread = await createThread({ externalId, externalUser: { externalId: userId }, messages: [message(`first ${marker} words`)] });
  t.same(await ids({ search: `${marker} Stowaway` }), { count: 0, ids: [] });
  const appended = await service.api(service.org.privateKey).POST("/api/external/threads", {
    body: { externalId, externalUser: { externalId: userId }, messages: [message(`then a ${marker} STOWAWAY arrives`), message("and another")] },
  });
  t.equal(appended.response.status, 200, "appended, not created");
  t.same(await ids({ search: `${marker} stowaway` }), { count: 1, ids: [thread.id] });
  t.same(await ids({ search: `first ${marker} words` }), { count: 1, ids: [thread.id] }, "the first message still matches");
  t.equal(await documentOf(thread.id), `\nfirst ${marker} words\nthen a ${marker} stowaway arrives\nand another`.toLowerCase(), "stored lowercased, in arrival order");
});

t.test("a new thread's document holds each stored message once, the first of those with one externalId", async (t) => {
  const thread = await createThread({
    externalUser: { externalId: uniqueId("u") },
    messages: [
      { ...message(`Kept ${marker} ONE`), externalId: "m1" },
      { ...message(`dropped ${marker} copy`), externalId: "m1" },
      message(`Kept ${marker} two`),
    ],
  });
  t.equal(await documentOf(thread.id), `\nkept ${marker} one\nkept ${marker} two`.toLowerCase(), "written by the insert, not appended again by the trigger");
  t.same(await ids({ search: `${marker} copy` }), { count: 0, ids: [] }, "a message not stored is not searched");
  const { count } = (await prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS "count" FROM "Message" WHERE "threadId" = ${thread.id}`)[0]!;
  t.equal(count, 2);
});

t.test("a substring inside a word matches, in any case, beyond ASCII", async (t) => {
  const thread = await createThread({ externalUser: { externalId: uniqueId("u") }, messages: [message(`Die ÜBERWEISUNGSGEBÜHR ${marker} ist unbelievable`)] });
  const scoped = { ids: [thread.id, walrus.id] };
  t.same(await ids({ ...scoped, search: "believ" }), { count: 1, ids: [thread.id] }, "inside a word");
  t.same(await ids({ ...scoped, search: "überweisungsgebühr" }), { count: 1, ids: [thread.id] }, "lowercase finds uppercase");
  t.same(await ids({ ...scoped, search: "SGEBÜHR " + marker.toUpperCase() }), { count: 1, ids: [thread.id] }, "uppercase finds mixed case");
});

t.test("a term never matches across two messages, but a newline inside one message matches", async (t) => {
  const split = await createThread({ externalUser: { externalId: uniqueId("u") }, messages: [message(`left ${marker}`), message(`right ${marker}`)] });
  const joined = await createThread({ externalUser: { externalId: uniqueId("u") }, messages: [message(`up ${marker}\ndown ${marker}`)] });
  const scoped = { ids: [split.id, joined.id] };
  t.same(await ids({ ...scoped, search: `${marker}\nright` }), { count: 0, ids: [] }, "the document's separator is not content");
  t.same(await ids({ ...scoped, search: `${marker}\ndown` }), { count: 1, ids: [joined.id] });
});

t.test("a thread too long for a search document is searched message by message", async (t) => {
  const externalId = uniqueId("long");
  const userId = uniqueId("u");
  const long = "lorem ipsum ".repeat(9_000); // 108,000 characters: past the document's 100,000
  const thread = await createThread({ externalId, externalUser: { externalId: userId }, messages: [message(`${long} ${marker} Narwhal`)] });
  t.equal(await documentOf(thread.id), null, "no document");
  t.same(await ids({ search: `${marker} NARWHAL` }), { count: 1, ids: [thread.id] });
  const appended = await service.api(service.org.privateKey).POST("/api/external/threads", {
    body: { externalId, externalUser: { externalId: userId }, messages: [message(`later ${marker} Beluga`)] },
  });
  t.equal(appended.response.status, 200);
  t.equal(await documentOf(thread.id), null, "still none: appending does not rewrite it");
  t.same(await ids({ search: `${marker} beluga` }), { count: 1, ids: [thread.id] });
  t.same(await ids({ search: `${marker} orca` }), { count: 0, ids: [] });
});

t.test("a thread that grows past its document: every message of it is searched on its own from then on", async (t) => {
  const externalId = uniqueId("growing");
  const userId = uniqueId("u");
  const thread = await createThread({ externalId, externalUser: { externalId: userId }, messages: [message(`early ${marker} Manatee`)] });
  const outside = async () =>
    (await prisma.$queryRaw<{ outside: boolean }[]>`SELECT "outsideDocument" AS "outside" FROM "Message" WHERE "threadId" = ${thread.id} ORDER BY "id"`).map((row) => row.outside);
  t.same(await outside(), [false], "in the document: not in the messages' trigram index");
  const appended = await service.api(service.org.privateKey).POST("/api/external/threads", {
    body: { externalId, externalUser: { externalId: userId }, messages: [message("lorem ipsum ".repeat(9_000)), message(`late ${marker} Dugong`)] },
  });
  t.equal(appended.response.status, 200);
  t.equal(await documentOf(thread.id), null, "past 100,000 characters: no document");
  t.same(await outside(), [true, true, true], "all its messages, the earlier one too");
  t.same(await ids({ search: `${marker} manatee` }), { count: 1, ids: [thread.id] }, "the message from before is found");
  t.same(await ids({ search: `${marker} dugong` }), { count: 1, ids: [thread.id] });
  const short = await createThread({ externalUser: { externalId: uniqueId("u") }, messages: [message(`short ${marker} Walrus`)] });
  t.same((await prisma.$queryRaw<{ outside: boolean }[]>`SELECT "outsideDocument" AS "outside" FROM "Message" WHERE "threadId" = ${short.id}`).map((row) => row.outside), [false]);
});

t.test("a deleted user's threads are no longer found", async (t) => {
  const userId = uniqueId("leaving");
  const thread = await createThread({ externalUser: { externalId: userId }, messages: [message(`goodbye ${marker} Puffin`)] });
  t.same(await ids({ search: `${marker} puffin` }), { count: 1, ids: [thread.id] });
  const deleted = await service.call(service.org.privateKey, { method: "DELETE", url: `/api/external/users/${userId}` });
  t.equal(deleted.statusCode, 204);
  t.same(await ids({ search: `${marker} puffin` }), { count: 0, ids: [] });
  t.equal(await prisma.thread.count({ where: { id: thread.id } }), 0, "the thread and its document are gone");
});
