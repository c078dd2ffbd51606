import t from "tap";
import { readClaims } from "../../src/tokens/token.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations, FORBIDDEN, UNAUTHORIZED } from "../helpers/contract.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

// POST /api/external/feedback-tokens: who may mint, for what, and what minting writes (only the secret, once).
const service = await startService(t);
const { org, api, call, newOrganization } = service;
const { prisma } = service.database;
const { thread } = feedbackFixtures(service);

const mint = (body: object, key: string | null = org.privateKey) => call(key, { method: "POST", url: "/api/external/feedback-tokens", payload: body });
const secretsOf = (organizationId: number) => prisma.feedbackTokenSecret.findMany({ where: { organizationId } });

t.test("a token for a user on a thread: 201 with the token and its expiry, the user not created", async (t) => {
  const target = await thread();
  const user = uniqueId("visitor");
  const before = Date.now();
  const { data, response } = await api(org.privateKey).POST("/api/external/feedback-tokens", {
    body: { userExternalId: user, externalThreadId: target.externalId, externalMessageIds: ["m2", "m2", "later"] },
  });
  t.equal(response.status, 201);
  t.same(contractViolations("FeedbackToken", data), []);
  const claims = readClaims(data!.token)!;
  t.match(claims, { organizationId: org.organizationId, userExternalId: user, threadId: target.id, messageExternalIds: ["m2", "later"] });
  t.ok(claims.expiresAt * 1000 >= before + 3600_000 && claims.expiresAt * 1000 <= Date.now() + 3601_000, "an hour by default, never less");
  t.equal(new Date(data!.expiresAt).getTime(), claims.expiresAt * 1000);
  t.ok(claims.issuedAt * 1000 <= Date.now() && claims.issuedAt * 1000 >= before - 1000);
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId: user } }), 0, "minting creates no user");
  const [secret] = await secretsOf(org.organizationId);
  t.equal(claims.keyId, secret?.id, "signed with the organization's secret, made on first use");

  const byId = await mint({ userExternalId: user, threadId: target.id, expiresInSeconds: 86_400 });
  t.equal(byId.statusCode, 201);
  const byIdClaims = readClaims(byId.json().token)!;
  t.match(byIdClaims, { threadId: target.id, keyId: secret!.id });
  t.equal(byIdClaims.messageExternalIds, undefined, "no messages named: the whole thread");
  t.ok([86_400, 86_401].includes(byIdClaims.expiresAt - byIdClaims.issuedAt), "a day, rounded up to the second");
  t.equal((await secretsOf(org.organizationId)).length, 1, "one secret per organization");
});

t.test("a token lives at least as long as asked: its expiry is rounded up to the second, not down", async (t) => {
  const target = await thread();
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = Date.now();
    const minted = await mint({ userExternalId: uniqueId("visitor"), threadId: target.id, expiresInSeconds: 1 });
    t.equal(minted.statusCode, 201);
    t.ok(new Date(minted.json().expiresAt).getTime() >= before + 1000, `expires at ${minted.json().expiresAt}, minted after ${new Date(before).toISOString()}`);
  }
});

t.test("bad input: 400 naming the field, nothing written", async (t) => {
  const fresh = await newOrganization();
  const target = await thread({ org: fresh });
  const valid = { userExternalId: "u", externalThreadId: target.externalId };
  const cases: [string, object, RegExp][] = [
    ["neither thread", { userExternalId: "u" }, /exactly one of threadId and externalThreadId/],
    ["both threads", { ...valid, threadId: target.id }, /exactly one of threadId and externalThreadId/],
    ["no user", { externalThreadId: target.externalId }, /userExternalId/],
    ["empty user", { ...valid, userExternalId: "" }, /userExternalId/],
    ["user too long", { ...valid, userExternalId: "u".repeat(256) }, /userExternalId/],
    ["zero seconds", { ...valid, expiresInSeconds: 0 }, /expiresInSeconds/],
    ["over 24 h", { ...valid, expiresInSeconds: 86_401 }, /expiresInSeconds/],
    ["fractional seconds", { ...valid, expiresInSeconds: 1.5 }, /expiresInSeconds/],
    ["empty message list", { ...valid, externalMessageIds: [] }, /externalMessageIds/],
    ["too many messages", { ...valid, externalMessageIds: Array.from({ length: 21 }, (_, i) => `m${i}`) }, /externalMessageIds/],
    ["an unknown field", { ...valid, scope: "all" }, /scope/],
    ["a string thread id", { userExternalId: "u", threadId: "1" }, /threadId/],
  ];
  for (const [name, body, message] of cases) {
    const response = await mint(body, fresh.privateKey);
    t.equal(response.statusCode, 400, name);
    t.match(response.json(), { error: message }, name);
  }
  t.equal((await secretsOf(fresh.organizationId)).length, 0, "no secret made by refused requests");
  const nulls = await mint({ ...valid, threadId: null, projectId: null, externalMessageIds: null, expiresInSeconds: null }, fresh.privateKey);
  t.equal(nulls.statusCode, 201, "null is the same as absent");
});

t.test("the thread: 404 when the organization does not have it, 409 when ambiguous, projectId narrows", async (t) => {
  const other = await newOrganization();
  const foreign = await thread({ org: other });
  for (const body of [
    { userExternalId: "u", externalThreadId: uniqueId("missing") },
    { userExternalId: "u", externalThreadId: foreign.externalId },
    { userExternalId: "u", threadId: foreign.id },
    { userExternalId: "u", threadId: 2_147_483_647 },
  ]) {
    const response = await mint(body);
    t.equal(response.statusCode, 404, JSON.stringify(body));
    t.same(response.json(), { error: "Thread not found" });
  }
  const externalId = uniqueId("shared");
  const second = await prisma.project.create({ data: { organizationId: org.organizationId, name: uniqueId("project") } });
  const inDefault = await thread({ externalId });
  const inSecond = await thread({ externalId, projectId: second.id });
  const ambiguous = await mint({ userExternalId: "u", externalThreadId: externalId });
  t.equal(ambiguous.statusCode, 409);
  t.same(ambiguous.json(), { error: `Several threads have externalThreadId '${externalId}' in different projects: send projectId` });
  const narrowed = await mint({ userExternalId: "u", externalThreadId: externalId, projectId: second.id });
  t.equal(readClaims(narrowed.json().token)?.threadId, inSecond.id);
  const wrongProject = await mint({ userExternalId: "u", threadId: inDefault.id, projectId: second.id });
  t.equal(wrongProject.statusCode, 404, "threadId with another project's id");
});

t.test("only a private key mints: a public key or a token gets the public key's 403, no key the 401", async (t) => {
  const target = await thread();
  const body = { userExternalId: "u", externalThreadId: target.externalId };
  const token = (await mint(body)).json().token as string;
  for (const key of [org.publicKey, token]) {
    const response = await mint(body, key);
    t.equal(response.statusCode, 403);
    t.same(response.json(), FORBIDDEN);
  }
  const none = await mint(body, null);
  t.equal(none.statusCode, 401);
  t.same(none.json(), UNAUTHORIZED);
});

t.test("concurrent first tokens of an organization make one secret, and every token verifies with it", async (t) => {
  const fresh = await newOrganization();
  const target = await thread({ org: fresh });
  const minted = await Promise.all(
    Array.from({ length: 8 }, (_, i) => mint({ userExternalId: `u${i}`, externalThreadId: target.externalId }, fresh.privateKey)),
  );
  t.same(minted.map((response) => response.statusCode), Array(8).fill(201));
  const secrets = await secretsOf(fresh.organizationId);
  t.equal(secrets.length, 1);
  t.same(new Set(minted.map((response) => readClaims(response.json().token)?.keyId)), new Set([secrets[0]!.id]));
});
