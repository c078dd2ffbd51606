import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";

// Registration, listing, removal and the test event; no delivery worker runs here (test/webhooks/delivery.test.ts).
const service = await startService(t, { webhooks: { allowPrivateNetworks: true } });
const { org, api, call } = service;
const { prisma } = service.database;
const client = api(org.privateKey);
const HOOK = "http://127.0.0.1:9/hook";

const create = (body: object, key = org.privateKey) => call(key, { method: "POST", url: "/api/external/webhooks", payload: body });
const storedCount = (organizationId = org.organizationId) => prisma.webhookEndpoint.count({ where: { organizationId } });

t.test("creates a webhook: its secret once, stored, never listed", async (t) => {
  const organization = await service.newOrganization();
  const created = await create({ url: HOOK, events: ["feedback.created", "alert.triggered"], description: "support" }, organization.privateKey);
  t.equal(created.statusCode, 201);
  const webhook = created.json();
  t.match(webhook, { id: Number, url: HOOK, events: ["feedback.created", "alert.triggered"], description: "support", createdAt: /Z$/ });
  t.match(webhook.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  t.equal(Buffer.from(webhook.secret.slice(6), "base64").length, 32);
  const stored = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: webhook.id } });
  t.equal(stored.secret, webhook.secret);
  t.equal(stored.organizationId, organization.organizationId);

  const listed = await api(organization.privateKey).GET("/api/external/webhooks");
  t.equal(listed.response.status, 200);
  const { secret: _secret, ...withoutSecret } = webhook;
  t.same(listed.data, { rows: [withoutSecret] });

  const plain = await create({ url: HOOK, events: ["user.deleted"] }, organization.privateKey);
  t.equal(plain.json().description, null);
});

t.test("refuses bad input with a 400 naming the field, and stores nothing", async (t) => {
  const before = await storedCount();
  const cases: [string, object, RegExp][] = [
    ["no url", { events: ["feedback.created"] }, /url/],
    ["no events", { url: HOOK }, /events/],
    ["empty events", { url: HOOK, events: [] }, /events/],
    ["unknown event type", { url: HOOK, events: ["feedback.deleted"] }, /events/],
    ["webhook.test is not subscribable", { url: HOOK, events: ["webhook.test"] }, /events/],
    ["repeated event type", { url: HOOK, events: ["feedback.created", "feedback.created"] }, /events/],
    ["url too long", { url: `http://127.0.0.1/${"a".repeat(2048)}`, events: ["feedback.created"] }, /url/],
    ["description too long", { url: HOOK, events: ["feedback.created"], description: "d".repeat(501) }, /description/],
    ["unknown property", { url: HOOK, events: ["feedback.created"], secret: "mine" }, /secret/],
    ["not a URL", { url: "hooks.example.com", events: ["feedback.created"] }, /^Invalid field 'url': not a valid URL$/],
    ["another scheme", { url: "ftp://127.0.0.1/", events: ["feedback.created"] }, /^Invalid field 'url': the URL must use https or http$/],
  ];
  for (const [name, body, error] of cases) {
    const answer = await create(body);
    t.equal(answer.statusCode, 400, name);
    t.match(answer.json().error, error, name);
  }
  const publicKey = await create({ url: HOOK, events: ["feedback.created"] }, org.publicKey);
  t.equal(publicKey.statusCode, 403);
  t.equal(await storedCount(), before);
});

t.test("an organization has at most 20 webhooks, even when created together", async (t) => {
  const organization = await service.newOrganization();
  const answers = await Promise.all(Array.from({ length: 26 }, () => create({ url: HOOK, events: ["thread.created"] }, organization.privateKey)));
  t.equal(answers.filter((answer) => answer.statusCode === 201).length, 20);
  for (const answer of answers.filter((answer) => answer.statusCode !== 201)) {
    t.equal(answer.statusCode, 400);
    t.same(answer.json(), { error: "Invalid field 'url': an organization has at most 20 webhooks" });
  }
  t.equal(await storedCount(organization.organizationId), 20);
});

t.test("removal, the test event and deliveries: another organization's webhook is a 404", async (t) => {
  const webhook = (await create({ url: HOOK, events: ["user.deleted"] })).json();
  const other = await service.newOrganization();
  const stranger = api(other.privateKey);
  const path = { params: { path: { id: webhook.id } } };
  for (const answer of [
    await stranger.DELETE("/api/external/webhooks/{id}", path),
    await stranger.POST("/api/external/webhooks/{id}/test", path),
    await stranger.GET("/api/external/webhooks/{id}/deliveries", path),
    await client.DELETE("/api/external/webhooks/{id}", { params: { path: { id: 2147483647 } } }),
  ]) {
    t.equal(answer.response.status, 404);
    t.same(answer.error, { error: "Webhook not found" });
  }
  t.equal((await call(org.privateKey, { method: "DELETE", url: "/api/external/webhooks/0" })).statusCode, 400);

  const tested = await client.POST("/api/external/webhooks/{id}/test", path);
  t.equal(tested.response.status, 202);
  const eventId = tested.data!.eventId;
  const event = await prisma.webhookEvent.findUniqueOrThrow({ where: { id: eventId } });
  t.match(event, { organizationId: org.organizationId, type: "webhook.test", payload: { webhookId: webhook.id } });
  const deliveries = await client.GET("/api/external/webhooks/{id}/deliveries", path);
  t.equal(deliveries.response.status, 200);
  t.equal(deliveries.data!.rows.length, 1);
  t.match(deliveries.data!.rows[0], { eventId, type: "webhook.test", status: /^(pending|failed)$/, attempts: Number, createdAt: /Z$/ });

  t.equal((await client.DELETE("/api/external/webhooks/{id}", path)).response.status, 204);
  t.equal(await prisma.webhookEndpoint.count({ where: { id: webhook.id } }), 0);
  t.equal(await prisma.webhookDelivery.count({ where: { endpointId: webhook.id } }), 0, "its deliveries go with it");
  t.equal((await client.DELETE("/api/external/webhooks/{id}", path)).response.status, 404);
});

t.test("URL rules without WEBHOOK_ALLOW_PRIVATE_NETWORKS: https to public addresses only", async (t) => {
  const strict = await startService(t);
  const register = (url: string) =>
    strict.call(strict.org.privateKey, { method: "POST", url: "/api/external/webhooks", payload: { url, events: ["feedback.created"] } });
  const refused: [string, string][] = [
    ["http://93.184.216.34/hook", "the URL must use https"],
    ["https://127.0.0.1/hook", "the host resolves to a loopback address (127.0.0.1)"],
    ["https://localhost/hook", "the host resolves to a loopback address"],
    ["https://10.1.2.3/hook", "the host resolves to a private address (10.1.2.3)"],
    ["https://172.16.0.1/hook", "the host resolves to a private address (172.16.0.1)"],
    ["https://192.168.1.1/hook", "the host resolves to a private address (192.168.1.1)"],
    ["https://100.64.0.1/hook", "the host resolves to a private address (100.64.0.1)"],
    ["https://169.254.1.1/hook", "the host resolves to a link-local address (169.254.1.1)"],
    ["https://[fe80::1]/hook", "the host resolves to a link-local address (fe80::1)"],
    ["https://[fc00::1]/hook", "the host resolves to a unique-local address (fc00::1)"],
    ["https://0.0.0.0/hook", "the host resolves to an unspecified address (0.0.0.0)"],
    ["https://[::]/hook", "the host resolves to an unspecified address (::)"],
    ["https://224.0.0.1/hook", "the host resolves to a multicast address (224.0.0.1)"],
    ["https://[::ffff:10.0.0.1]/hook", "the host resolves to a private address (::ffff:a00:1)"],
    // IPv6 forms that embed an IPv4 address are what it is: IPv4-compatible, IPv4-translated, NAT64, 6to4.
    ["https://[::127.0.0.1]/hook", "the host resolves to a loopback address (::7f00:1, which embeds 127.0.0.1)"],
    ["https://[::a00:1]/hook", "the host resolves to a private address (::a00:1, which embeds 10.0.0.1)"],
    ["https://[::ffff:0:10.0.0.1]/hook", "the host resolves to a private address (::ffff:0:a00:1, which embeds 10.0.0.1)"],
    ["https://[64:ff9b::7f00:1]/hook", "the host resolves to a loopback address (64:ff9b::7f00:1, which embeds 127.0.0.1)"],
    ["https://[64:ff9b::c0a8:101]/hook", "the host resolves to a private address (64:ff9b::c0a8:101, which embeds 192.168.1.1)"],
    ["https://[2002:7f00:1::]/hook", "the host resolves to a loopback address (2002:7f00:1::, which embeds 127.0.0.1)"],
    ["https://[2002:a00:1::1]/hook", "the host resolves to a private address (2002:a00:1::1, which embeds 10.0.0.1)"],
    ["https://[64:ff9b:1::5db8:d822]/hook", "the host resolves to a local-use NAT64 address (64:ff9b:1::5db8:d822)"],
    ["https://[2001:0:4136:e378:8000:63bf:a2ff:2bdd]/hook", "the host resolves to a Teredo address (2001:0:4136:e378:8000:63bf:a2ff:2bdd)"],
    ["https://[fec0::1]/hook", "the host resolves to a site-local address (fec0::1)"],
    ["https://198.18.0.1/hook", "the host resolves to a benchmarking address (198.18.0.1)"],
    ["https://198.19.255.254/hook", "the host resolves to a benchmarking address (198.19.255.254)"],
    ["https://[2001:2::1]/hook", "the host resolves to a benchmarking address (2001:2::1)"],
    ["https://192.0.0.8/hook", "the host resolves to a reserved address (192.0.0.8)"],
    ["https://240.0.0.1/hook", "the host resolves to a reserved address (240.0.0.1)"],
    ["https://255.255.255.255/hook", "the host resolves to a broadcast address (255.255.255.255)"],
    ["https://192.0.2.1/hook", "the host resolves to a documentation address (192.0.2.1)"],
    ["https://198.51.100.1/hook", "the host resolves to a documentation address (198.51.100.1)"],
    ["https://203.0.113.1/hook", "the host resolves to a documentation address (203.0.113.1)"],
    ["https://[2001:db8::1]/hook", "the host resolves to a documentation address (2001:db8::1)"],
    ["https://[100::1]/hook", "the host resolves to a discard-only address (100::1)"],
    ["https://[4000::1]/hook", "the host resolves to a reserved address (4000::1)"],
    ["https://2130706433/hook", "the host resolves to a loopback address (127.0.0.1)"],
    ["https://169.254.169.254/latest/meta-data", "the host resolves to a cloud metadata address (169.254.169.254)"],
    ["https://[fd00:ec2::254]/", "the host resolves to a cloud metadata address (fd00:ec2::254)"],
    ["https://user:pw@93.184.216.34/hook", "the URL must not carry credentials"],
    ["https://no-such-host.invalid/hook", "the host no-such-host.invalid cannot be resolved"],
  ];
  for (const [url, reason] of refused) {
    const answer = await register(url);
    t.equal(answer.statusCode, 400, url);
    t.match(answer.json().error, `Invalid field 'url': ${reason}`, url);
  }
  t.equal(await strict.database.prisma.webhookEndpoint.count({ where: { organizationId: strict.org.organizationId } }), 0);
  for (const url of [
    "https://93.184.216.34/hook",
    "https://[2606:4700::1]/hook",
    "https://[::ffff:93.184.216.34]/hook",
    "https://[64:ff9b::93.184.216.34]/hook",
    "https://[2002:5db8:d822::1]/hook",
  ]) {
    const accepted = await register(url);
    t.equal(accepted.statusCode, 201, `a public address is accepted: ${url}`);
  }
});

t.test("metadata addresses are refused even with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true", async (t) => {
  for (const url of [
    "http://169.254.169.254/latest/meta-data",
    "https://[fd00:ec2::254]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::169.254.169.254]/",
    "http://[::ffff:0:169.254.169.254]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[64:ff9b:1::a9fe:a9fe]/",
    "http://[64:ff9b:1:a9fe:a9:fe00::]/",
    "http://[2002:a9fe:a9fe::]/",
    "http://[2001:0:4136:e378:8000:63bf:5601:5601]/",
  ]) {
    const answer = await create({ url, events: ["feedback.created"] });
    t.equal(answer.statusCode, 400, url);
    t.match(answer.json().error, /^Invalid field 'url': the host resolves to a cloud metadata address/, url);
  }
  for (const url of ["http://10.0.0.7/hook", "http://[::127.0.0.1]/hook", "http://[64:ff9b::7f00:1]/hook", "http://[2002:7f00:1::]/hook", "http://[fec0::1]/hook", "http://198.18.0.1/hook"]) {
    t.equal((await create({ url, events: ["feedback.created"] })).statusCode, 201, `private addresses are allowed: ${url}`);
  }
});
