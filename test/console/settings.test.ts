import t from "tap";
import { startService } from "../helpers/app.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { eventually } from "../helpers/wait.ts";
import { launchChromium, seriousAccessibilityViolations, settled, skipWithoutChromium, watchedPage } from "./browser.ts";

t.test("Settings: add, test and remove a webhook (secret shown once), see its deliveries; add and remove an alert", { skip: skipWithoutChromium }, async (t) => {
  const service = await startService(t, { webhooks: { allowPrivateNetworks: true }, background: { alertIntervalSeconds: 3600, worker: { pollMs: 50 } } });
  const { prisma } = service.database;
  const receiver = await startReceiver(t);
  const origin = await service.app.listen({ port: 0, host: "127.0.0.1" });
  const browser = await launchChromium(t);
  const { page, incidents } = await watchedPage(browser, origin, { permissions: ["clipboard-read", "clipboard-write"] });

  await page.goto(`${origin}/console`);
  await settled(page, async () => {
    await page.fill("#api-key", service.org.privateKey);
    await page.press("#api-key", "Enter");
  }, "/api/external/threads");
  await settled(page, () => page.getByRole("link", { name: "Settings" }).click(), "/api/external/alerts");
  t.equal(new URL(page.url()).pathname, "/console/settings");

  await page.getByLabel("URL").fill(receiver.url);
  await page.getByLabel("user.deleted").check();
  await page.getByLabel("Description").fill("support");
  await settled(page, () => page.getByRole("button", { name: "Add webhook" }).click(), "/api/external/webhooks");
  const secret = await page.getByTestId("secret").textContent();
  const stored = await prisma.webhookEndpoint.findFirstOrThrow({ where: { organizationId: service.org.organizationId } });
  t.equal(secret, stored.secret, "the secret is shown once, as stored");
  t.same(stored.events, ["feedback.created", "user.deleted"]);
  await page.getByRole("button", { name: "Copy" }).click();
  t.equal(await page.evaluate(() => navigator.clipboard.readText()), stored.secret, "Copy puts it on the clipboard");
  await page.getByRole("button", { name: "Done" }).click();
  t.equal(await page.getByTestId("secret").count(), 0, "and it is gone once dismissed");

  await page.getByRole("button", { name: "Send a test event" }).click();
  await eventually(() => receiver.received.length === 1);
  await page.getByRole("button", { name: "Deliveries" }).click();
  await page.getByRole("cell", { name: "webhook.test" }).waitFor();
  await eventually(async () => {
    await page.getByRole("button", { name: "Deliveries" }).click();
    await page.getByRole("button", { name: "Deliveries" }).click();
    return (await page.locator("table.deliveries tbody tr td:nth-child(2)").first().textContent({ timeout: 1000 }).catch(() => "")) === "delivered";
  });
  t.same(await seriousAccessibilityViolations(page), [], "settings: no serious or critical axe violation");
  t.match(await page.locator("table.deliveries tbody tr td:nth-child(6)").first().textContent(), /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/, "times in UTC, as in every view");

  await page.getByLabel("Name").fill("Below 70 %");
  await page.getByLabel("Positive rate below (%)").fill("70");
  await page.getByLabel("Window (minutes)").fill("120");
  await settled(page, () => page.getByRole("button", { name: "Add alert" }).click(), "/api/external/alerts");
  await page.getByRole("cell", { name: "Below 70 %", exact: true }).waitFor();
  await page.setViewportSize({ width: 375, height: 800 });
  t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), "at 375 px nothing runs off the screen: the tables are cards");
  await page.setViewportSize({ width: 1280, height: 800 });
  t.match(await prisma.alert.findFirstOrThrow({ where: { organizationId: service.org.organizationId } }), { name: "Below 70 %", positiveRateBelow: 0.7, windowMinutes: 120, minCount: 30, state: "ok" });

  await page.locator("table.alerts").getByRole("button", { name: "Remove" }).click();
  await settled(page, () => page.getByRole("button", { name: "Confirm removal of the alert Below 70 %" }).click(), "/api/external/alerts");
  await eventually(async () => (await prisma.alert.count({ where: { organizationId: service.org.organizationId } })) === 0);
  await page.locator("ul.webhooks").getByRole("button", { name: "Remove" }).click();
  await settled(page, () => page.getByRole("button", { name: /^Confirm removal of the webhook/ }).click(), "/api/external/webhooks");
  await eventually(async () => (await prisma.webhookEndpoint.count({ where: { organizationId: service.org.organizationId } })) === 0);
  t.same([incidents.dialogs, incidents.errors, incidents.offOrigin], [[], [], []], "no dialog, page error or off-origin request");
});
