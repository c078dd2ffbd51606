import t from "tap";
import { statement } from "../../src/db/statement.ts";
import type { ClaimedDelivery } from "../../src/webhooks/eventSql.ts";
import { recordEvent } from "../../src/webhooks/events.ts";
import type { LocalWorker } from "../../src/webhooks/handoff.ts";
import { startService, uniqueId } from "../helpers/app.ts";

// The deliveries a transaction writes go to the worker it is given, once it commits (src/webhooks/handoff.ts).
const service = await startService(t, { webhooks: { allowPrivateNetworks: true } });
const { prisma, driver } = service.database;
const LEASE_MS = 60_000;

/** A worker that keeps what it is handed. */
function localWorker(running = true) {
  const taken: ClaimedDelivery[] = [];
  const worker: LocalWorker = { running, handOffLeaseMs: LEASE_MS, take: (deliveries) => void taken.push(...deliveries) };
  return { worker, taken };
}

const organization = await service.newOrganization();
const created = await service.call(organization.privateKey, {
  method: "POST",
  url: "/api/external/webhooks",
  payload: { url: "http://127.0.0.1:9/hook", events: ["user.deleted"] },
});
const endpointId = created.json().id as number;
const userDeleted = () => ({ type: "user.deleted" as const, data: { externalId: uniqueId("user") } });
const deliveryOf = (eventId: string) => prisma.webhookDelivery.findFirstOrThrow({ where: { eventId } });

t.test("a committed transaction hands its deliveries to the worker after the commit, leased to it", async (t) => {
  const { worker, taken } = localWorker();
  const before = Date.now();
  await driver.transaction(async (tx) => {
    await recordEvent(tx, organization.organizationId, userDeleted(), worker);
    t.same(taken, [], "nothing handed over before the commit");
  });
  t.equal(taken.length, 1);
  t.match(taken[0], { endpointId, attempts: 1, url: "http://127.0.0.1:9/hook" }, "leased: the attempt counted");
  const stored = await deliveryOf(taken[0]!.eventId);
  t.equal(stored.status, "pending");
  t.ok(stored.nextAttemptAt!.getTime() >= before + LEASE_MS - 1000, "not due for other workers until the lease runs out");
});

t.test("a rolled back transaction hands over nothing", async (t) => {
  const { worker, taken } = localWorker();
  await t.rejects(
    driver.transaction(async (tx) => {
      await recordEvent(tx, organization.organizationId, userDeleted(), worker);
      throw new Error("injected failure");
    }),
    { message: "injected failure" },
  );
  t.same(taken, []);
});

/**
 * The delivery just written, read in the transaction that writes it: once committed, another test file's worker on the
 * same PostgreSQL database may claim it (it is due) and move its next attempt on. `due`: by the database's clock, the
 * column's rounding to milliseconds allowed.
 */
const WRITTEN_DELIVERY = statement<{ organizationId: number }, { attempts: number; due: boolean }>(
  "test_written_delivery",
  `SELECT "attempts", "nextAttemptAt" <= clock_timestamp() + interval '1 millisecond' AS "due"
   FROM "WebhookDelivery" WHERE "organizationId" = :organizationId ORDER BY "id" DESC LIMIT 1`,
);

t.test("without a running worker, the deliveries are due at once for any worker's claim", async (t) => {
  for (const worker of [localWorker(false), undefined]) {
    const written = await driver.transaction(async (tx) => {
      await recordEvent(tx, organization.organizationId, userDeleted(), worker?.worker);
      return (await tx.rows(WRITTEN_DELIVERY, { organizationId: organization.organizationId }))[0];
    });
    t.same(worker?.taken ?? [], []);
    t.same(written, { attempts: 0, due: true }, "due now, no attempt counted: not leased");
  }
});
