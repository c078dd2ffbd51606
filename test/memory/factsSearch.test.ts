// Search of a user's own messages: words with inflections, best first, snippets, isolation, hostile queries.
import { randomUUID } from "node:crypto";
import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { UNAUTHORIZED } from "../helpers/contract.ts";
import { taggedIngest } from "../helpers/facts.ts";

const service = await startService(t);
const { org, api, call } = service;
const ingest = taggedIngest(service, t.teardown);

const search = (userExternalId: string, q: string, limit?: number, key = org.privateKey) =>
  api(key).GET("/api/external/memory/search", { params: { query: { userExternalId, q, ...(limit === undefined ? {} : { limit }) } } });

const BLENDERS = "I bought two blenders for my kitchen and the one in the living room is not working at all.";

t.test("a word finds its inflections in the message's language; the answer has exactly the fields of the contract", async (t) => {
  const userExternalId = uniqueId("user");
  const { thread } = await ingest({
    externalId: uniqueId("thread"),
    externalUser: { externalId: userExternalId },
    messages: [
      { role: "user", content: BLENDERS, externalId: "m-1", createdAt: "2024-05-01T09:30:00.000Z" },
      { role: "assistant", content: "Which blender do you have? Blenders differ." },
    ],
  });
  const response = await search(userExternalId, "blender");
  t.equal(response.response.status, 200);
  const [result] = response.data!.results;
  t.same(response.data, {
    userExternalId,
    results: [
      {
        threadId: thread.id,
        threadExternalId: thread.externalId,
        messageId: thread.messages[0]!.id,
        messageExternalId: "m-1",
        role: "user",
        createdAt: "2024-05-01T09:30:00.000Z",
        snippet: result!.snippet,
        score: result!.score,
      },
    ],
  }, "only the user's message, not the assistant's");
  t.match(result!.snippet, /blenders/);
  t.ok(result!.score > 0);
  t.equal((await search(userExternalId, "Blenders")).data!.results.length, 1, "any case, plural to plural");
  t.same((await search(userExternalId, "blend")).data!.results, [], "words, not substrings");
  t.same((await search(userExternalId, "toaster")).data!.results, [], "no match");
});

t.test("German, French and Spanish words find their inflections; an unknown language matches whole words", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({
    externalUser: { externalId: userExternalId },
    messages: [
      { role: "user", content: "Ich habe zwei Häuser in der Stadt und wir wohnen mit den Kindern in dem einen Haus." },
      { role: "user", content: "Nous avons acheté des maisons pour les vacances et je suis très content de la maison." },
      { role: "user", content: "Tengo dos casas en la playa y mi familia vive en una de las casas." },
      { role: "user", content: "zzq" },
    ],
  });
  t.equal((await search(userExternalId, "Haus")).data!.results.length, 1, "Haus finds Häuser");
  t.equal((await search(userExternalId, "maison")).data!.results.length, 1);
  t.equal((await search(userExternalId, "casa")).data!.results.length, 1);
  t.equal((await search(userExternalId, "zzq")).data!.results.length, 1);
});

t.test("best first (relevance, then newer), limit 1-50 (default 10)", async (t) => {
  const userExternalId = uniqueId("user");
  const messages = Array.from({ length: 12 }, (_, index) => ({
    role: "user",
    content: `Message ${index} is about the garden and nothing else at all.`,
    createdAt: new Date(Date.UTC(2024, 0, 1 + index)).toISOString(),
  }));
  messages.push({ role: "user", content: "Garden, garden, garden: the garden is all I think about, my garden.", createdAt: "2023-01-01T00:00:00.000Z" });
  await ingest({ externalUser: { externalId: userExternalId }, messages });
  const results = (await search(userExternalId, "garden")).data!.results;
  t.equal(results.length, 10, "default 10");
  t.match(results[0]!.snippet, /Garden, garden/, "the most relevant first, although the oldest");
  const rest = results.slice(1);
  t.same(rest.map((result) => result.createdAt), [...rest.map((result) => result.createdAt)].sort().reverse(), "then newer first");
  t.ok(results.every((result, index) => index === 0 || result.score <= results[index - 1]!.score));
  t.equal((await search(userExternalId, "garden", 50)).data!.results.length, 13);
  t.equal((await search(userExternalId, "garden", 1)).data!.results.length, 1);
});

t.test("the snippet is at most 300 characters, around the match", async (t) => {
  const userExternalId = uniqueId("user");
  const long = `${"Lorem ipsum dolor sit amet consectetur. ".repeat(40)}My espresso machine leaks water. ${"Sed do eiusmod tempor incididunt. ".repeat(40)}`;
  await ingest({ externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: long }] });
  const [result] = (await search(userExternalId, "espresso")).data!.results;
  t.ok(result!.snippet.length <= 300, String(result!.snippet.length));
  t.match(result!.snippet, /espresso/);
});

t.test("never another user's messages, nor another organization's (even under the same external id)", async (t) => {
  const userExternalId = uniqueId("user");
  const neighbour = uniqueId("user");
  const other = await service.newOrganization();
  await ingest({ externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "My tent is green." }] });
  await ingest({ externalUser: { externalId: neighbour }, messages: [{ role: "user", content: "My tent is red and I love camping with the tents." }] });
  await ingest({ externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "Secret tent of the other organization." }] }, other.organizationId);
  const mine = (await search(userExternalId, "tent")).data!.results;
  t.same(mine.map((result) => result.snippet), ["My tent is green."]);
  const theirs = (await search(userExternalId, "tent", 10, other.privateKey)).data!.results;
  t.same(theirs.map((result) => result.snippet), ["Secret tent of the other organization."]);
  const unknown = await search(uniqueId("nobody"), "tent");
  t.same([unknown.response.status, unknown.error], [404, { error: "User not found" }]);
});

t.test("a q of stop words or symbols matches nothing: 200 []", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({ externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: `The and or not: & ! :* 'quoted' "double" \\ back ${"w".repeat(600)}` }] });
  const hostile = ["&", "!", ":*", "'", '"', "\\", "the and of", "a & b | !c", "'; DROP TABLE \"Message\"; --", "(((", "<->", "foo:*", "w".repeat(500), "!!!&&&|||", "\u0000x"];
  for (const q of hostile) {
    const response = await call(org.privateKey, { method: "GET", url: `/api/external/memory/search?userExternalId=${userExternalId}&q=${encodeURIComponent(q)}` });
    t.equal(response.statusCode, response.statusCode === 400 ? 400 : 200, q.slice(0, 30));
    if (response.statusCode === 200) t.same(response.json(), { userExternalId, results: [] }, q.slice(0, 30));
  }
  const sql = await search(userExternalId, "'; DROP TABLE \"Message\"; --");
  t.same([sql.response.status, sql.data!.results], [200, []]);
});

t.test("bad input: 400 naming the parameter; keys first", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({ externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "Hello" }] });
  const base = `/api/external/memory/search?userExternalId=${userExternalId}`;
  const cases: [string, string][] = [
    [base, "q"],
    [`${base}&q=`, "q"],
    [`${base}&q=${"w".repeat(501)}`, "q"],
    [`${base}&q=${"w".repeat(10_000)}`, "q"],
    [`${base}&q=x&limit=0`, "limit"],
    [`${base}&q=x&limit=51`, "limit"],
    [`${base}&q=x&limit=many`, "limit"],
    ["/api/external/memory/search?q=x", "userExternalId"],
  ];
  for (const [url, parameter] of cases) {
    const response = await call(org.privateKey, { method: "GET", url });
    t.equal(response.statusCode, 400, url.slice(0, 100));
    t.match(response.json(), { error: new RegExp(`\\b${parameter}\\b`) }, url.slice(0, 100));
  }
  t.same((await call(org.privateKey, { method: "GET", url: base })).json(), { error: "Missing required parameter: q" });
  t.same((await call(org.privateKey, { method: "GET", url: `${base}&q=` })).json(), { error: "Invalid parameter 'q': must NOT have fewer than 1 characters" });
  const noKey = await call(null, { method: "GET", url: base });
  t.same([noKey.statusCode, noKey.json()], [401, UNAUTHORIZED]);
  const publicKey = await search(userExternalId, "hello", 10, org.publicKey);
  t.same([publicKey.response.status, publicKey.error], [403, { error: "Forbidden - this operation requires a private API key" }]);
});

t.test("the snippet of a long message holds the match, even after a giant word", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({
    externalUser: { externalId: userExternalId },
    messages: [
      { role: "user", content: `${"x".repeat(400)} zonk` },
      { role: "user", content: `${"a".repeat(300)} rhino` },
      { role: "user", content: `${"y".repeat(150)} ${"b".repeat(200)} quokka ${"c".repeat(200)} tail words here` },
      { role: "user", content: `${"Lorem ipsum dolor sit amet consectetur adipiscing. ".repeat(8)}A platypus swims. ${"Sed do eiusmod tempor incididunt ut labore. ".repeat(8)}` },
    ],
  });
  for (const word of ["zonk", "rhino", "quokka", "platypus"]) {
    const [result, ...rest] = (await search(userExternalId, word)).data!.results;
    t.same(rest, [], word);
    t.ok(result!.snippet.length <= 300, `${word}: ${result!.snippet.length}`);
    t.match(result!.snippet, new RegExp(`\\b${word}\\b`), word);
  }
  const [platypus] = (await search(userExternalId, "platypus")).data!.results;
  t.match(platypus!.snippet, /^\S+( \S+)*$/, "whole words, no partial word at either end");
  t.ok(` ${"Lorem ipsum dolor sit amet consectetur adipiscing. ".repeat(8)}A platypus swims. ${"Sed do eiusmod tempor incididunt ut labore. ".repeat(8)} `.includes(` ${platypus!.snippet} `), "a passage of the message, cut between words");
});

t.test("short messages have a language, so their inflections are found too; still words, not substrings", async (t) => {
  const userExternalId = uniqueId("user");
  await ingest({
    externalUser: { externalId: userExternalId },
    messages: [{ role: "user", content: "Both of my blenders stopped working after a week" }],
  });
  await ingest({
    externalUser: { externalId: userExternalId },
    messages: [{ role: "user", content: "The toasters I ordered last month arrived in a box that was broken." }],
  });
  await ingest({ externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "Meine Kinder sind krank." }] });
  await ingest({ externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "Mis perros son muy grandes." }] });
  await ingest({ externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "New carpet" }] });
  // English articles count as English: "a" twice made this Portuguese, and "dogs" missed "dog".
  await ingest({ externalUser: { externalId: userExternalId }, messages: [{ role: "user", content: "We got a dog named Biscuit, a beagle." }] });
  const found = async (q: string) => (await search(userExternalId, q)).data!.results.map((result) => result.snippet);
  t.same(await found("blender"), ["Both of my blenders stopped working after a week"]);
  t.same(await found("toaster"), ["The toasters I ordered last month arrived in a box that was broken."]);
  t.same(await found("Kind"), ["Meine Kinder sind krank."]);
  t.same(await found("perro"), ["Mis perros son muy grandes."]);
  t.same(await found("car"), [], "words, not substrings");
  t.same(await found("carpet"), ["New carpet"]);
  t.same(await found("dogs"), ["We got a dog named Biscuit, a beagle."]);
  t.same(await found("blend"), [], "not a shorter word");
  t.same(await found("kett"), [], "not a prefix");
});

t.test("a pasted log of distinct words past what a tsvector holds is stored; search reads a message's first 100,000 characters", async (t) => {
  const userExternalId = uniqueId("user");
  // 570 KB of UUIDs: their parts make a tsvector of 1.1 MB, over PostgreSQL's 1 MB.
  const log = Array.from({ length: 15_000 }, () => randomUUID()).join("\n");
  const content = `Here is my log: wombat\n${log}\n${"z".repeat(100_000)} pangolin`;
  const created = await call(org.privateKey, {
    method: "POST", url: "/api/external/threads",
    payload: { externalId: uniqueId("thread"), externalUser: { externalId: userExternalId }, messages: [{ role: "user", content }] },
  });
  t.equal(created.statusCode, 201, created.body.slice(0, 200));
  t.equal((await search(userExternalId, "wombat")).data!.results.length, 1, "a word of the first 100,000 characters");
  t.same((await search(userExternalId, "pangolin")).data!.results, [], "a word past them");
});
