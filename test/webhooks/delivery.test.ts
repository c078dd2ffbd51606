import { createHmac } from "node:crypto";
import t from "tap";
import { buildApp, type AppOptions } from "../../src/app.ts";
import type { WebhookSettings } from "../../src/config.ts";
import { recordEvent } from "../../src/webhooks/events.ts";
import { CLAIM_DELIVERIES, RECORD_EVENT, RELEASE_DELIVERIES } from "../../src/webhooks/sql.ts";
import { startService, uniqueId, type ServiceTest, type TestService } from "../helpers/app.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { eventually, sleep } from "../helpers/wait.ts";

// The delivery workers, against local receivers. The subtests run one after another: a worker claims
// every organization's due deliveries, so that two subtests' workers would share their work.

const SETTINGS: WebhookSettings = { allowPrivateNetworks: true, retryBaseMs: 100, maxAgeHours: 24 };
const background = (worker: NonNullable<AppOptions["background"]>["worker"] = {}) => ({ alertIntervalSeconds: 3600, worker: { pollMs: 50, ...worker } });

async function serviceWithWorker(t: ServiceTest, settings: Partial<WebhookSettings> = {}, worker: NonNullable<AppOptions["background"]>["worker"] = {}) {
  const service = await startService(t, { webhooks: { ...SETTINGS, ...settings }, background: background(worker) });
  await service.app.ready();
  return service;
}

async function register(service: TestService, url: string, events = ["user.deleted"]) {
  const created = await service.call(service.org.privateKey, { method: "POST", url: "/api/external/webhooks", payload: { url, events } });
  if (created.statusCode !== 201) throw new Error(`webhook registration failed: ${created.body}`);
  return created.json() as { id: number; secret: string };
}

/** An event of the service's organization, written as a change would write it outside the services: due at once for any worker's claim. */
const emit = (service: TestService, externalId = uniqueId("user")) =>
  service.database.driver.transaction((tx) => recordEvent(tx, service.org.organizationId, { type: "user.deleted", data: { externalId } }, undefined));

const deliveriesOf = (service: TestService, id: number) =>
  service.api(service.org.privateKey).GET("/api/external/webhooks/{id}/deliveries", { params: { path: { id } } }).then(({ data }) => data!.rows);

/** The ids of the events whose deliveries the service's workers claimed (rather than got from the transaction that wrote them). */
function recordClaims(service: TestService): string[] {
  const claimed: string[] = [];
  const { driver } = service.database;
  const rows = driver.rows.bind(driver);
  driver.rows = async (statement, params) => {
    const answer = await rows(statement, params);
    if (statement.name === CLAIM_DELIVERIES.name) claimed.push(...(answer as { eventId: string }[]).map(({ eventId }) => eventId));
    return answer;
  };
  return claimed;
}

t.test("delivers a signed event: the Standard Webhooks headers verify against the secret", async (t) => {
  const service = await serviceWithWorker(t);
  const receiver = await startReceiver(t);
  const webhook = await register(service, receiver.url, ["thread.created"]);
  const thread = await service.api(service.org.privateKey).POST("/api/external/threads", { body: { externalUser: { externalId: uniqueId("user") } } });
  const [delivery] = await eventually(() => receiver.received.length === 1 && receiver.received);
  const { headers, body } = delivery!;
  const event = await service.database.prisma.webhookEvent.findFirstOrThrow({ where: { organizationId: service.org.organizationId } });
  t.equal(headers["webhook-id"], event.id);
  t.equal(headers["content-type"], "application/json");
  const timestamp = Number(headers["webhook-timestamp"]);
  t.ok(Math.abs(timestamp - Date.now() / 1000) < 30, "the timestamp is now, in Unix seconds");
  const key = Buffer.from(webhook.secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${event.id}.${timestamp}.${body}`).digest("base64");
  t.equal(headers["webhook-signature"], `v1,${expected}`);
  const { messages: _messages, ...threadData } = thread.data!;
  t.same(JSON.parse(body), { id: event.id, type: "thread.created", createdAt: event.createdAt.toISOString(), organizationId: service.org.organizationId, data: threadData });
  const rows = await eventually(async () => {
    const rows = await deliveriesOf(service, webhook.id);
    return rows[0]?.status === "delivered" && rows;
  });
  t.same(rows, [{ eventId: event.id, type: "thread.created", status: "delivered", attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null, createdAt: rows[0]!.createdAt }]);
});

t.test("retries with backoff until delivered, every attempt recorded; the same event each time", async (t) => {
  // Each retry is due a minute or more later, so the state between two attempts stays until the test
  // makes the retry due itself: no poll can miss it, however slow the machine or the proxy.
  const retryBaseMs = 60_000;
  const service = await serviceWithWorker(t, { retryBaseMs }, { random: () => 0 });
  const receiver = await startReceiver(t, (_received, index) => [503, 500][index] ?? 204);
  const webhook = await register(service, receiver.url);
  await emit(service);
  // An attempt is counted when claimed, its outcome recorded once answered: wait for the outcome.
  const answered = (attempts: number, lastStatusCode: number) =>
    eventually(async () => {
      const [row] = await deliveriesOf(service, webhook.id);
      return row?.attempts === attempts && row.lastStatusCode === lastStatusCode && row;
    }, { what: `attempt ${attempts} answered ${lastStatusCode}` });
  const retryNow = () => service.database.prisma.webhookDelivery.updateMany({ where: { endpointId: webhook.id }, data: { nextAttemptAt: new Date() } });
  // The delay before the next attempt, from the moment the receiver got this one (recorded just after).
  const delayAfter = (row: { nextAttemptAt: string | null }, attempt: number) => Date.parse(row.nextAttemptAt!) - receiver.received[attempt - 1]!.at;

  const first = await answered(1, 503);
  t.match(first, { status: "pending", lastStatusCode: 503, lastError: "HTTP 503", nextAttemptAt: /Z$/ });
  t.ok(delayAfter(first, 1) >= retryBaseMs / 2 && delayAfter(first, 1) < retryBaseMs / 2 + 10_000, `first retry after half the base (${delayAfter(first, 1)} ms)`);
  await retryNow();
  const second = await answered(2, 500);
  t.match(second, { status: "pending", lastStatusCode: 500, lastError: "HTTP 500" });
  t.ok(delayAfter(second, 2) >= retryBaseMs && delayAfter(second, 2) < retryBaseMs + 10_000, `backoff doubles (${delayAfter(second, 2)} ms)`);
  await retryNow();
  const delivered = await eventually(async () => {
    const [row] = await deliveriesOf(service, webhook.id);
    return row?.status === "delivered" && row;
  });
  t.match(delivered, { attempts: 3, lastStatusCode: 204, lastError: null, nextAttemptAt: null });
  t.equal(receiver.received.length, 3);
  t.equal(new Set(receiver.received.map(({ headers }) => headers["webhook-id"])).size, 1);
  t.equal(new Set(receiver.received.map(({ body }) => body)).size, 1, "the same body every time");
});

t.test("gives up after WEBHOOK_MAX_AGE_HOURS: failed, with the last status code or error; redirects are not followed", async (t) => {
  const service = await serviceWithWorker(t, { maxAgeHours: 0 });
  const target = await startReceiver(t);
  const redirecting = await startReceiver(t, () => (_request, response) => response.writeHead(307, { location: target.url }).end());
  const failing = await startReceiver(t, () => 500);
  const hooks = [await register(service, failing.url), await register(service, redirecting.url), await register(service, "http://127.0.0.1:9/closed")];
  await emit(service);
  const rows = await eventually(async () => {
    const rows = (await Promise.all(hooks.map((hook) => deliveriesOf(service, hook.id)))).map(([row]) => row);
    return rows.every((row) => row?.status === "failed") && rows;
  });
  t.match(rows[0], { status: "failed", attempts: 1, lastStatusCode: 500, lastError: "HTTP 500", nextAttemptAt: null });
  t.match(rows[1], { status: "failed", attempts: 1, lastStatusCode: 307, lastError: "HTTP 307" });
  t.match(rows[2], { status: "failed", attempts: 1, lastStatusCode: null, lastError: /ECONNREFUSED/ });
  t.equal(target.received.length, 0, "the redirect was not followed");
});

t.test("each delivery connection checks the host again and connects to the address it checked", async (t) => {
  const receiver = await startReceiver(t);
  const port = new URL(receiver.url).port;
  const answers: Record<string, string> = { "hooks.example.test": "127.0.0.1", "metadata.example.test": "169.254.169.254", "nat64.example.test": "64:ff9b::a9fe:a9fe" };
  const resolve = async (host: string) => (answers[host] ? [{ address: answers[host], family: answers[host].includes(":") ? 6 : 4 }] : []);
  const service = await serviceWithWorker(t, { maxAgeHours: 0 }, { resolve });
  // Stored as if DNS had answered differently at registration.
  const endpoint = (host: string) =>
    service.database.prisma.webhookEndpoint.create({
      data: { organizationId: service.org.organizationId, url: `http://${host}:${port}/hook`, events: ["user.deleted"], secret: "whsec_AAAA" },
    });
  const pinned = await endpoint("hooks.example.test");
  const metadata = await endpoint("metadata.example.test");
  // The metadata address embedded in IPv6: answered by DNS (the connection's lookup), and as the URL's host (checked before connecting).
  const nat64 = await endpoint("nat64.example.test");
  const sixToFour = await endpoint("[2002:a9fe:a9fe::]");
  await emit(service);
  const [delivered] = await eventually(async () => {
    const rows = await deliveriesOf(service, pinned.id);
    return rows[0]?.status === "delivered" && rows;
  });
  t.match(delivered, { lastStatusCode: 200 });
  t.equal(receiver.received[0]!.headers.host, `hooks.example.test:${port}`, "the request names the host; the connection went to the checked address");
  const [refused] = await eventually(async () => {
    const rows = await deliveriesOf(service, metadata.id);
    return rows[0]?.status === "failed" && rows;
  });
  t.match(refused, { lastStatusCode: null, lastError: "the host resolves to a cloud metadata address (169.254.169.254)" });
  for (const [id, address] of [
    [nat64.id, "64:ff9b::a9fe:a9fe"],
    [sixToFour.id, "2002:a9fe:a9fe::"],
  ] as const) {
    const [embedded] = await eventually(async () => {
      const rows = await deliveriesOf(service, id);
      return rows[0]?.status === "failed" && rows;
    });
    t.match(embedded, { lastStatusCode: null, lastError: `the host resolves to a cloud metadata address (${address}, which embeds 169.254.169.254)` });
  }
  t.equal(receiver.received.length, 1);
});

t.test("a kept-alive connection is reused without resolving the host again; each new connection checks it again", async (t) => {
  const receiver = await startReceiver(t);
  const port = new URL(receiver.url).port;
  const answers: Record<string, string> = { "hooks.example.test": "127.0.0.1" };
  const resolved: string[] = [];
  const resolve = async (host: string) => {
    resolved.push(host);
    return [{ address: answers[host]!, family: 4 }];
  };
  const service = await serviceWithWorker(t, { maxAgeHours: 0 }, { resolve });
  const endpoint = await service.database.prisma.webhookEndpoint.create({
    data: { organizationId: service.org.organizationId, url: `http://hooks.example.test:${port}/hook`, events: ["user.deleted"], secret: "whsec_AAAA" },
  });
  const statuses = async () => (await deliveriesOf(service, endpoint.id)).map((row) => row.status);
  for (let i = 1; i <= 3; i++) {
    await emit(service);
    await eventually(async () => (await statuses()).filter((status) => status === "delivered").length === i);
  }
  t.same(resolved, ["hooks.example.test"], "three deliveries, one connection, one lookup");
  // The host now resolves to the cloud metadata address: the next connection must not go there.
  answers["hooks.example.test"] = "169.254.169.254";
  receiver.server.closeIdleConnections();
  await sleep(300);
  await emit(service);
  const [refused] = await eventually(async () => {
    const rows = await deliveriesOf(service, endpoint.id);
    return rows[0]?.status === "failed" && rows;
  });
  t.match(refused, { lastStatusCode: null, lastError: "the host resolves to a cloud metadata address (169.254.169.254)" });
  t.same(resolved, ["hooks.example.test", "hooks.example.test"]);
  t.equal(receiver.received.length, 3);
});

t.test("two workers on one database deliver each event once, within the per-endpoint bound", async (t) => {
  // Both claim the deliveries: leases (the attempt's timeout and more) long past any stall of a loaded machine, so that none runs
  // out while its attempt is under way. A claim answered too late to start its deliveries releases them, due at once again.
  const worker = { timeoutMs: 60_000 };
  const service = await serviceWithWorker(t, {}, worker);
  const second = await buildApp({ database: service.database, webhooks: SETTINGS, background: background(worker) });
  t.teardown(() => second.close());
  await second.ready();
  let inFlight = 0;
  let mostInFlight = 0;
  const receiver = await startReceiver(t, () => (_request, response) => {
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    setTimeout(() => {
      inFlight--;
      response.writeHead(200).end();
    }, 10);
  });
  await register(service, receiver.url);
  const count = 120;
  for (let i = 0; i < count; i += 20) await Promise.all(Array.from({ length: 20 }, () => emit(service)));
  // Every delivery recorded as delivered: nothing is left to send, so what the receiver got is final.
  const undelivered = () => service.database.prisma.webhookDelivery.count({ where: { organizationId: service.org.organizationId, status: { not: "delivered" } } });
  await eventually(async () => (await undelivered()) === 0, { what: "every delivery delivered", timeoutMs: 150_000 });
  const ids = receiver.received.map(({ headers }) => headers["webhook-id"]);
  t.equal(ids.length, count, "no event was sent twice");
  t.equal(new Set(ids).size, count);
  t.ok(mostInFlight <= 8, `at most 4 in flight per worker to one endpoint (saw ${mostInFlight})`);
});

t.test("an endpoint that never answers keeps none of the others waiting", async (t) => {
  // The hanging attempts time out long after the test's wait ends: the others arrive while they hang.
  const service = await serviceWithWorker(t, {}, { timeoutMs: 60_000, stopGraceMs: 100 });
  const hanging = await startReceiver(t, () => () => {});
  const healthy = await startReceiver(t);
  await register(service, hanging.url);
  await register(service, healthy.url);
  for (let i = 0; i < 12; i++) await emit(service);
  await eventually(() => healthy.received.length === 12, { what: "the healthy endpoint's 12 deliveries", timeoutMs: 30_000 });
  t.ok(hanging.received.length <= 4, `the hanging endpoint holds at most 4 attempts at once (${hanging.received.length})`);
});

t.test("a backlog handed over for an endpoint that never answers keeps the worker's claims for the others flowing", async (t) => {
  // 12 deliveries to the hanging endpoint, handed over by the writes: 4 in flight, 8 waiting, the worker's room 8.
  const service = await serviceWithWorker(t, {}, { concurrency: 8, timeoutMs: 60_000, stopGraceMs: 100 });
  const hanging = await startReceiver(t, () => () => {});
  const healthy = await startReceiver(t);
  await register(service, hanging.url, ["thread.created"]);
  await register(service, healthy.url);
  const client = service.api(service.org.privateKey);
  for (let i = 0; i < 12; i++) await client.POST("/api/external/threads", { body: { externalUser: { externalId: uniqueId("user") } } });
  await eventually(() => hanging.received.length === 4, "the hanging endpoint's 4 attempts");
  for (let i = 0; i < 3; i++) await emit(service);
  await eventually(() => healthy.received.length === 3, { what: "the claimed deliveries to the healthy endpoint", timeoutMs: 10_000 });
  t.equal(hanging.received.length, 4, "the hanging endpoint still holds 4 attempts at most");
});

t.test("an answer is read up to 64 KB, then the connection is dropped: a 2xx is delivered, however long the body", async (t) => {
  const service = await serviceWithWorker(t);
  let written = 0;
  let closedAfter = -1;
  const endless = await startReceiver(t, () => (_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" });
    const chunk = Buffer.alloc(16 * 1024, "x");
    const timer = setInterval(() => {
      written += chunk.length;
      response.write(chunk);
    }, 5);
    response.on("close", () => {
      clearInterval(timer);
      closedAfter = written;
    });
  });
  const webhook = await register(service, endless.url);
  await emit(service);
  const [row] = await eventually(async () => {
    const rows = await deliveriesOf(service, webhook.id);
    return rows[0]?.status === "delivered" && rows;
  }, 5_000);
  t.match(row, { attempts: 1, lastStatusCode: 200 });
  await eventually(() => closedAfter >= 0, 5_000);
  t.ok(closedAfter < 1024 * 1024, `the worker hung up after ${closedAfter} bytes were sent`);
});

t.test("shutdown: an attempt in flight is left due for the next worker, never lost", async (t) => {
  const service = await startService(t, { webhooks: SETTINGS });
  let answer = false;
  const receiver = await startReceiver(t, () => (_request, response) => {
    if (answer) response.writeHead(200).end();
  });
  const webhook = await register(service, receiver.url);
  const first = await buildApp({ database: service.database, webhooks: SETTINGS, background: background({ stopGraceMs: 100 }) });
  await first.ready();
  await emit(service);
  await eventually(() => receiver.received.length === 1);
  await first.close();
  const [interrupted] = await deliveriesOf(service, webhook.id);
  t.match(interrupted, { status: "pending", attempts: 1, lastError: "interrupted: the service shut down" });
  t.ok(Date.parse(interrupted!.nextAttemptAt!) <= Date.now() + 1000, "due again at once, not after the lease");

  answer = true;
  const next = await buildApp({ database: service.database, webhooks: SETTINGS, background: background() });
  t.teardown(() => next.close());
  await next.ready();
  const [delivered] = await eventually(async () => {
    const rows = await deliveriesOf(service, webhook.id);
    return rows[0]?.status === "delivered" && rows;
  });
  t.match(delivered, { attempts: 2, lastStatusCode: 200 });
  t.equal(new Set(receiver.received.map(({ headers }) => headers["webhook-id"])).size, 1);
});

t.test("the writing instance's worker gets its deliveries once committed, without claiming them", async (t) => {
  const service = await serviceWithWorker(t);
  const claimed = recordClaims(service);
  const receiver = await startReceiver(t);
  const webhook = await register(service, receiver.url, ["thread.created", "feedback.created"]);
  const client = service.api(service.org.privateKey);
  for (let i = 0; i < 4; i++) await client.POST("/api/external/threads", { body: { externalId: `handed-${i}`, externalUser: { externalId: uniqueId("user") }, messages: [{ role: "user", content: "hi" }] } });
  await client.POST("/api/external/feedback", { body: { feedbackType: "POSITIVE", externalThreadId: "handed-0" } });
  const rows = await eventually(async () => {
    const rows = await deliveriesOf(service, webhook.id);
    return rows.length === 5 && rows.every((row) => row.status === "delivered") && rows;
  });
  t.same(rows.map((row) => row.attempts), [1, 1, 1, 1, 1]);
  t.equal(receiver.received.length, 5);
  // The workers claim every organization's due deliveries: other tests' may be among the claimed.
  t.same(claimed.filter((eventId) => rows.some((row) => row.eventId === eventId)), [], "no claim took any of them");
});

t.test("a delivery leased to an instance that died is claimed by another worker once the lease runs out", async (t) => {
  const service = await serviceWithWorker(t);
  const claimed = recordClaims(service);
  const receiver = await startReceiver(t);
  const webhook = await register(service, receiver.url);
  // Written leased for a second, as an instance writes it for its own worker, which died before taking it.
  const [written] = await service.database.driver.transaction((tx) =>
    tx.rows(RECORD_EVENT, { organizationId: service.org.organizationId, type: "user.deleted", data: "{}", leaseMs: 1000 }),
  );
  const leasedAt = Date.now();
  await sleep(500);
  t.equal(receiver.received.length, 0, "not sent while leased");
  const [row] = await eventually(async () => {
    const rows = await deliveriesOf(service, webhook.id);
    return rows[0]?.status === "delivered" && rows;
  });
  t.ok(receiver.received[0]!.at >= leasedAt + 500, "sent once the lease ran out");
  t.match(row, { eventId: written!.eventId, attempts: 2, lastStatusCode: 200 });
  t.ok(claimed.includes(written!.eventId), "claimed");
});

t.test("shutdown: deliveries waiting for room are left due at once, their lease's attempt not counted", async (t) => {
  const service = await startService(t, { webhooks: SETTINGS });
  const receiver = await startReceiver(t, () => () => {});
  const webhook = await register(service, receiver.url);
  const worker = await buildApp({ database: service.database, webhooks: SETTINGS, background: background({ perEndpoint: 1, stopGraceMs: 100 }) });
  await worker.ready();
  for (let i = 0; i < 3; i++) await emit(service);
  await eventually(() => receiver.received.length === 1);
  await worker.close();
  const rows = await deliveriesOf(service, webhook.id);
  t.equal(rows.length, 3);
  t.ok(rows.every((row) => row.status === "pending" && Date.parse(row.nextAttemptAt!) <= Date.now() + 1000), "all due again at once, not after their lease");
  t.same(rows.map((row) => row.attempts).sort(), [0, 0, 1], "the one in flight counted, the two waiting not");
  t.equal(receiver.received.length, 1);
});

t.test("a claim answered too late to start its deliveries within their lease releases them: sent again at once, not after the lease", async (t) => {
  // A claim's lease (18 s) leaves its deliveries a second to start; this claim's answer comes 1.5 s late.
  const service = await serviceWithWorker(t);
  const { driver } = service.database;
  const rows = driver.rows.bind(driver);
  let delayed = false;
  driver.rows = async (statement, params) => {
    const answer = await rows(statement, params);
    if (statement.name === CLAIM_DELIVERIES.name && answer.length > 0 && !delayed) {
      delayed = true;
      await sleep(1500);
    }
    return answer;
  };
  const receiver = await startReceiver(t);
  const webhook = await register(service, receiver.url);
  await emit(service);
  const [row] = await eventually(async () => {
    const rows = await deliveriesOf(service, webhook.id);
    return rows[0]?.status === "delivered" && rows;
  }, { what: "the delivery delivered before its first lease ran out", timeoutMs: 10_000 });
  t.ok(delayed, "the claim was answered late");
  t.equal(row!.attempts, 1, "the released lease's attempt not counted");
  t.equal(receiver.received.length, 1);
});

t.test("releasing a lease leaves alone a delivery claimed again since (its attempts moved on)", async (t) => {
  const service = await startService(t, { webhooks: SETTINGS });
  const receiver = await startReceiver(t);
  const webhook = await register(service, receiver.url);
  await emit(service);
  const claim = () => service.database.driver.rows(CLAIM_DELIVERIES, { limit: 100, perEndpoint: 4, busyEndpointIds: [], inFlight: [], leaseMs: 0 });
  const [first] = (await claim()).filter((delivery) => delivery.endpointId === webhook.id);
  const [second] = (await claim()).filter((delivery) => delivery.endpointId === webhook.id);
  t.same([first!.attempts, second!.attempts], [1, 2], "claimed again once the first lease ran out");
  await service.database.driver.rows(RELEASE_DELIVERIES, { deliveryIds: [first!.id], attempts: [first!.attempts] });
  t.same((await deliveriesOf(service, webhook.id)).map((row) => row.attempts), [2], "the stale release changed nothing");
  await service.database.driver.rows(RELEASE_DELIVERIES, { deliveryIds: [second!.id], attempts: [second!.attempts] });
  const [released] = await deliveriesOf(service, webhook.id);
  t.equal(released!.attempts, 1, "the current lease released: its attempt not counted");
  t.ok(Date.parse(released!.nextAttemptAt!) <= Date.now() + 1000, "due at once");
});

t.test("delivered events are deleted after 7 days; pending ones are kept", async (t) => {
  const service = await startService(t, { webhooks: SETTINGS });
  const { prisma } = service.database;
  const webhook = await register(service, "http://127.0.0.1:9/closed");
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
  const old = (status: string) =>
    prisma.webhookEvent.create({
      data: {
        organizationId: service.org.organizationId, type: "user.deleted", payload: {}, createdAt: eightDaysAgo,
        deliveries: { create: { organizationId: service.org.organizationId, endpointId: webhook.id, status, nextAttemptAt: status === "pending" ? new Date(Date.now() + 3600_000) : null } },
      },
    });
  const delivered = await old("delivered");
  const waiting = await old("pending");
  const recent = await emit(service).then(() => prisma.webhookEvent.findFirstOrThrow({ where: { organizationId: service.org.organizationId, createdAt: { gt: eightDaysAgo } } }));
  await prisma.webhookDelivery.updateMany({ where: { eventId: recent.id }, data: { status: "delivered", nextAttemptAt: null } });
  const app = await buildApp({ database: service.database, webhooks: SETTINGS, background: background() });
  t.teardown(() => app.close());
  await app.ready();
  await eventually(async () => (await prisma.webhookEvent.count({ where: { id: delivered.id } })) === 0);
  t.equal(await prisma.webhookDelivery.count({ where: { eventId: delivered.id } }), 0);
  t.equal(await prisma.webhookEvent.count({ where: { id: { in: [waiting.id, recent.id] } } }), 2);
});
