import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, Request } from "playwright-core";
import t from "tap";
import { startService } from "../helpers/app.ts";
import { launchChromium, seriousAccessibilityViolations, settled, skipWithoutChromium, watchedPage } from "./browser.ts";
import { HOSTILE_MESSAGES, seedConsoleData } from "./seed.ts";

/** UPDATE_CONSOLE_SCREENSHOTS=1 writes the README's screenshots (docs/console/); otherwise they go to a temporary folder. */
const screenshotFolder = process.env.UPDATE_CONSOLE_SCREENSHOTS ? join(import.meta.dirname, "../../docs/console") : await mkdtemp(join(tmpdir(), "console-"));

const rowCount = (page: Page, table: string) => page.locator(`[data-testid="${table}"] tbody tr`).count();
const shownCount = async (page: Page) => Number(await page.locator('[data-testid="count"]').textContent());

t.test("the console in a browser, on seeded data", { skip: skipWithoutChromium }, async (t) => {
  const service = await startService(t);
  const data = await seedConsoleData(service);
  const api = service.api(service.org.privateKey);
  const origin = await service.app.listen({ port: 0, host: "127.0.0.1" });
  const browser = await launchChromium(t);
  const { page, incidents } = await watchedPage(browser, origin);
  await mkdir(screenshotFolder, { recursive: true });

  await t.test("a wrong key shows the API's 401 and a public key is refused", async (t) => {
    await page.goto(`${origin}/console`);
    await page.fill("#api-key", "sk_not-a-key");
    await page.press("#api-key", "Enter");
    t.match(await page.locator("[role=alert]").textContent(), "Unauthorized - Invalid or missing API key");
    await page.fill("#api-key", service.org.publicKey);
    await page.click("button[type=submit]");
    t.match(await page.locator("[role=alert]").textContent(), /public key/);
    t.same(await seriousAccessibilityViolations(page), [], "sign-in: no serious or critical axe violation");
    await page.screenshot({ path: join(screenshotFolder, "sign-in.png") });
  });

  await t.test("signing in keeps the key in this tab's sessionStorage only", async (t) => {
    await settled(page, async () => {
      await page.fill("#api-key", service.org.privateKey);
      await page.press("#api-key", "Enter");
    }, "/api/external/threads");
    t.equal(new URL(page.url()).pathname, "/console/threads");
    t.same(await page.evaluate(() => [localStorage.length, document.cookie]), [0, ""], "nothing in localStorage or cookies");
    t.equal(await page.evaluate(() => sessionStorage.getItem("console.apiKey")), service.org.privateKey);
  });

  await t.test("Threads shows the listing's rows and count; filters and pages live in the URL", async (t) => {
    const { data: all } = await api.GET("/api/external/threads", { params: { query: { pageSize: 25 } } });
    t.equal(await shownCount(page), all!.count);
    t.equal(all!.count, data.threadCount);
    t.equal(await rowCount(page, "threads"), 25);
    t.same(await page.locator('[data-testid="threads"] tbody tr').evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.threadId))), all!.rows.map((thread) => thread.id), "rows in the API's order");
    t.equal(await page.locator(`[data-thread-id="${data.long.thread.id}"] td.message-count`).textContent(), String(data.long.contents.length), "the message column counts all of a thread's messages, not the 100 its row carries");
    t.same(await seriousAccessibilityViolations(page), [], "threads: no serious or critical axe violation");
    await page.screenshot({ path: join(screenshotFolder, "threads.png"), fullPage: true });

    await settled(page, () => page.getByRole("link", { name: "Next page" }).click());
    t.equal(new URL(page.url()).searchParams.get("page"), "2");
    t.equal(await rowCount(page, "threads"), data.threadCount - 25);

    await settled(page, () => page.getByLabel("Project").selectOption({ label: "sales" }));
    const url = new URL(page.url());
    t.equal(url.searchParams.get("projectId"), String(data.salesProjectId));
    t.equal(url.searchParams.get("page"), null, "a new filter starts at the first page");
    t.equal(await rowCount(page, "threads"), 3);
    t.equal(await shownCount(page), 3);

    await settled(page, () => page.getByLabel("Project").selectOption(""));
    await settled(page, async () => {
      await page.getByLabel("Search messages").fill(data.rareWord);
      await page.getByLabel("Search messages").press("Enter");
    }, "/api/external/threads");
    t.equal(new URL(page.url()).searchParams.get("search"), data.rareWord);
    t.equal(await rowCount(page, "threads"), 1);

    await settled(page, () => page.reload(), "/api/external/threads");
    t.equal(await page.getByLabel("Search messages").inputValue(), data.rareWord, "reloading restores the filter");
    t.equal(await rowCount(page, "threads"), 1, "and its rows");
    t.equal(await page.locator('[data-testid="threads"] tbody tr').getAttribute("data-thread-id"), String(data.ordered.id));
    t.equal(await page.locator('[data-testid="threads"] td.excerpt mark').textContent(), data.rareWord, "the search match is highlighted in the excerpt");
    t.equal(await page.locator('[data-testid="threads"] td.excerpt').textContent(), `How do I pay from ${data.rareWord}?`, "the excerpt is plain text, not markdown");
    const { data: votes } = await api.GET("/api/external/feedback", { params: { query: { threadIds: [data.ordered.id] } } });
    const up = votes!.rows.filter((feedback) => feedback.feedbackType === "POSITIVE").length;
    const votesCell = page.locator('[data-testid="threads"] tbody tr td.votes');
    t.same([await votesCell.getAttribute("data-up"), await votesCell.getAttribute("data-down")], [String(up), String(votes!.count - up)], "the row's up and down votes");
    t.same([up, votes!.count], [1, 3]);
  });

  await t.test("A thread shows its messages in order, rendered by type", async (t) => {
    await settled(page, () => page.getByRole("link", { name: "ordered" }).click(), "/api/external/");
    t.equal(new URL(page.url()).pathname, `/console/threads/${data.ordered.id}`);
    const shown = await page.locator("[data-message-id]").evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.messageId)));
    t.same(shown, data.ordered.messages.map((message) => message.id), "every message, in arrival order");
    t.match(await page.locator("#message-m2 .markdown strong").textContent(), data.rareWord, "markdown rendered");
    t.equal(await page.locator("#message-m3 pre code").textContent(), "pay --now\n", "code block preformatted");
    t.equal(await page.locator("#message-m3 a").getAttribute("rel"), "noopener noreferrer");
    t.same(JSON.parse((await page.locator("#message-m4 pre.json").textContent())!), { invoice: 42, paid: false }, "json pretty-printed");
    t.match(await page.locator(".details").textContent(), /plan: pro/);
    t.match(await page.locator(".details").textContent(), /Metadata.*channel/s, "metadata shown when the thread has some");
    const summary = page.locator('[data-testid="memory"]');
    t.match(await summary.textContent(), new RegExp(data.rareWord, "i"), "the thread's own summary (the user's only thread)");
    t.equal(await summary.evaluate((element) => getComputedStyle(element).whiteSpace), "pre-line", "with its line breaks");
    t.equal(await page.locator(".details dt", { hasText: "Summary" }).count(), 1);
    for (const message of data.ordered.messages) {
      const shownFeedback = await page.locator(`#message-${message.externalId} [data-feedback-id]`).evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.feedbackId)));
      t.same(shownFeedback.sort(), (data.orderedFeedback[message.externalId!] ?? []).sort(), `the feedback on ${message.externalId}`);
    }
    t.match(await page.locator("#message-m3 .feedback").textContent(), /Negative.*Too terse.*reason: wrong/);
    t.same(await seriousAccessibilityViolations(page), [], "thread: no serious or critical axe violation");
    await page.screenshot({ path: join(screenshotFolder, "thread.png"), fullPage: true });

    await settled(page, () => page.reload(), "/api/external/threads");
    t.equal(await page.locator("[data-message-id]").count(), data.ordered.messages.length, "reloading restores the thread");
  });

  await t.test("a malformed hash (issue 25 item 10) leaves the thread readable; no empty metadata box", async (t) => {
    const chat = (await api.GET("/api/external/threads", { params: { query: { search: "number 7", pageSize: 1 } } })).data!.rows[0]!;
    await settled(page, () => page.goto(`${origin}/console/threads/${chat.id}#%E0%A4%A`), `/api/external/threads/${chat.id}/messages`);
    await page.waitForSelector('main section[aria-busy="false"]');
    t.equal(await page.locator("[data-message-id]").count(), 2, "the messages show");
    t.equal(await page.locator(".message.targeted").count(), 0, "and none is targeted");
    t.equal(await page.locator(".details dt", { hasText: "Metadata" }).count(), 0, "a thread without metadata shows no metadata box");
    t.match(await page.locator('[data-testid="memory"]').textContent(), /From the user's latest thread/, "another thread's summary says whose it is");
  });

  await t.test("a user's page lists their threads and latest memory, linked from the thread", async (t) => {
    await settled(page, () => page.goto(`${origin}/console/threads/${data.ordered.id}`), "/api/external/memory");
    await settled(page, () => page.locator(".details").getByRole("link", { name: "Ada" }).click(), "/api/external/");
    await page.waitForSelector('main section[aria-busy="false"]');
    t.equal(new URL(page.url()).pathname, "/console/users/user-ordered");
    t.equal(await page.locator("h1").textContent(), "Ada");
    t.same(await page.locator('[data-testid="user-threads"] li').evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.threadId))), [data.ordered.id]);
    t.match(await page.locator('[data-testid="user-memory"]').textContent(), new RegExp(data.rareWord, "i"));
    t.same(await seriousAccessibilityViolations(page), [], "user: no serious or critical axe violation");
    await page.screenshot({ path: join(screenshotFolder, "user.png"), fullPage: true });
  });

  await t.test("a user's page shows their current facts, each linked to the message that stated it, with what it replaced", async (t) => {
    const ingest = (externalId: string, messageId: string, content: string, createdAt: string) =>
      api.POST("/api/external/threads", {
        body: { externalId, externalUser: { externalId: "user-facts" }, messages: [{ externalId: messageId, role: "user", content, createdAt }] },
      });
    t.equal((await ingest("facts-before", "f1", "I live in Paris.", "2026-01-05T10:00:00Z")).response.status, 201);
    const moved = await ingest("facts-after", "f2", "We moved to Lyon last month.", "2026-03-05T10:00:00Z");
    t.equal(moved.response.status, 201);
    await settled(page, () => page.goto(`${origin}/console/users/user-facts`), "/api/external/memory/facts");
    const current = page.locator('[data-testid="user-facts"] > li');
    t.equal(await current.count(), 1, "one current fact: the move replaced the old city");
    t.match(await current.first().textContent(), /home city: .*Lyon/);
    t.equal(await current.first().getByRole("link", { name: "source message" }).getAttribute("href"), `/console/threads/${moved.data!.id}#message-f2`);
    await current.first().locator("summary").click();
    t.match(await current.first().locator("details li").textContent(), /Paris/, "what it replaced, under Earlier");
    t.same(await seriousAccessibilityViolations(page), [], "user facts: no serious or critical axe violation");

    await settled(page, () => page.goto(`${origin}/console/users/nobody-at-all`), "/api/external/memory/facts");
    t.equal(await page.getByRole("alert").textContent(), "No such user: the service knows no user with this external id.", "an unknown user is said to be unknown");
    t.equal(await page.getByText("No facts yet.").count(), 0, "not shown as a user without facts");
  });

  await t.test("GET / in a browser lands on the console", async (t) => {
    await page.goto(`${origin}/`);
    await page.waitForURL(/\/console\/threads$/);
    t.equal(new URL(page.url()).pathname, "/console/threads");
  });

  await t.test("A thread longer than one page of messages shows all of them, in order", async (t) => {
    t.equal(data.long.thread.messages.length, 100, "the Thread object carries only the latest 100");
    const messagesPath = `/api/external/threads/${data.long.thread.id}/messages`;
    const pages: string[] = [];
    const recordPage = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === messagesPath) pages.push(url.searchParams.get("pageIndex")!);
    };
    page.on("request", recordPage);
    await settled(page, () => page.goto(`${origin}/console/threads/${data.long.thread.id}`), messagesPath);
    page.off("request", recordPage);
    t.same(pages, ["0", "1"], "two pages of the messages operation");
    const shown = await page.locator("[data-message-id] .markdown").allTextContents();
    t.same(shown.map((text) => text.trim()), data.long.contents, "every message, in arrival order");
    t.match(await page.locator("#messages-title").textContent(), `(${data.long.contents.length})`);
  });

  await t.test("Feedback shows the listing's rows and count, filters in the URL, each row linking to its message", async (t) => {
    await settled(page, () => page.getByRole("link", { name: "Feedback" }).click(), "/api/external/feedback");
    t.equal(new URL(page.url()).pathname, "/console/feedback");
    const { data: all } = await api.GET("/api/external/feedback", { params: { query: { pageSize: 25 } } });
    t.equal(all!.count, data.feedbackCount);
    t.equal(await shownCount(page), all!.count);
    t.same(await page.locator('[data-testid="feedback"] tbody tr').evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.feedbackId))), all!.rows.map((feedback) => feedback.id), "rows in the API's order");
    t.match(await page.locator('[data-testid="feedback"]').textContent(), "<script>window.__consoleXss='feedback'</script>", "feedback text shows as text");
    t.same(await seriousAccessibilityViolations(page), [], "feedback: no serious or critical axe violation");
    await page.screenshot({ path: join(screenshotFolder, "feedback.png"), fullPage: true });

    await settled(page, () => page.getByLabel("Vote").selectOption("NEGATIVE"));
    t.equal(new URL(page.url()).searchParams.get("feedbackType"), "NEGATIVE");
    t.equal(await shownCount(page), data.negativeCount);
    t.equal(await rowCount(page, "feedback"), data.negativeCount);
    await settled(page, () => page.reload(), "/api/external/feedback");
    t.equal(await page.getByLabel("Vote").inputValue(), "NEGATIVE", "reloading restores the filter");
    t.equal(await rowCount(page, "feedback"), data.negativeCount, "and its rows");

    const onM3 = page.locator(`[data-feedback-id="${data.orderedFeedback.m3![0]}"] a`);
    await settled(page, () => onM3.click(), "/api/external/");
    t.equal(new URL(page.url()).pathname, `/console/threads/${data.ordered.id}`);
    t.equal(new URL(page.url()).hash, "#message-m3");
    t.equal(await page.locator(".message.targeted").getAttribute("id"), "message-m3", "the row's message is the one pointed at");
  });

  await t.test("Trends draws one point or bar per group of the stats operation", async (t) => {
    await settled(page, () => page.getByRole("link", { name: "Trends" }).click(), "/api/external/feedback/stats");
    await page.waitForSelector('main section[aria-busy="false"]');
    const stats = async (groupBy: "day" | "week" | "attributeOption" | "intent" | "segment" | "project") =>
      (await api.GET("/api/external/feedback/stats", { params: { query: { groupBy } } })).data!.groups.length;
    const marks = (figure: string, mark: string, element: string) => page.locator(`[data-testid="${figure}"] g.${mark} ${element}`).count();
    const weeks = await stats("week");
    t.ok(weeks >= 5, "the seeded feedback spans several weeks");
    t.equal(await marks("rate-over-time", "rate", "circle"), weeks, "a point per week");
    t.equal(await marks("volume-over-time", "votes", "rect"), weeks, "a bar per week");
    for (const groupBy of ["attributeOption", "intent", "segment", "project"] as const) {
      const groups = await stats(groupBy);
      t.ok(groups > 0, `there are ${groupBy} groups`);
      t.equal(await marks(`rate-by-${groupBy}`, "rate", "rect"), groups, `a bar per ${groupBy}`);
      t.equal(await marks(`rate-by-${groupBy}`, "interval", "line"), groups, `an interval per ${groupBy}`);
    }
    t.match(await page.locator('[data-testid="total"]').textContent(), `${data.feedbackCount} votes`);
    t.match(await page.locator('[data-testid="headline"]').textContent(), /^Positive rate \d+ % \(\d+–\d+ %\) over \d+ votes? from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(UTC\); (up from|down from|the same as) \d+ % \(\d+–\d+ %\) over \d+ votes? the 7 days before\.$/, "a plain-words headline comparing to the previous 7 days");
    for (const figure of ["rate-by-intent", "rate-by-attributeOption"]) {
      const labels = await page.locator(`[data-testid="${figure}"] tbody th`).allTextContents();
      t.equal(new Set(labels).size, labels.length, `${figure}: every label is unique`);
    }
    t.ok((await page.locator('[data-testid="rate-by-intent"] tbody th').allTextContents()).includes("billing (sales)"), "a repeated intent name carries its project");
    t.ok((await page.locator('[data-testid="rate-by-attributeOption"] tbody th').allTextContents()).includes("reason: helpful (sales)"), "so does a repeated option");
    const fontSizes = await page.locator(".chart svg text").evaluateAll((texts) => texts.map((text) => parseFloat(getComputedStyle(text).fontSize)));
    t.ok(fontSizes.length > 0 && fontSizes.every((size) => size >= 12), "chart text is at least 12 px");
    t.ok((await page.locator('[data-testid="volume-over-time"] g[aria-label="x-axis tick"] line, [data-testid="volume-over-time"] g[aria-label="x-axis tick"] path').count()) <= 10, "a sensible number of ticks");
    t.ok((await page.locator('[data-testid="rate-over-time"] .legend').textContent())!.includes("95 % interval"), "a legend says what the band is");

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await settled(page, () => page.goto(`${origin}/console/trends?from=${yesterday}&to=${yesterday}`), "/api/external/feedback/stats");
    await page.waitForSelector('main section[aria-busy="false"]');
    t.equal(await marks("volume-over-time", "votes", "rect"), 1, "one bucket");
    const [bar, plot] = await Promise.all([page.locator('[data-testid="volume-over-time"] g.votes rect').boundingBox(), page.locator('[data-testid="volume-over-time"] svg').boundingBox()]);
    t.ok(bar!.width < plot!.width / 4, `one bucket is a bar of the bucket's width (${Math.round(bar!.width)} of ${Math.round(plot!.width)} px), not the whole axis`);
    t.equal(await marks("rate-over-time", "interval", "line"), 1, "and its interval an error bar");
    t.match(await page.locator('[data-testid="headline"]').textContent(), `from ${yesterday} to ${yesterday} (UTC)`, "the headline speaks of the chosen range");
    await page.screenshot({ path: join(screenshotFolder, "trends-one-bucket.png"), fullPage: true });
    await settled(page, () => page.goto(`${origin}/console/trends`), "/api/external/feedback/stats");
    await page.waitForSelector('main section[aria-busy="false"]');
    t.same(await seriousAccessibilityViolations(page), [], "trends: no serious or critical axe violation");
    await page.screenshot({ path: join(screenshotFolder, "trends.png"), fullPage: true });

    await settled(page, () => page.getByLabel("Over time by").selectOption("day"), "/api/external/feedback/stats");
    await page.waitForSelector('main section[aria-busy="false"]');
    t.equal(new URL(page.url()).searchParams.get("interval"), "day");
    const days = await stats("day");
    t.equal(await marks("rate-over-time", "rate", "circle"), days, "a point per day");
    await settled(page, () => page.reload(), "/api/external/feedback/stats");
    await page.waitForSelector('main section[aria-busy="false"]');
    t.equal(await page.getByLabel("Over time by").inputValue(), "day", "reloading restores the interval");
    t.equal(await marks("volume-over-time", "votes", "rect"), days, "and its chart");
  });

  await t.test("filters work like filters: chips by keyboard, typed text applied after a pause, UTC days, clear all", async (t) => {
    await settled(page, () => page.goto(`${origin}/console/threads`), "/api/external/threads");
    const intents = page.getByRole("combobox", { name: "Intents" });
    await intents.focus();
    await intents.pressSequentially("password");
    const narrowed = await page.getByRole("listbox", { name: "Intents" }).getByRole("option").allTextContents();
    t.ok(narrowed.length > 0 && narrowed.every((label) => label.startsWith("password-reset")), `typing narrows the options (${narrowed.join(", ")})`);
    await settled(page, () => intents.press("Enter"), "/api/external/threads");
    const chosen = new URL(page.url()).searchParams.get("intentIds");
    t.match(chosen, /^\d+$/, "Enter adds the option; the URL holds it");
    const { data: ofIntent } = await api.GET("/api/external/threads", { params: { query: { intentIds: [Number(chosen)] } } });
    t.equal(await shownCount(page), ofIntent!.count, "the threads of that intent");
    t.ok(await page.getByRole("button", { name: /^Remove password-reset/ }).isVisible(), "the choice shows as a chip");
    await settled(page, () => intents.press("Backspace"), "/api/external/threads");
    t.equal(new URL(page.url()).searchParams.get("intentIds"), null, "Backspace removes the last chip");
    await intents.press("ArrowDown");
    const listbox = page.getByRole("listbox", { name: "Intents" });
    t.equal(await listbox.getByRole("option", { selected: true }).textContent(), await listbox.getByRole("option").nth(1).textContent(), "the arrows move through the options");

    await settled(page, () => page.getByLabel("Search messages").fill(data.rareWord), "/api/external/threads");
    t.equal(new URL(page.url()).searchParams.get("search"), data.rareWord, "typed text applies after a pause, without Enter or Apply");
    t.equal(await page.getByRole("button", { name: "Apply" }).count(), 0, "there is no Apply button");
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await settled(page, async () => {
      await page.getByLabel("From (UTC day)").fill(yesterday);
      await page.getByLabel("From (UTC day)").press("Tab");
    }, "/api/external/threads");
    t.equal(new URL(page.url()).searchParams.get("from"), yesterday, "a day typed as YYYY-MM-DD (UTC)");
    t.match(await page.locator(".date-range legend").textContent(), "UTC");
    await settled(page, () => page.getByRole("button", { name: "Clear all" }).click(), "/api/external/threads");
    t.equal(new URL(page.url()).search, "", "Clear all empties the URL");
    const { data: all } = await api.GET("/api/external/threads", {});
    t.equal(await shownCount(page), all!.count, "every thread again");
    t.equal(await page.getByLabel("Search messages").inputValue(), "", "and the fields");
    t.same(await seriousAccessibilityViolations(page), [], "filters: no serious or critical axe violation");
  });

  await t.test("hostile messages render as harmless text", async (t) => {
    for (const bypassCSP of [false, true]) {
      const watched = bypassCSP ? await watchedPage(browser, origin, { bypassCSP }) : { page, incidents };
      if (bypassCSP) {
        await watched.page.goto(`${origin}/console`);
        await watched.page.evaluate((key) => sessionStorage.setItem("console.apiKey", key), service.org.privateKey);
      }
      await settled(watched.page, () => watched.page.goto(`${origin}/console/threads/${data.hostile.id}`), "/api/external/threads");
      await watched.page.waitForTimeout(300);
      const label = bypassCSP ? "without the CSP" : "with the CSP";
      t.same(watched.incidents.dialogs, [], `no dialog ${label}`);
      t.same(watched.incidents.offOrigin, [], `no request off the origin ${label}`);
      t.notOk(watched.incidents.requested.some((url) => /\/x$|xss-script|tracker/.test(url)), `no request for the hostile URLs ${label}`);
      t.equal(await watched.page.evaluate(() => (window as { __consoleXss?: string }).__consoleXss), undefined, `no script ran ${label}`);
      t.equal(await watched.page.locator("main script, main img, main svg[onload], main [onerror]").count(), 0, `no script, image or handler in the page ${label}`);
      const hrefs = await watched.page.locator(".messages a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      t.same(hrefs, ["mailto:ada@example.com"], `only the mailto link kept its href ${label}`);
      const text = await watched.page.locator(".messages").textContent();
      t.match(text, "<script>window.__consoleXss", `the script tag shows as text ${label}`);
      t.match(text, "<img src=x onerror=", `the img tag shows as text ${label}`);
      t.match(await watched.page.locator(".details").textContent(), '<img src=x onerror="alert(4)">', `the user's name shows as text ${label}`);
    }
    t.equal(HOSTILE_MESSAGES.length, data.hostile.messages.length);
  });

  await t.test("the views work from the keyboard", async (t) => {
    await settled(page, () => page.goto(`${origin}/console/threads`), "/api/external/threads");
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute("id") || "");
    const tabTo = async (text: string) => {
      for (let presses = 0; presses < 40 && (await focused()) !== text; presses++) await page.keyboard.press("Tab");
      return focused();
    };
    t.equal(await tabTo("Feedback"), "Feedback", "the navigation is reachable with Tab");
    await settled(page, () => page.keyboard.press("Enter"), "/api/external/feedback");
    t.equal(new URL(page.url()).pathname, "/console/feedback");
    await page.getByLabel("Vote").focus();
    await settled(page, () => page.keyboard.press("ArrowDown"), "/api/external/feedback");
    t.equal(new URL(page.url()).searchParams.get("feedbackType"), "POSITIVE", "a select changes the view from the keyboard");
  });

  await t.test("at phone width and in the dark theme every view fits the screen and stays axe-clean", async (t) => {
    for (const colorScheme of ["dark", "light"] as const) {
      const phone = await watchedPage(browser, origin, { viewport: { width: 375, height: 800 }, colorScheme });
      await phone.page.goto(`${origin}/console`);
      await phone.page.evaluate((key) => sessionStorage.setItem("console.apiKey", key), service.org.privateKey);
      const views = { threads: "/console/threads", thread: `/console/threads/${data.ordered.id}`, user: "/console/users/user-ordered", feedback: "/console/feedback", trends: "/console/trends" };
      for (const [name, path] of Object.entries(views)) {
        await settled(phone.page, () => phone.page.goto(`${origin}${path}`), "/api/external/");
        await phone.page.waitForSelector('main section[aria-busy="false"]');
        t.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= 375), `${name} (${colorScheme}): nothing runs off the screen`);
        t.ok(await phone.page.getByRole("button", { name: "Sign out" }).isVisible(), `${name} (${colorScheme}): Sign out is on screen`);
        t.same(await seriousAccessibilityViolations(phone.page), [], `${name} (${colorScheme}): no serious or critical axe violation`);
        await phone.page.screenshot({ path: join(screenshotFolder, `${name}-phone-${colorScheme}.png`), fullPage: true });
      }
      t.same(phone.incidents.errors, [], `no script error (${colorScheme})`);
      await phone.page.context().close();
    }
    const dark = await watchedPage(browser, origin, { colorScheme: "dark" });
    await dark.page.goto(`${origin}/console`);
    await dark.page.evaluate((key) => sessionStorage.setItem("console.apiKey", key), service.org.privateKey);
    t.equal(await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(18, 20, 23)", "the dark theme follows the system");
    for (const [name, path] of Object.entries({ threads: "/console/threads", thread: `/console/threads/${data.ordered.id}`, user: "/console/users/user-ordered", feedback: "/console/feedback", trends: "/console/trends" })) {
      await settled(dark.page, () => dark.page.goto(`${origin}${path}`), "/api/external/");
      await dark.page.waitForSelector('main section[aria-busy="false"]');
      t.same(await seriousAccessibilityViolations(dark.page), [], `${name} (dark, desktop): no serious or critical axe violation`);
      await dark.page.screenshot({ path: join(screenshotFolder, `${name}-dark.png`), fullPage: true });
    }
    await dark.page.context().close();
  });

  await t.test("signing out forgets the key", async (t) => {
    await page.getByRole("button", { name: "Sign out" }).click();
    t.equal(await page.evaluate(() => sessionStorage.length), 0);
    await page.waitForSelector("#api-key");
  });

  t.test("no URL, log or storage held the key; nothing went wrong on the page", async (t) => {
    t.notOk(incidents.requested.some((url) => url.includes(service.org.privateKey)), "the key was in no URL");
    t.same(incidents.offOrigin, [], "every request stayed on the origin");
    t.same(incidents.dialogs, []);
    t.same(incidents.errors, [], "no script error or CSP violation");
    t.end();
  });
});
