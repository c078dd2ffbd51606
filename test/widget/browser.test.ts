import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import t from "tap";
import { mintToken as mintStoredToken } from "../../src/tokens/tokens.ts";
import { startService, uniqueId, type TestService } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";
import { accessibilityViolations, launchChromium, skipWithoutChromium } from "../console/browser.ts";
import { feedbackButtons, hostPage, startHostSite } from "./host.ts";

/** UPDATE_WIDGET_SCREENSHOTS=1 writes docs/images/widget-*.png; otherwise they go to a temporary folder. */
const screenshotFolder = process.env.UPDATE_WIDGET_SCREENSHOTS ? join(import.meta.dirname, "../../docs/images") : await mkdtemp(join(tmpdir(), "widget-"));

const REASONS = { reasons: "reason", "reason-options": "too long|wrong|outdated", "reason-labels": "Too long|Wrong|Out of date" };

/** A page of its own browser context, recording script errors and CSP violations (the console reports both). */
async function hostTab(browser: Browser, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 760, height: 560 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // Refused votes (4xx) are logged by the browser as failed loads: the widget shows them, they are not errors.
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  return { page, errors };
}

/** The answer of the widget's POST, after `action`. */
async function voted(page: Page, action: () => Promise<unknown>) {
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/external/feedback") && response.request().method() === "POST");
  await action();
  const response = await answer;
  return { status: response.status(), body: (await response.json()) as { error?: string } };
}

const pressed = (widget: Locator) => widget.locator("button.vote").evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-pressed")));

async function storedVotes({ api, org }: TestService, threadId: number, user: string) {
  const { data } = await api(org.privateKey).GET("/api/external/feedback", { params: { query: { threadIds: [threadId], externalUserIds: [user] } } });
  return data!.rows.map((row) => ({ id: row.id, type: row.feedbackType, text: row.feedbackText, message: row.message.externalId, options: row.attributeOptions.map((option) => `${option.attribute.name}=${option.name}`) }));
}

t.test("the widget on a page of another origin, under a CSP that allows only the service's script and calls", { skip: skipWithoutChromium }, async (t) => {
  const service = await startService(t);
  const fixtures = feedbackFixtures(service);
  const thread = await fixtures.thread({ messages: 3 });
  await fixtures.attribute("reason", ["too long", "wrong", "outdated"]);
  const origin = await service.app.listen({ port: 0, host: "127.0.0.1" });
  const host = await startHostSite(t, origin);
  const browser = await launchChromium(t);
  await mkdir(screenshotFolder, { recursive: true });
  const publicKey = { endpoint: origin, "public-key": service.org.publicKey, thread: thread.externalId };
  const [voter, detailer] = [uniqueId("voter"), uniqueId("detailer")];

  const url = host.page(
    "/article",
    hostPage(origin, [
      { heading: "Vote", widget: feedbackButtons({ ...publicKey, user: voter, message: "m2", id: "vote" }) },
      { heading: "Reason and comment", widget: feedbackButtons({ ...publicKey, user: detailer, ...REASONS, comment: "", id: "details" }) },
      { heading: "Unknown thread", widget: feedbackButtons({ ...publicKey, user: voter, thread: "no-such-thread", id: "unknown" }) },
    ]),
  );
  const { page, errors } = await hostTab(browser);
  await page.goto(url);
  t.not(new URL(url).origin, origin, "the page and the service are two origins");

  await t.test("a thumb is a button with a name; the vote is stored and the thanks said", async (t) => {
    const widget = page.locator("#vote");
    t.same(await pressed(widget), ["false", "false"]);
    const answer = await voted(page, () => widget.getByRole("button", { name: "Helpful", exact: true }).click());
    t.equal(answer.status, 201);
    t.equal(await widget.getByRole("status").textContent(), "Thank you for your feedback!");
    t.same(await pressed(widget), ["true", "false"], "aria-pressed marks the chosen vote");
    t.match(await storedVotes(service, thread.id, voter), [{ type: "POSITIVE", text: null, message: "m2", options: [] }]);

    // A public key never replaces a vote (decisions.md, round three): the widget shows the API's words.
    const again = await voted(page, () => widget.getByRole("button", { name: "Not helpful" }).click());
    t.equal(again.status, 409);
    t.equal(again.body.error, "Conflict - this giver has already voted; a feedback token can change a vote");
    t.equal(await widget.getByRole("alert").textContent(), again.body.error);
    t.match(await storedVotes(service, thread.id, voter), [{ type: "POSITIVE" }], "the first vote stands, alone");
    t.equal((await storedVotes(service, thread.id, voter)).length, 1);
  });

  await t.test("keyboard only: a thumb, a reason, a comment, Send; all arrive in one vote", async (t) => {
    const widget = page.locator("#details");
    await widget.getByRole("button", { name: "Helpful", exact: true }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    t.same(await pressed(widget), ["false", "true"]);
    t.equal(await widget.getByRole("radio", { name: "Too long" }).evaluate((radio) => radio.matches(":focus")), true, "the first reason takes the focus");
    await page.keyboard.press("ArrowDown");
    t.ok(await widget.getByRole("radio", { name: "Wrong" }).isChecked());
    await page.keyboard.press("Tab");
    await page.keyboard.type("It gave last year's prices");
    await page.keyboard.press("Tab");
    const answer = await voted(page, () => page.keyboard.press("Enter"));
    t.equal(answer.status, 201);
    t.equal(await widget.getByRole("status").textContent(), "Thank you for your feedback!");
    t.equal(await widget.locator("form").isHidden(), true, "the form closes");
    t.equal(await widget.getByRole("button", { name: "Not helpful" }).evaluate((button) => button.matches(":focus")), true, "the focus returns to the vote");
    t.same(await storedVotes(service, thread.id, detailer), [
      { id: (await storedVotes(service, thread.id, detailer))[0]!.id, type: "NEGATIVE", text: "It gave last year's prices", message: "m3", options: ["reason=wrong"] },
    ], "without `message`: the thread's last message");
  });

  await t.test("a refused vote shows the API's error in words", async (t) => {
    const widget = page.locator("#unknown");
    const answer = await voted(page, () => widget.getByRole("button", { name: "Helpful", exact: true }).click());
    t.same(answer, { status: 404, body: { error: "Thread not found" } });
    t.equal(await widget.getByRole("alert").textContent(), "Thread not found");
    t.equal(await widget.getByRole("status").textContent(), "");
  });

  await t.test("a label changed by the page redraws the element in its words", async (t) => {
    const widget = page.locator("#unknown");
    await widget.evaluate((element) => element.setAttribute("label-up", "Oui"));
    t.equal(await widget.getByRole("button", { name: "Oui" }).getAttribute("aria-pressed"), "false", "a fresh choice");
    t.equal(await widget.getByRole("alert").textContent(), "");
  });

  await t.test("the host themes the element through its custom properties", async (t) => {
    const widget = page.locator("#vote");
    await widget.evaluate((element) => (element as HTMLElement).style.setProperty("--feedback-accent", "rgb(200, 0, 100)"));
    t.equal(await widget.locator('button.vote[aria-pressed="true"]').evaluate((button) => getComputedStyle(button).borderTopColor), "rgb(200, 0, 100)");
  });

  await t.test("axe-core finds no violation; the styles apply under the host's CSP; nothing was refused", async (t) => {
    t.same(await accessibilityViolations(page), []);
    t.equal(await page.locator("#vote .box").evaluate((box) => getComputedStyle(box).borderTopStyle), "solid", "the shadow root's sheet applies");
    t.same(errors, [], "no script error, no CSP violation");
  });
});

/** A feedback token from POST /api/external/feedback-tokens, or null while the service has no such operation. */
async function mintToken({ call, org }: TestService, body: Record<string, unknown>): Promise<string | null> {
  const answer = await call(org.privateKey, { method: "POST", url: "/api/external/feedback-tokens", payload: body });
  if (answer.statusCode === 404 && /^Route not found/.test(answer.json().error)) return null;
  if (answer.statusCode !== 201) throw new Error(`token minting failed: ${answer.statusCode} ${answer.body}`);
  return answer.json().token;
}

t.test("with a feedback token: a re-vote replaces the vote, and a refused token's words are shown", { skip: skipWithoutChromium }, async (t) => {
  const service = await startService(t);
  const fixtures = feedbackFixtures(service);
  const thread = await fixtures.thread({ messages: 3 });
  const reader = uniqueId("reader");
  const scoped = { userExternalId: reader, threadId: thread.id, externalMessageIds: ["m2"] };
  const token = await mintToken(service, scoped);
  await t.test("in Chromium", { skip: token === null && "POST /api/external/feedback-tokens is not on this service yet" }, async (t) => {
    // Minted a minute ago for one second: expired before the page loads, without waiting for it.
    const { token: expired } = await mintStoredToken(service.database, service.org.organizationId, { ...scoped, expiresInSeconds: 1 }, Date.now() - 60_000);
    const origin = await service.app.listen({ port: 0, host: "127.0.0.1" });
    const host = await startHostSite(t, origin);
    const browser = await launchChromium(t);
    const attributes = { endpoint: origin, thread: thread.externalId };
    const url = host.page(
      "/token",
      hostPage(origin, [
        { heading: "Vote", widget: feedbackButtons({ ...attributes, token: token!, message: "m2", id: "vote" }) },
        { heading: "Another message", widget: feedbackButtons({ ...attributes, token: token!, message: "m1", id: "uncovered" }) },
        { heading: "Expired", widget: feedbackButtons({ ...attributes, token: expired, message: "m2", id: "expired" }) },
      ]),
    );
    const { page, errors } = await hostTab(browser);
    await page.goto(url);

    const widget = page.locator("#vote");
    t.equal((await voted(page, () => widget.getByRole("button", { name: "Helpful", exact: true }).click())).status, 201);
    const [first] = await storedVotes(service, thread.id, reader);
    t.match(first, { type: "POSITIVE", message: "m2" }, "the giver is the token's user");
    t.equal((await voted(page, () => widget.getByRole("button", { name: "Not helpful" }).click())).status, 200);
    t.same(await pressed(widget), ["false", "true"]);
    t.equal(await widget.getByRole("status").textContent(), "Thank you for your feedback!");
    t.match(await storedVotes(service, thread.id, reader), [{ id: first!.id, type: "NEGATIVE", message: "m2" }], "the second vote replaced the first");

    await voted(page, () => page.locator("#uncovered").getByRole("button", { name: "Helpful", exact: true }).click());
    t.equal(await page.locator("#uncovered").getByRole("alert").textContent(), "Forbidden - the token does not cover this message");

    await voted(page, () => page.locator("#expired").getByRole("button", { name: "Helpful", exact: true }).click());
    t.equal(await page.locator("#expired").getByRole("alert").textContent(), "Unauthorized - token expired");
    t.same(await pressed(page.locator("#expired")), ["false", "false"], "a refused vote is not shown as chosen");
    const focused = () => page.locator("#expired").evaluate((element) => element.shadowRoot!.activeElement?.getAttribute("aria-label") ?? null);
    t.equal(await focused(), "Helpful", "the focus is back on the thumb");
    await voted(page, () => page.keyboard.press("Enter"));
    t.equal(await page.locator("#expired").getByRole("alert").textContent(), "Unauthorized - token expired", "a keyboard user can try again");
    t.equal((await storedVotes(service, thread.id, reader)).length, 1, "neither refused vote was stored");
    t.same(await accessibilityViolations(page), []);
    t.same(errors, []);
  });
});

t.test("screenshots: light and dark host pages, a right-to-left label set", { skip: skipWithoutChromium }, async (t) => {
  const service = await startService(t);
  const fixtures = feedbackFixtures(service);
  const thread = await fixtures.thread();
  const origin = await service.app.listen({ port: 0, host: "127.0.0.1" });
  const host = await startHostSite(t, origin);
  const browser = await launchChromium(t);
  await mkdir(screenshotFolder, { recursive: true });
  const attributes = { endpoint: origin, "public-key": service.org.publicKey, thread: thread.externalId, user: uniqueId("reader"), ...REASONS, comment: "", id: "widget" };
  const english = host.page("/en", hostPage(origin, [{ heading: "Was it clear?", widget: feedbackButtons(attributes) }]));
  const arabic = host.page(
    "/ar",
    hostPage(
      origin,
      [
        {
          heading: "هل كان واضحا؟",
          widget: feedbackButtons({
            ...attributes,
            "label-question": "هل كانت هذه الإجابة مفيدة؟",
            "label-up": "مفيدة",
            "label-down": "غير مفيدة",
            "label-reasons": "ما السبب؟",
            "reason-labels": "طويلة جدا|خاطئة|قديمة",
            "label-comment": "تعليق (اختياري)",
            "label-send": "إرسال",
          }),
        },
      ],
      { lang: "ar", dir: "rtl", title: "كيف أعيد تعيين كلمة المرور؟", text: "استخدم الرابط في صفحة تسجيل الدخول، ثم اتبع الرسالة التي نرسلها إليك." },
    ),
  );

  const backgrounds: string[] = [];
  for (const [name, url, colorScheme] of [
    ["light", english, "light"],
    ["dark", english, "dark"],
    ["rtl", arabic, "light"],
  ] as const) {
    const { page, errors } = await hostTab(browser, { colorScheme });
    await page.goto(url);
    const widget = page.locator("#widget");
    await widget.locator("button.down").click();
    t.ok(await widget.locator("form").isVisible(), `${name}: the thumb opens the reasons and the comment`);
    backgrounds.push(await widget.locator(".box").evaluate((box) => getComputedStyle(box).backgroundColor));
    if (name === "rtl") {
      t.equal(await widget.locator(".box").evaluate((box) => getComputedStyle(box).direction), "rtl", "the page's direction reaches the shadow root");
      t.equal(await widget.getByRole("button", { name: "غير مفيدة" }).getAttribute("aria-pressed"), "true", "labels from attributes name the buttons");
      t.ok(await widget.getByRole("radio", { name: "خاطئة" }).isVisible());
    }
    t.same(await accessibilityViolations(page), [], `${name}: no axe violation`);
    t.same(errors, [], `${name}: no error`);
    await page.screenshot({ path: join(screenshotFolder, `widget-${name}.png`) });
    await page.context().close();
  }
  t.not(backgrounds[0], backgrounds[1], "prefers-color-scheme: dark gives the dark theme");
});

t.test("the demo page votes with a token minted by the console's key, or says why it cannot", { skip: skipWithoutChromium }, async (t) => {
  const service = await startService(t);
  const fixtures = feedbackFixtures(service);
  const thread = await fixtures.thread({ messages: 2 });
  await fixtures.attribute("reason", ["too long", "wrong"]);
  const origin = await service.app.listen({ port: 0, host: "127.0.0.1" });
  const browser = await launchChromium(t);
  const { page, errors } = await hostTab(browser);
  const notice = page.locator("#demo-status");

  await page.goto(`${origin}/widget/demo`);
  t.match(await notice.textContent(), /^Sign in to the console/, "no key in this tab: the demo asks for the console first");

  await page.evaluate((key) => sessionStorage.setItem("console.apiKey", key), service.org.privateKey);
  const probe = await service.call(service.org.privateKey, { method: "POST", url: "/api/external/feedback-tokens", payload: { userExternalId: "probe", threadId: thread.id } });
  await page.reload();
  if (probe.statusCode === 404) {
    await notice.filter({ hasText: "could not start" }).waitFor();
    t.equal(await notice.textContent(), `The demo could not start: POST /api/external/feedback-tokens: ${probe.json().error}`, "without the token operation: its 404 in words");
  } else {
    const widget = page.locator("feedback-buttons");
    await widget.getByRole("button", { name: "Helpful", exact: true }).click();
    await page.getByRole("radio", { name: "wrong" }).check();
    await mkdir(screenshotFolder, { recursive: true });
    await page.screenshot({ path: join(screenshotFolder, "widget-demo.png") });
    const answer = await voted(page, () => widget.getByRole("button", { name: "Send" }).click());
    t.equal(answer.status, 201);
    t.match(await storedVotes(service, thread.id, "console-demo"), [{ type: "POSITIVE", message: "m2", options: ["reason=wrong"] }], "the token's user, on the thread's last message");
    t.equal(await page.locator("#answer").textContent(), "message 2", "the message voted on, shown as text");
    const appended = await service.call(service.org.privateKey, {
      method: "POST", url: "/api/external/threads",
      payload: { externalId: thread.externalId, externalUser: { externalId: uniqueId("u") }, messages: [{ role: "tool", type: "json", content: "{}", jsonContent: { ok: true } }] },
    });
    t.equal(appended.statusCode, 200);
    await page.reload();
    await page.locator("feedback-buttons").waitFor();
    t.equal(await page.locator("#answer").textContent(), "message 2", "the assistant's answer, not a tool's JSON after it");
  }
  t.same(await accessibilityViolations(page), []);
  t.same(errors, []);
});
