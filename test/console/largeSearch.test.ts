// The console on a search matching more than 10,000 rows: "10,000+", and pages go on while they are full.
import type { Page } from "playwright-core";
import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";
import { seedManyThreads, seedManyVotes } from "../helpers/manyRows.ts";
import { launchChromium, settled, skipWithoutChromium, watchedPage } from "./browser.ts";

/** What the pager says: the range, the count, the page, and the links it offers. */
const pager = async (page: Page) => {
  const nav = page.locator("nav.pager");
  return {
    range: await nav.getByTestId("range").textContent(),
    count: await nav.getByTestId("count").textContent(),
    text: (await nav.locator("p.count").textContent())!.replace(/\s+/g, " ").trim(),
    page: await nav.locator("> span").textContent(),
    links: await nav.getByRole("link").allTextContents(),
  };
};

t.test("the console on a search matching more than 10,000 threads and feedback", { skip: skipWithoutChromium }, async (t) => {
  const service = await startService(t);
  const marker = uniqueId("Many").replaceAll("-", "");
  const thread = await feedbackFixtures(service).thread({ messages: 1 });
  await seedManyThreads(service, marker, thread.userId);
  await seedManyVotes(service, marker, thread.id, thread.userId);
  const origin = await service.app.listen({ port: 0, host: "127.0.0.1" });
  const browser = await launchChromium(t);
  const { page, incidents } = await watchedPage(browser, origin);
  await page.goto(`${origin}/console`);
  await settled(page, async () => {
    await page.fill("#api-key", service.org.privateKey);
    await page.press("#api-key", "Enter");
  }, "/api/external/threads");

  await t.test("threads: 10,000+ threads, no last page, a next page while pages are full", async (t) => {
    await settled(page, () => page.goto(`${origin}/console/threads?search=${marker}`), "/api/external/threads");
    t.same(await pager(page), { range: "1–25", count: "10,000+", text: "1–25 of 10,000+ threads", page: "Page 1", links: ["Next page →"] });
    await settled(page, () => page.goto(`${origin}/console/threads?search=${marker}&page=401`), "/api/external/threads");
    t.same(await pager(page), { range: "10001–10001", count: "10,000+", text: "10001–10001 of 10,000+ threads", page: "Page 401", links: ["← Previous page"] }, "the last match, and no next page");
    await settled(page, () => page.goto(`${origin}/console/threads?search=${marker}-in-`), "/api/external/threads");
    t.same(await pager(page), { range: "1–25", count: "10000", text: "1–25 of 10000 threads", page: "Page 1 of 400", links: ["Next page →"] }, "exactly 10,000: an exact count");
  });

  await t.test("feedback: 10,000+ feedback", async (t) => {
    await settled(page, () => page.goto(`${origin}/console/feedback?search=${marker}`), "/api/external/feedback");
    t.same(await pager(page), { range: "1–25", count: "10,000+", text: "1–25 of 10,000+ feedback", page: "Page 1", links: ["Next page →"] });
  });

  t.same(incidents.errors, [], "no script error");
});
