import t from "tap";
import { recordEvent } from "../../src/webhooks/events.ts";
import { contractViolations } from "../helpers/contract.ts";
import { eventBody } from "../../src/webhooks/eventSql.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

// Each change writes its event in its own transaction, with one delivery per subscribed endpoint.
const service = await startService(t, { webhooks: { allowPrivateNetworks: true } });
const { api, call } = service;
const { prisma } = service.database;
const ALL = ["feedback.created", "feedback.updated", "thread.created", "thread.updated", "user.deleted"];

async function subscribedOrganization(events = ALL) {
  const organization = await service.newOrganization();
  const created = await call(organization.privateKey, { method: "POST", url: "/api/external/webhooks", payload: { url: "http://127.0.0.1:9/hook", events } });
  return { organization, webhookId: created.json().id as number, client: api(organization.privateKey), widget: api(organization.publicKey) };
}

const eventsOf = (organizationId: number) =>
  prisma.webhookEvent.findMany({ where: { organizationId }, orderBy: { createdAt: "asc" }, include: { deliveries: true } });

t.test("Create Thread: thread.created, then thread.updated; the thread without messages, with messageCount", async (t) => {
  const { organization, webhookId, client } = await subscribedOrganization();
  const externalId = uniqueId("thread");
  const body = { externalId, externalUser: { externalId: uniqueId("user"), name: "Ada" }, messages: [{ role: "user" as const, content: "hi" }] };
  const created = await client.POST("/api/external/threads", { body });
  const updated = await client.POST("/api/external/threads", { body: { ...body, messages: [{ role: "assistant" as const, content: "hello" }] } });
  const events = await eventsOf(organization.organizationId);
  t.same(events.map((event) => event.type), ["thread.created", "thread.updated"]);
  const { messages: _created, ...createdThread } = created.data!;
  const { messages: _updated, ...updatedThread } = updated.data!;
  t.same(events[0]!.payload, createdThread);
  t.same(events[1]!.payload, updatedThread);
  t.equal((events[1]!.payload as { messageCount: number }).messageCount, 2);
  t.notOk("messages" in (events[0]!.payload as object));
  for (const event of events) t.same(event.deliveries.map((delivery) => [delivery.endpointId, delivery.status, delivery.organizationId]), [[webhookId, "pending", organization.organizationId]]);
});

t.test("Create Thread that appends nothing (a retry, metadata only): no thread.updated", async (t) => {
  const { organization, client } = await subscribedOrganization();
  const body = { externalId: uniqueId("thread"), externalUser: { externalId: uniqueId("user") }, messages: [{ role: "user" as const, content: "hi", externalId: "m1" }] };
  t.equal((await client.POST("/api/external/threads", { body })).response.status, 201);
  t.equal((await client.POST("/api/external/threads", { body })).response.status, 200, "the same message again: not stored twice");
  t.equal((await client.POST("/api/external/threads", { body: { ...body, messages: [], metadata: { channel: "web" } } })).response.status, 200);
  t.same((await eventsOf(organization.organizationId)).map((event) => event.type), ["thread.created"]);
});

t.test("feedback: feedback.created then feedback.updated, the Feedback as the private key gets it (even given with a public key)", async (t) => {
  const { organization, client, widget } = await subscribedOrganization();
  const fixtures = feedbackFixtures({ ...service, org: organization });
  const target = await fixtures.thread();
  const reason = await fixtures.attribute(uniqueId("reason"), ["slow", "wrong"]);
  const giver = { externalId: uniqueId("giver") };
  await client.PUT("/api/external/users", { body: { ...giver, name: "Grace", email: "grace@example.com" } });
  const given = await widget.POST("/api/external/feedback", {
    body: { feedbackType: "NEGATIVE", externalThreadId: target.externalId, externalUser: giver, attributes: { [reason.name]: "slow" } },
  });
  t.equal(given.response.status, 201);
  t.notOk("content" in given.data!.message, "the public key's answer has no message content");
  t.notOk("name" in given.data!.externalUser!, "nor the giver's name");
  const replaced = await client.POST("/api/external/feedback", {
    body: { feedbackType: "POSITIVE", externalThreadId: target.externalId, externalUser: giver, attributes: { [reason.name]: "wrong" } },
  });
  t.equal(replaced.response.status, 200);
  const events = (await eventsOf(organization.organizationId)).filter((event) => event.type.startsWith("feedback."));
  t.same(events.map((event) => event.type), ["feedback.created", "feedback.updated"]);
  // The giver the backend created first, as stored: the public key's call changed nothing of them.
  t.match(events[0]!.payload, { id: given.data!.id, feedbackType: "NEGATIVE", message: { content: "message 2" }, externalUser: { externalId: giver.externalId, name: "Grace", email: "grace@example.com" } });
  t.same((events[0]!.payload as { attributeOptions: { name: string }[] }).attributeOptions.map((option) => option.name), ["slow"]);
  t.same(contractViolations("Feedback", events[0]!.payload), [], "a Feedback object of openapi.yaml");
  t.same(events[1]!.payload, replaced.data, "the update's data is the private key's answer, with the options it set");
});

t.test("feedback: a private key's new vote, its event's data is its answer, with a delivery to the endpoint", async (t) => {
  const { organization, webhookId, client } = await subscribedOrganization();
  const fixtures = feedbackFixtures({ ...service, org: organization });
  const target = await fixtures.thread();
  const reason = await fixtures.attribute(uniqueId("reason"), ["slow", "wrong"]);
  const given = await client.POST("/api/external/feedback", {
    body: { feedbackType: "POSITIVE", externalThreadId: target.externalId, externalUser: { externalId: uniqueId("giver"), name: "Ada" }, attributes: { [reason.name]: "wrong" } },
  });
  t.equal(given.response.status, 201);
  const events = (await eventsOf(organization.organizationId)).filter((event) => event.type.startsWith("feedback."));
  t.same(events.map((event) => event.type), ["feedback.created"]);
  t.same(events[0]!.payload, given.data, "the created vote's data is the private key's answer");
  t.same(events[0]!.deliveries.map((delivery) => delivery.endpointId), [webhookId]);
});

t.test("user deletion: user.deleted with the externalId", async (t) => {
  const { organization, client } = await subscribedOrganization();
  const externalId = uniqueId("leaver");
  await client.PUT("/api/external/users", { body: { externalId } });
  t.equal((await client.DELETE("/api/external/users/{externalId}", { params: { path: { externalId } } })).response.status, 204);
  t.equal((await client.DELETE("/api/external/users/{externalId}", { params: { path: { externalId } } })).response.status, 404);
  const events = await eventsOf(organization.organizationId);
  t.same(events.map((event) => [event.type, event.payload]), [["user.deleted", { externalId }]], "one event; the 404 wrote none");
});

t.test("memory facts: memory.facts_changed with the user's current facts, when a message adds one and when one is forgotten", async (t) => {
  const { organization, client } = await subscribedOrganization(["memory.facts_changed"]);
  const userExternalId = uniqueId("user");
  const say = (content: string) => client.POST("/api/external/threads", { body: { externalUser: { externalId: userExternalId }, messages: [{ role: "user", content }] } });
  await say("Hello there");
  t.equal(await prisma.webhookEvent.count({ where: { organizationId: organization.organizationId } }), 0, "no fact, no event");
  await say("I live in Paris and I am vegetarian.");
  const facts = (await client.GET("/api/external/memory/facts", { params: { query: { userExternalId } } })).data!;
  t.ok(facts.facts.length > 0, "the built-in extractor found facts");
  let events = await eventsOf(organization.organizationId);
  t.same(events.map((event) => [event.type, event.payload]), [["memory.facts_changed", facts]], "the data is what GET /api/external/memory/facts answers");

  const forgotten = facts.facts[0]!;
  t.equal((await client.DELETE("/api/external/memory/facts/{factId}", { params: { path: { factId: forgotten.id } } })).response.status, 204);
  events = await eventsOf(organization.organizationId);
  t.equal(events.length, 2);
  t.same(events[1]!.payload, { userExternalId, facts: facts.facts.slice(1) });
});

t.test("every delivery's body matches its event's schema in openapi.yaml's webhooks", async (t) => {
  const { organization, webhookId, client } = await subscribedOrganization([...ALL, "memory.facts_changed"]);
  const externalUser = { externalId: uniqueId("user") };
  const thread = (await client.POST("/api/external/threads", { body: { externalId: uniqueId("t"), externalUser, messages: [{ role: "user", content: "I live in Paris." }] } })).data!;
  await client.POST("/api/external/threads", { body: { externalId: thread.externalId!, externalUser, messages: [{ role: "assistant", content: "Noted." }] } });
  await client.POST("/api/external/feedback", { body: { feedbackType: "POSITIVE", externalThreadId: thread.externalId! } });
  await client.POST("/api/external/feedback", { body: { feedbackType: "NEGATIVE", externalThreadId: thread.externalId! } });
  await call(organization.privateKey, { method: "POST", url: `/api/external/webhooks/${webhookId}/test` });
  await client.DELETE("/api/external/users/{externalId}", { params: { path: externalUser } });
  const schemaOf: Record<string, string> = {
    "thread.created": "ThreadEvent", "thread.updated": "ThreadEvent", "feedback.created": "FeedbackEvent", "feedback.updated": "FeedbackEvent",
    "memory.facts_changed": "FactsEvent", "user.deleted": "UserDeletedEvent", "webhook.test": "TestEvent",
  };
  const bodies = await prisma.$queryRawUnsafe<{ body: string }[]>(`SELECT ${eventBody("ev")} AS "body" FROM "WebhookEvent" ev WHERE ev."organizationId" = $1`, organization.organizationId);
  const types = bodies.map(({ body }) => JSON.parse(body) as { type: string });
  t.same(new Set(types.map((body) => body.type)), new Set(Object.keys(schemaOf)), "one event of each type at least");
  for (const body of types) t.same(contractViolations(schemaOf[body.type]!, body), [], body.type);
});

t.test("nothing is written for a type no endpoint subscribes to, nor for an organization without endpoints", async (t) => {
  const { organization, client } = await subscribedOrganization(["user.deleted"]);
  await client.POST("/api/external/threads", { body: { externalUser: { externalId: uniqueId("user") }, messages: [{ role: "user", content: "hi" }] } });
  t.equal(await prisma.webhookEvent.count({ where: { organizationId: organization.organizationId } }), 0);
  const bare = await service.newOrganization();
  await api(bare.privateKey).POST("/api/external/threads", { body: { externalUser: { externalId: uniqueId("user") } } });
  t.equal(await prisma.webhookEvent.count({ where: { organizationId: bare.organizationId } }), 0);
  t.equal(await prisma.webhookDelivery.count({ where: { organizationId: bare.organizationId } }), 0);
});

t.test("a change that rolls back leaves no event", async (t) => {
  const { organization, client } = await subscribedOrganization();
  const fixtures = feedbackFixtures({ ...service, org: organization });
  const target = await fixtures.thread();
  const before = await prisma.webhookEvent.count({ where: { organizationId: organization.organizationId } });

  // A giver already holding 100 segments: the upsert adds a 101st, and the feedback is refused after it.
  const externalId = uniqueId("giver");
  const segments = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`type-${i}`, "s"]));
  await client.PUT("/api/external/users", { body: { externalId, segments } });
  const refused = await client.POST("/api/external/feedback", {
    body: { feedbackType: "POSITIVE", externalThreadId: target.externalId, externalUser: { externalId, name: "Changed", segments: { extra: "s" } } },
  });
  t.equal(refused.response.status, 400);
  t.equal(await prisma.webhookEvent.count({ where: { organizationId: organization.organizationId } }), before);
  t.equal((await prisma.externalUser.findFirstOrThrow({ where: { organizationId: organization.organizationId, externalId } })).name, null);

  // An event written, then the transaction fails: it goes with the rest.
  await t.rejects(
    service.database.driver.transaction(async (tx) => {
      await recordEvent(tx, organization.organizationId, { type: "user.deleted", data: { externalId } }, undefined);
      throw new Error("injected failure");
    }),
    { message: "injected failure" },
  );
  t.equal(await prisma.webhookEvent.count({ where: { organizationId: organization.organizationId } }), before);
  t.equal(await prisma.webhookDelivery.count({ where: { organizationId: organization.organizationId, event: { type: "user.deleted" } } }), 0);
});
