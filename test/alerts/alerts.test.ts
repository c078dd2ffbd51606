import t from "tap";
import { evaluateDueAlerts, nextState } from "../../src/alerts/evaluate.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations } from "../helpers/contract.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

const service = await startService(t, { webhooks: { allowPrivateNetworks: true } });
const { org, api, call } = service;
const { prisma } = service.database;
const client = api(org.privateKey);

const create = (body: object, key = org.privateKey) => call(key, { method: "POST", url: "/api/external/alerts", payload: body });
const evaluate = () => evaluateDueAlerts(prisma, { intervalSeconds: 0 });

t.test("creates an alert with its defaults, state ok and no stats yet; lists and deletes it", async (t) => {
  const created = await create({ name: "Below 70 %", positiveRateBelow: 0.7 });
  t.equal(created.statusCode, 201);
  const alert = created.json();
  t.same(alert, {
    id: alert.id, name: "Below 70 %", filters: {}, windowMinutes: 60, minCount: 30, positiveRateBelow: 0.7,
    state: "ok", stats: null, evaluatedAt: null, createdAt: alert.createdAt,
  });
  t.match(await prisma.alert.findUniqueOrThrow({ where: { id: alert.id } }), { organizationId: org.organizationId, state: "ok", windowMinutes: 60, minCount: 30 });
  const filtered = await create({ name: "Project", filters: { projectId: org.projectId, feedbackType: "POSITIVE" }, windowMinutes: 10080, minCount: 1, positiveRateBelow: 0 });
  t.match(filtered.json(), { filters: { projectId: org.projectId, feedbackType: "POSITIVE" }, windowMinutes: 10080, minCount: 1, positiveRateBelow: 0 });

  const listed = await client.GET("/api/external/alerts");
  t.same(listed.data!.rows.map((row) => row.id), [alert.id, filtered.json().id]);

  const other = await service.newOrganization();
  t.same((await api(other.privateKey).GET("/api/external/alerts")).data, { rows: [] });
  const stranger = await api(other.privateKey).DELETE("/api/external/alerts/{id}", { params: { path: { id: alert.id } } });
  t.equal(stranger.response.status, 404);
  t.same(stranger.error, { error: "Alert not found" });
  t.equal((await client.DELETE("/api/external/alerts/{id}", { params: { path: { id: alert.id } } })).response.status, 204);
  t.equal(await prisma.alert.count({ where: { id: alert.id } }), 0);
  t.equal((await client.DELETE("/api/external/alerts/{id}", { params: { path: { id: alert.id } } })).response.status, 404);
});

t.test("refuses bad input with a 400 naming the field, and stores nothing", async (t) => {
  const organization = await service.newOrganization();
  const cases: [object, RegExp][] = [
    [{ positiveRateBelow: 0.5 }, /name/],
    [{ name: "", positiveRateBelow: 0.5 }, /name/],
    [{ name: "n".repeat(256), positiveRateBelow: 0.5 }, /name/],
    [{ name: "x" }, /positiveRateBelow/],
    [{ name: "x", positiveRateBelow: -0.1 }, /positiveRateBelow/],
    [{ name: "x", positiveRateBelow: 1.1 }, /positiveRateBelow/],
    [{ name: "x", positiveRateBelow: 0.5, windowMinutes: 4 }, /windowMinutes/],
    [{ name: "x", positiveRateBelow: 0.5, windowMinutes: 10081 }, /windowMinutes/],
    [{ name: "x", positiveRateBelow: 0.5, minCount: 0 }, /minCount/],
    [{ name: "x", positiveRateBelow: 0.5, minCount: 100001 }, /minCount/],
    [{ name: "x", positiveRateBelow: 0.5, filters: { after: "yesterday" } }, /filters\.after/],
    [{ name: "x", positiveRateBelow: 0.5, filters: { threadIds: [0] } }, /filters|threadIds/],
    [{ name: "x", positiveRateBelow: 0.5, state: "triggered" }, /state/],
  ];
  for (const [body, error] of cases) {
    const answer = await create(body, organization.privateKey);
    t.equal(answer.statusCode, 400, JSON.stringify(body));
    t.match(answer.json().error, error, JSON.stringify(body));
  }
  t.equal((await create({ name: "x", positiveRateBelow: 0.5 }, organization.publicKey)).statusCode, 403);
  t.equal(await prisma.alert.count({ where: { organizationId: organization.organizationId } }), 0);
});

t.test("the rule: triggered when confidently below, resolved when confidently at or above", async (t) => {
  const stats = (count: number, low: number, high: number) => ({ count, positive: 0, negative: 0, positiveRate: (low + high) / 2, positiveRateLow: low, positiveRateHigh: high });
  const alert = { minCount: 30, positiveRateBelow: 0.7 };
  t.equal(nextState({ ...alert, state: "ok" }, stats(30, 0.4, 0.69)), "triggered");
  t.equal(nextState({ ...alert, state: "ok" }, stats(29, 0.4, 0.6)), "ok", "too few");
  t.equal(nextState({ ...alert, state: "ok" }, stats(30, 0.5, 0.7)), "ok", "the upper bound must be below");
  t.equal(nextState({ ...alert, state: "triggered" }, stats(30, 0.69, 0.9)), "triggered", "not yet confidently above");
  t.equal(nextState({ ...alert, state: "triggered" }, stats(30, 0.7, 0.9)), "ok");
  t.equal(nextState({ ...alert, state: "triggered" }, { count: 0, positive: 0, negative: 0, positiveRate: null, positiveRateLow: null, positiveRateHigh: null }), "triggered");
});

t.test("evaluation over the window: one alert.triggered, then one alert.resolved, with the alert and its Stats", async (t) => {
  const organization = await service.newOrganization();
  const owner = api(organization.privateKey);
  await call(organization.privateKey, { method: "POST", url: "/api/external/webhooks", payload: { url: "http://127.0.0.1:9/hook", events: ["alert.triggered", "alert.resolved"] } });
  const fixtures = feedbackFixtures({ ...service, org: organization });
  const target = await fixtures.thread();
  const elsewhere = await fixtures.thread();
  const alert = (await create({ name: "Below half", minCount: 10, positiveRateBelow: 0.5 }, organization.privateKey)).json();
  const narrow = (await create({ name: "Other thread", filters: { threadIds: [elsewhere.id] }, minCount: 1, positiveRateBelow: 0.5 }, organization.privateKey)).json();
  const vote = async (feedbackType: "POSITIVE" | "NEGATIVE", count: number) => {
    for (let i = 0; i < count; i++) {
      const answer = await owner.POST("/api/external/feedback", { body: { feedbackType, externalThreadId: target.externalId, externalUser: { externalId: uniqueId("giver") } } });
      if (answer.response.status !== 201) throw new Error(`feedback failed: ${answer.response.status}`);
    }
  };
  const events = () => prisma.webhookEvent.findMany({ where: { organizationId: organization.organizationId }, orderBy: { createdAt: "asc" } });
  const stateOf = async (id: number) => (await owner.GET("/api/external/alerts")).data!.rows.find((row) => row.id === id)!;

  await vote("NEGATIVE", 9);
  await evaluate();
  t.match(await stateOf(alert.id), { state: "ok", stats: { count: 9, positive: 0, negative: 9 }, evaluatedAt: /Z$/ }, "fewer than minCount");
  t.equal((await events()).length, 0);

  await vote("NEGATIVE", 3);
  await evaluate();
  await evaluate();
  const triggered = await stateOf(alert.id);
  t.match(triggered, { state: "triggered", stats: { count: 12, positive: 0, negative: 12, positiveRate: 0 } });
  t.ok(triggered.stats!.positiveRateHigh! < 0.5);
  let written = await events();
  t.same(written.map((event) => event.type), ["alert.triggered"], "one event, however often it is evaluated");
  const { evaluatedAt: _later, ...atTransition } = triggered;
  t.match(written[0]!.payload, { alert: { ...atTransition, evaluatedAt: /Z$/ }, stats: triggered.stats });
  t.match(await stateOf(narrow.id), { state: "ok", stats: { count: 0 } }, "an alert sees only the feedback its filters match");

  await vote("POSITIVE", 40);
  await evaluate();
  await evaluate();
  const resolved = await stateOf(alert.id);
  t.match(resolved, { state: "ok", stats: { count: 52, positive: 40 } });
  t.ok(resolved.stats!.positiveRateLow! >= 0.5);
  written = await events();
  t.same(written.map((event) => event.type), ["alert.triggered", "alert.resolved"]);
  t.match(written[1]!.payload, { alert: { id: alert.id, state: "ok" }, stats: resolved.stats });
  const payload = written[1]!.payload as { alert: unknown; stats: unknown };
  t.same([contractViolations("Alert", payload.alert), contractViolations("Stats", payload.stats)], [[], []], "an Alert and Stats of openapi.yaml");
  t.equal(await prisma.webhookDelivery.count({ where: { organizationId: organization.organizationId } }), 2, "each delivered to the subscribed endpoint");
});

t.test("the statistics' time bounds narrow the window: before and after count only the window's feedback inside them", async (t) => {
  const organization = await service.newOrganization();
  const owner = api(organization.privateKey);
  const target = await feedbackFixtures({ ...service, org: organization }).thread();
  const bounded = (await create({ name: "Before 2020", filters: { before: "2020-01-01T00:00:00Z" }, minCount: 1, positiveRateBelow: 0.5 }, organization.privateKey)).json();
  const since2020 = (await create({ name: "After 2020", filters: { after: "2020-01-01T00:00:00Z" }, windowMinutes: 60, minCount: 1, positiveRateBelow: 0.5 }, organization.privateKey)).json();
  t.match(bounded, { filters: { before: "2020-01-01T00:00:00Z" } });
  for (let i = 0; i < 6; i++) await owner.POST("/api/external/feedback", { body: { feedbackType: "NEGATIVE", externalThreadId: target.externalId, externalUser: { externalId: uniqueId("giver") } } });
  await evaluate();
  const rows = (await owner.GET("/api/external/alerts")).data!.rows;
  t.match(rows.find((row) => row.id === bounded.id), { state: "ok", stats: { count: 0 } }, "before 2020: none of the window's feedback");
  t.match(rows.find((row) => row.id === since2020.id), { state: "triggered", stats: { count: 6, negative: 6 } }, "after 2020: the window's feedback");
});

t.test("an alert is evaluated once per interval, not by every instance", async (t) => {
  const organization = await service.newOrganization();
  const created = (await create({ name: "Once", positiveRateBelow: 0.5 }, organization.privateKey)).json();
  await Promise.all([evaluateDueAlerts(prisma, { intervalSeconds: 3600 }), evaluateDueAlerts(prisma, { intervalSeconds: 3600 })]);
  const first = await prisma.alert.findUniqueOrThrow({ where: { id: created.id } });
  t.ok(first.evaluatedAt);
  await evaluateDueAlerts(prisma, { intervalSeconds: 3600 });
  const again = await prisma.alert.findUniqueOrThrow({ where: { id: created.id } });
  t.same(again.evaluatedAt, first.evaluatedAt, "not due again within the interval");
});

// Last: evaluating its 100 alerts would slow the evaluations above.
t.test("an organization has at most 100 alerts, even when created together", async (t) => {
  const organization = await service.newOrganization();
  for (let i = 0; i < 90; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => create({ name: `alert ${i + j}`, positiveRateBelow: 0.5 }, organization.privateKey)));
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => create({ name: `last ${i}`, positiveRateBelow: 0.5 }, organization.privateKey)));
  t.equal(answers.filter((answer) => answer.statusCode === 201).length, 10, "30 at once at the limit: 10 created");
  t.same(answers.find((answer) => answer.statusCode !== 201)?.json(), { error: "Invalid field 'name': an organization has at most 100 alerts" });
  t.equal(await prisma.alert.count({ where: { organizationId: organization.organizationId } }), 100);
});
