import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations } from "../helpers/contract.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

const service = await startService(t);
const { org } = service;
const { prisma } = service.database;
const { thread, attribute, postFeedback, postInvalidFeedback } = feedbackFixtures(service);

const target = await thread();
const reason = await attribute(uniqueId("reason"), ["outdated", "wrong"]);

const feedbackCount = () => prisma.feedback.count({ where: { organizationId: org.organizationId } });
const userExists = async (externalId: string) =>
  (await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId } })) > 0;

t.test("bad bodies are a 400 naming the field, and write nothing", async (t) => {
  const valid = { feedbackType: "POSITIVE", externalThreadId: target.externalId };
  const cases: [string, unknown, RegExp][] = [
    ["missing feedbackType", { externalThreadId: target.externalId }, /Missing required field: feedbackType/],
    ["lower-case feedbackType", { ...valid, feedbackType: "positive" }, /'feedbackType'.*POSITIVE, NEGATIVE/],
    ["unknown feedbackType", { ...valid, feedbackType: "NEUTRAL" }, /'feedbackType'/],
    ["null feedbackType", { ...valid, feedbackType: null }, /'feedbackType'/],
    ["missing externalThreadId", { feedbackType: "POSITIVE" }, /Missing required field: externalThreadId/],
    ["numeric externalThreadId", { ...valid, externalThreadId: 5 }, /'externalThreadId'/],
    ["empty externalThreadId", { ...valid, externalThreadId: "" }, /'externalThreadId'/],
    ["numeric externalMessageId", { ...valid, externalMessageId: 2 }, /'externalMessageId'/],
    ["numeric feedbackText", { ...valid, feedbackText: 5 }, /'feedbackText'/],
    ["a NUL character in feedbackText", { ...valid, feedbackText: "nul \u0000 inside" }, /'feedbackText'/],
    ["string projectId", { ...valid, projectId: "1" }, /'projectId'/],
    ["zero projectId", { ...valid, projectId: 0 }, /'projectId'/],
    ["fractional projectId", { ...valid, projectId: 1.5 }, /'projectId'/],
    ["attributes as an array", { ...valid, attributes: ["outdated"] }, /'attributes'/],
    ["attribute value not a string", { ...valid, attributes: { [reason.name]: 1 } }, /attributes/],
    ["externalUser without externalId", { ...valid, externalUser: { name: "x" } }, /externalUser\.externalId/],
    ["externalUser as a string", { ...valid, externalUser: "user-1" }, /'externalUser'/],
    ["unknown segment value type", { ...valid, externalUser: { externalId: uniqueId("u"), segments: { plan: 3 } } }, /segments/],
    ["unknown field", { ...valid, rating: 5 }, /Unknown field: rating/],
    ["an array body", [valid], /body/],
  ];
  for (const [name, body, error] of cases) {
    const response = await postInvalidFeedback(body);
    t.equal(response.statusCode, 400, name);
    t.match(response.json(), { error }, name);
    t.same(contractViolations("Error", response.json()), [], name);
  }
  const empty = await service.call(org.publicKey, { method: "POST", url: "/api/external/feedback" });
  t.equal(empty.statusCode, 400, "no body");
  const text = await service.call(org.publicKey, {
    method: "POST",
    url: "/api/external/feedback",
    headers: { "content-type": "text/plain" },
    payload: "POSITIVE",
  });
  t.equal(text.statusCode, 415, "not JSON");
  t.equal(await feedbackCount(), 0);
});

t.test("a key is checked before the body: no key and a bad body is 401", async (t) => {
  const response = await postInvalidFeedback({ feedbackType: "nope" }, null);
  t.equal(response.statusCode, 401);
});

t.test("unknown attribute or option: 400 naming it", async (t) => {
  const cases: [Record<string, string>, string][] = [
    [{ nonsense: "outdated" }, "Unknown attribute 'nonsense'"],
    [{ [reason.name]: "slow" }, `Unknown option 'slow' of attribute '${reason.name}'`],
    [{ [reason.name]: "outdated", nonsense: "x" }, "Unknown attribute 'nonsense'"],
  ];
  for (const [attributes, error] of cases) {
    const response = await postFeedback({ feedbackType: "NEGATIVE", externalThreadId: target.externalId, attributes });
    t.equal(response.response.status, 400);
    t.same(response.error, { error });
  }
  t.equal(await feedbackCount(), 0);
});

t.test("a failing request writes nothing, not even the giver's upsert", async (t) => {
  const failures: [string, { externalThreadId: string; externalMessageId?: string; attributes?: Record<string, string> }, number][] = [
    ["unknown thread", { externalThreadId: uniqueId("nope") }, 404],
    ["unknown message", { externalThreadId: target.externalId, externalMessageId: "m404" }, 404],
    ["unknown attribute", { externalThreadId: target.externalId, attributes: { nonsense: "x" } }, 400],
    ["unknown option", { externalThreadId: target.externalId, attributes: { [reason.name]: "slow" } }, 400],
  ];
  for (const [name, body, status] of failures) {
    const externalId = uniqueId("giver");
    const response = await postFeedback({
      feedbackType: "NEGATIVE",
      externalUser: { externalId, name: "New", segments: { [uniqueId("type")]: "segment" } },
      ...body,
    });
    t.equal(response.response.status, status, name);
    t.notOk(await userExists(externalId), `${name}: the user was not created`);
  }
  t.equal(await feedbackCount(), 0);
  t.equal(await prisma.segmentType.count({ where: { organizationId: org.organizationId, name: { startsWith: "type-" } } }), 0, "no segment type either");

  const existing = uniqueId("giver");
  t.equal((await service.api(org.privateKey).PUT("/api/external/users", { body: { externalId: existing, name: "Before" } })).response.status, 201);
  const failed = await postFeedback({
    feedbackType: "NEGATIVE",
    externalThreadId: target.externalId,
    externalUser: { externalId: existing, name: "After" },
    attributes: { nonsense: "x" },
  });
  t.equal(failed.response.status, 400);
  const user = await prisma.externalUser.findFirstOrThrow({ where: { organizationId: org.organizationId, externalId: existing } });
  t.equal(user.name, "Before", "an existing user is not updated either");
});
