import { createSecretKey } from "node:crypto";
import t from "tap";
import { KEY_CACHE_TTL_MS } from "../../src/keys/keyCache.ts";
import { mintToken, rotateSigningSecret } from "../../src/tokens/tokens.ts";
import { readClaims, signToken, type TokenClaims } from "../../src/tokens/token.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations, FORBIDDEN, UNAUTHORIZED } from "../helpers/contract.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";
import { eventually, moveDateAhead } from "../helpers/wait.ts";

// POST /api/external/feedback with a feedback token: one user, one thread (its named messages), until it
// expires or the secret rotates; answered like a public key.
const service = await startService(t);
const { org, api, call, app, newOrganization, database } = service;
const { prisma } = database;
const { thread, attribute } = feedbackFixtures(service);

const OTHER_USER = { error: "Forbidden - the token is for another user" };
const NOT_COVERED = { error: "Forbidden - the token does not cover this message" };
const EXPIRED = { error: "Unauthorized - token expired" };
const PUBLIC_USER_KEYS = ["createdAt", "externalId", "id", "organizationId", "segments", "updatedAt"];

async function mint(body: { userExternalId: string; externalThreadId?: string; threadId?: number; externalMessageIds?: string[]; expiresInSeconds?: number }, owner = org) {
  const { data, response } = await api(owner.privateKey).POST("/api/external/feedback-tokens", { body });
  if (response.status !== 201) throw new Error(`minting answered ${response.status}`);
  return data!.token;
}
const vote = (token: string, body: object, headers: Record<string, string> = { "api-key": token }) =>
  call(null, { method: "POST", url: "/api/external/feedback", payload: body, headers });
const votesOn = (messageId: number) => prisma.feedback.findMany({ where: { organizationId: org.organizationId, messageId } });

/** A token signed with the organization's stored secret, with claims mint never makes (expired, issued in the future…). */
async function signedWithStoredSecret(token: string, change: Partial<TokenClaims>) {
  const claims = readClaims(token)!;
  const stored = await prisma.feedbackTokenSecret.findUniqueOrThrow({ where: { organizationId: claims.organizationId } });
  return signToken({ ...claims, ...change }, createSecretKey(Buffer.from(stored.secret, "base64url")));
}

t.test("a token votes as its user: 201, the public answer; a second vote replaces it (200, same id)", async (t) => {
  const target = await thread();
  const reason = await attribute(uniqueId("reason"), ["slow", "wrong"]);
  const user = uniqueId("visitor");
  const token = await mint({ userExternalId: user, externalThreadId: target.externalId });
  const first = await vote(token, { feedbackType: "NEGATIVE", externalThreadId: target.externalId, feedbackText: "too slow", attributes: { [reason.name]: "slow" } });
  t.equal(first.statusCode, 201);
  const created = first.json();
  t.same(contractViolations("Feedback", created), []);
  t.same(Object.keys(created.externalUser).sort(), PUBLIC_USER_KEYS, "no personal data");
  t.same(created.message, { externalId: "m2", role: "assistant" }, "no message content");
  t.match(created, { externalUser: { externalId: user }, threadId: target.id, attributeOptions: [{ name: "slow" }] });
  const giver = await prisma.externalUser.findFirstOrThrow({ where: { organizationId: org.organizationId, externalId: user } });
  t.match(giver, { name: null, email: null, username: null }, "the giver is created with its externalId only");

  const second = await vote(token, { feedbackType: "POSITIVE", externalThreadId: target.externalId, externalUser: { externalId: user, name: "Mallory" } }, { authorization: `Bearer ${token}` });
  t.equal(second.statusCode, 200, "Authorization: Bearer works too");
  t.match(second.json(), { id: created.id, feedbackType: "POSITIVE", feedbackText: null, attributeOptions: [] });
  const stored = await votesOn(target.messages[1]!.id);
  t.equal(stored.length, 1, "one vote");
  t.match(stored[0], { id: created.id, feedbackType: "POSITIVE", externalUserId: giver.id });
  t.equal(await prisma.feedbackOption.count({ where: { feedbackId: created.id } }), 0, "its reasons replaced too");
  t.equal((await prisma.externalUser.findUniqueOrThrow({ where: { id: giver.id } })).name, null, "a name sent with the token's own user is ignored");
});

t.test("a new user's token voting 12 times at once: one 201, the rest 200, one user, one vote holding one of them whole", async (t) => {
  const target = await thread();
  const reason = await attribute(uniqueId("reason"), ["slow", "wrong"]);
  const user = uniqueId("visitor");
  const token = await mint({ userExternalId: user, externalThreadId: target.externalId });
  const bodies = Array.from({ length: 12 }, (_, i) => ({
    feedbackType: i % 2 ? "POSITIVE" : "NEGATIVE", externalThreadId: target.externalId, feedbackText: `vote ${i}`, attributes: { [reason.name]: i % 2 ? "slow" : "wrong" },
  }));
  const answers = await Promise.all(bodies.map((body) => vote(token, body)));
  const statuses = answers.map(({ statusCode }) => statusCode).sort();
  t.same(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId: user } }), 1, "the user created once");
  const [stored, ...more] = await votesOn(target.messages[1]!.id);
  t.equal(more.length, 0, "one vote");
  const options = await prisma.feedbackOption.findMany({ where: { feedbackId: stored!.id }, include: { option: true } });
  const whole = bodies.find(({ feedbackText }) => feedbackText === stored!.feedbackText)!;
  t.match(stored, { feedbackType: whole.feedbackType }, "the type of the vote whose text it holds");
  t.same(options.map(({ option }) => option.name), [whole.attributes[reason.name]], "and its option alone");
});

t.test("a token cannot vote as another user: 403, nothing written", async (t) => {
  const target = await thread();
  const token = await mint({ userExternalId: uniqueId("visitor"), externalThreadId: target.externalId });
  const victim = uniqueId("victim");
  const response = await vote(token, { feedbackType: "NEGATIVE", externalThreadId: target.externalId, externalUser: { externalId: victim } });
  t.equal(response.statusCode, 403);
  t.same(response.json(), OTHER_USER);
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId: victim } }), 0);
  t.same(await votesOn(target.messages[1]!.id), []);
});

t.test("a token votes only on its thread, and only on the messages it names", async (t) => {
  const target = await thread({ messages: 3 });
  const other = await thread();
  const user = uniqueId("visitor");
  const whole = await mint({ userExternalId: user, threadId: target.id });
  const onOther = await vote(whole, { feedbackType: "POSITIVE", externalThreadId: other.externalId });
  t.equal(onOther.statusCode, 403, "another thread");
  t.same(onOther.json(), NOT_COVERED);
  t.same(await votesOn(other.messages[1]!.id), []);
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId: user } }), 0, "the giver is not created either");
  const onAny = await vote(whole, { feedbackType: "POSITIVE", externalThreadId: target.externalId, externalMessageId: "m1" });
  t.equal(onAny.statusCode, 201, "without named messages: any message of the thread");

  const scoped = await mint({ userExternalId: user, externalThreadId: target.externalId, externalMessageIds: ["m2"] });
  const unnamed = await vote(scoped, { feedbackType: "POSITIVE", externalThreadId: target.externalId, externalMessageId: "m1" });
  t.equal(unnamed.statusCode, 403, "a message it does not name");
  t.same(unnamed.json(), NOT_COVERED);
  const last = await vote(scoped, { feedbackType: "POSITIVE", externalThreadId: target.externalId });
  t.equal(last.statusCode, 403, "the thread's last message (m3), not named");
  t.same(await votesOn(target.messages[2]!.id), []);
  const named = await vote(scoped, { feedbackType: "NEGATIVE", externalThreadId: target.externalId, externalMessageId: "m2" });
  t.equal(named.statusCode, 201);
  t.equal(named.json().message.externalId, "m2");

  const unknown = await vote(whole, { feedbackType: "POSITIVE", externalThreadId: uniqueId("missing") });
  t.equal(unknown.statusCode, 404, "a thread that does not exist is still feedback's 404");
  t.same(unknown.json(), { error: "Thread not found" });
});

t.test("expired: 401 token expired; issued in the future or for over 24 h, even well signed: the unknown key's 401", async (t) => {
  const target = await thread();
  const token = await mint({ userExternalId: uniqueId("visitor"), externalThreadId: target.externalId });
  const now = Math.floor(Date.now() / 1000);
  const body = { feedbackType: "POSITIVE", externalThreadId: target.externalId };
  const expired = await vote(await signedWithStoredSecret(token, { issuedAt: now - 120, expiresAt: now - 60 }), body);
  t.equal(expired.statusCode, 401);
  t.same(expired.json(), EXPIRED);
  for (const change of [
    { issuedAt: now + 3600, expiresAt: now + 7200 },
    { expiresAt: now + 86_400 * 2 },
    { organizationId: (await newOrganization()).organizationId },
  ]) {
    const response = await vote(await signedWithStoredSecret(token, change), body);
    t.equal(response.statusCode, 401, JSON.stringify(change));
    t.same(response.json(), UNAUTHORIZED);
  }
  t.same(await votesOn(target.messages[1]!.id), []);
});

t.test("the bad input of the issue, over HTTP: the unknown key's 401, never a 500, nothing written", async (t) => {
  const target = await thread();
  const token = await mint({ userExternalId: uniqueId("visitor"), externalThreadId: target.externalId });
  const [signed, mac] = token.split(".") as [string, string];
  const payload = JSON.parse(Buffer.from(signed.slice(3), "base64url").toString()) as unknown[];
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const bad = {
    truncated: token.slice(0, -5),
    "truncated payload": `${signed.slice(0, -4)}.${mac}`,
    padded: `${token}==`,
    "padded payload": `${signed}=.${mac}`,
    "changed payload": `ft_${encode(payload.map((value, index) => (index === 3 ? "someone-else" : value)))}.${mac}`,
    "alg none": `ft_${encode({ alg: "none" })}.${encode(payload)}.`,
    "alg HS256 header": `ft_${encode({ alg: "HS256", typ: "JWT" })}.${signed.slice(3)}.${mac}`,
    "huge header": `ft_${"A".repeat(12_000)}.${mac}`,
    "prefix only": "ft_",
  };
  for (const [name, key] of Object.entries(bad)) {
    const response = await vote(key, { feedbackType: "POSITIVE", externalThreadId: target.externalId });
    t.equal(response.statusCode, 401, name);
    t.same(response.json(), UNAUTHORIZED, name);
  }
  t.same(await votesOn(target.messages[1]!.id), []);
});

t.test("another organization's token, and a token of a rotated secret: the unknown key's 401", async (t) => {
  const other = await newOrganization();
  const foreign = await thread({ org: other });
  const target = await thread();
  const user = uniqueId("visitor");
  const foreignToken = await mint({ userExternalId: user, externalThreadId: foreign.externalId }, other);
  const [signed, mac] = foreignToken.split(".") as [string, string];
  const claims = readClaims(foreignToken)!;
  const retargeted = `ft_${Buffer.from(JSON.stringify([1, org.organizationId, claims.keyId, user, target.id, claims.issuedAt, claims.expiresAt])).toString("base64url")}.${mac}`;
  t.not(retargeted.split(".")[0], signed);
  const response = await vote(retargeted, { feedbackType: "POSITIVE", externalThreadId: target.externalId });
  t.equal(response.statusCode, 401);
  t.same(response.json(), UNAUTHORIZED);

  const token = await mint({ userExternalId: user, externalThreadId: target.externalId });
  t.equal((await vote(token, { feedbackType: "POSITIVE", externalThreadId: target.externalId })).statusCode, 201);
  await rotateSigningSecret(database, org.organizationId);
  const rotated = await vote(token, { feedbackType: "NEGATIVE", externalThreadId: target.externalId });
  t.equal(rotated.statusCode, 401, "refused once the secret is rotated");
  t.same(rotated.json(), UNAUTHORIZED);
  t.equal((await votesOn(target.messages[1]!.id))[0]?.feedbackType, "POSITIVE", "the vote is unchanged");
  const fresh = await mint({ userExternalId: user, externalThreadId: target.externalId });
  t.equal((await vote(fresh, { feedbackType: "NEGATIVE", externalThreadId: target.externalId })).statusCode, 200, "a token of the new secret works");
});

t.test("a rotation by another instance: its new tokens work here at once, the old ones stop within the cache's time", async (t) => {
  const fresh = await newOrganization();
  const target = await thread({ org: fresh });
  const user = uniqueId("visitor");
  const old = await mint({ userExternalId: user, externalThreadId: target.externalId }, fresh);
  const body = { feedbackType: "POSITIVE", externalThreadId: target.externalId };
  t.equal((await vote(old, body)).statusCode, 201, "this instance has the secret cached");
  // Another instance: the same database through another client, with a cache of its own.
  const elsewhere = { driver: { ...database.driver } };
  await rotateSigningSecret(elsewhere, fresh.organizationId);
  const { token: newer } = await mintToken(elsewhere, fresh.organizationId, { userExternalId: user, threadId: target.id });
  t.equal((await vote(newer, body)).statusCode, 200, "a newer key id makes this instance load the secret again");
  t.equal((await vote(old, body)).statusCode, 401, "which refuses the old one from then on");

  const again = await mint({ userExternalId: user, externalThreadId: target.externalId }, fresh);
  t.equal((await vote(again, body)).statusCode, 200);
  await rotateSigningSecret(elsewhere, fresh.organizationId);
  moveDateAhead(t, KEY_CACHE_TTL_MS);
  const late = await vote(again, body);
  t.equal(late.statusCode, 401, "without a newer token seen, the old secret expires from the cache");
  t.same(late.json(), UNAUTHORIZED);
});

t.test("a rotation by another process on PostgreSQL (the admin CLI's): the old tokens are refused as soon as it is notified", { skip: process.env.DATABASE_URL ? false : "the embedded database's folder is locked to one process" }, async (t) => {
  const fresh = await newOrganization();
  const target = await thread({ org: fresh });
  const old = await mint({ userExternalId: uniqueId("visitor"), externalThreadId: target.externalId }, fresh);
  const body = { feedbackType: "POSITIVE", externalThreadId: target.externalId };
  t.equal((await vote(old, body)).statusCode, 201, "this instance has the secret cached");
  // The CLI: the same database through another client, with a cache of its own; only the notification reaches this one.
  await rotateSigningSecret({ driver: { ...database.driver } }, fresh.organizationId);
  await eventually(async () => (await vote(old, body)).statusCode === 401, { timeoutMs: KEY_CACHE_TTL_MS - 2_000, what: "the old token refused" });
  t.pass("refused before the cache's TTL ran out");
});

t.test("a token on any other operation: a public key's answer", async (t) => {
  const target = await thread();
  const token = await mint({ userExternalId: uniqueId("visitor"), externalThreadId: target.externalId });
  for (const request of [
    { method: "GET" as const, url: "/api/external/feedback" },
    { method: "GET" as const, url: "/api/external/projects" },
    { method: "PUT" as const, url: "/api/external/users", payload: { externalId: "x" } },
    { method: "POST" as const, url: "/api/external/threads", payload: { externalUser: { externalId: "x" } } },
  ]) {
    const response = await call(token, request);
    t.equal(response.statusCode, 403, `${request.method} ${request.url}`);
    t.same(response.json(), FORBIDDEN);
  }
  const memory = await app.inject({ method: "GET", url: "/api/external/memory?userExternalId=x", headers: { authorization: `Bearer ${token}` } });
  const publicMemory = await app.inject({ method: "GET", url: "/api/external/memory?userExternalId=x", headers: { authorization: `Bearer ${org.publicKey}` } });
  t.equal(memory.statusCode, publicMemory.statusCode, "the memory lookup: what a public key gets");
  t.same(memory.json(), publicMemory.json());
});

t.test("cross-origin like the public key", async (t) => {
  const target = await thread();
  const token = await mint({ userExternalId: uniqueId("visitor"), externalThreadId: target.externalId });
  const origin = "https://shop.example";
  const response = await vote(token, { feedbackType: "POSITIVE", externalThreadId: target.externalId }, { "api-key": token, origin });
  t.equal(response.statusCode, 201);
  t.equal(response.headers["access-control-allow-origin"], "*");
  const expired = await vote(await signedWithStoredSecret(token, { expiresAt: Math.floor(Date.now() / 1000) - 1 }), {}, { origin });
  t.equal(expired.statusCode, 401);
  t.equal(expired.headers["access-control-allow-origin"], "*", "the page can read the refusal");
});

t.test("bad tokens count against the failed-authentication limit; a valid token is never refused by it", async (t) => {
  const limited = await startService(t, { rateLimit: { failedAuthPerMinute: 3 } });
  const fixtures = feedbackFixtures(limited);
  const target = await fixtures.thread();
  const { data } = await limited.api(limited.org.privateKey).POST("/api/external/feedback-tokens", { body: { userExternalId: "u", externalThreadId: target.externalId } });
  const token = data!.token;
  const body = { feedbackType: "POSITIVE", externalThreadId: target.externalId };
  const post = (key: string) => limited.call(key, { method: "POST", url: "/api/external/feedback", payload: body });
  const now = Math.floor(Date.now() / 1000);
  const stored = await limited.database.prisma.feedbackTokenSecret.findUniqueOrThrow({ where: { organizationId: limited.org.organizationId } });
  const expired = signToken({ ...readClaims(token)!, issuedAt: now - 60, expiresAt: now - 1 }, createSecretKey(Buffer.from(stored.secret, "base64url")));
  const statuses = [];
  for (const key of [token.slice(0, -2), expired, `${token}=`, `ft_${"A".repeat(10_000)}.${"A".repeat(43)}`]) statuses.push((await post(key)).statusCode);
  t.same(statuses, [401, 401, 401, 429]);
  t.equal((await post(token)).statusCode, 201, "the valid token still votes");
  const otherOrganization = await limited.newOrganization();
  const otherTarget = await fixtures.thread({ org: otherOrganization });
  // Minted by another instance (another client of the database): this one has not cached its secret.
  const other = await mintToken({ driver: { ...limited.database.driver } }, otherOrganization.organizationId, { userExternalId: "u", threadId: otherTarget.id });
  const viaOther = await limited.call(other.token, { method: "POST", url: "/api/external/feedback", payload: { ...body, externalThreadId: otherTarget.externalId } });
  t.equal(viaOther.statusCode, 201, "so does one of an organization whose secret is not cached yet");
});

t.test("votes with tokens count against the public-key limit of the organization and client address", async (t) => {
  const limited = await startService(t, { rateLimit: { publicPerMinute: 2 } });
  const target = await feedbackFixtures(limited).thread();
  const { data } = await limited.api(limited.org.privateKey).POST("/api/external/feedback-tokens", { body: { userExternalId: "u", externalThreadId: target.externalId } });
  const post = (key: string) => limited.call(key, { method: "POST", url: "/api/external/feedback", payload: { feedbackType: "POSITIVE", externalThreadId: target.externalId } });
  const statuses = [(await post(data!.token)).statusCode, (await post(limited.org.publicKey)).statusCode];
  const limitedVote = await post(data!.token);
  t.same(statuses, [201, 201], "the token's user's vote, then the thread user's with the public key");
  t.equal(limitedVote.statusCode, 429, "the third from the address: over the limit");
  t.ok(Number(limitedVote.headers["retry-after"]) >= 1);
});
