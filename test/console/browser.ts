import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import type { Teardown } from "../helpers/transport.ts";

export const CHROMIUM = "/usr/bin/chromium";
export const skipWithoutChromium = existsSync(CHROMIUM) ? false : `needs Debian's chromium at ${CHROMIUM} (apt-get install chromium)`;

export async function launchChromium(t: Teardown): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  t.teardown(() => browser.close());
  return browser;
}

/** What a page did that it never should: dialogs, requests off its origin, script errors, CSP violations. */
export interface PageIncidents {
  dialogs: string[];
  offOrigin: string[];
  errors: string[];
  /** Every URL the page requested, to look for keys in them. */
  requested: string[];
}

export async function watchedPage(browser: Browser, origin: string, options: BrowserContextOptions = {}): Promise<{ page: Page; incidents: PageIncidents }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const incidents: PageIncidents = { dialogs: [], offOrigin: [], errors: [], requested: [] };
  page.on("dialog", (dialog) => {
    incidents.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => incidents.errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 40[134]/.test(message.text())) incidents.errors.push(message.text());
  });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    incidents.requested.push(url);
    if (url.startsWith(origin)) return route.continue();
    incidents.offOrigin.push(url);
    return route.abort();
  });
  return { page, incidents };
}

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations of these impacts on the page as it is now (rule id and the elements). */
export async function accessibilityViolations(page: Page, impacts: readonly string[] = ["minor", "moderate", "serious", "critical"]): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(await axeSource);
  return page.evaluate(async (impacts) => {
    const { violations } = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
    return violations.filter((violation) => impacts.includes(violation.impact)).map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  }, impacts);
}

/** axe-core's serious and critical violations on the page as it is now. */
export const seriousAccessibilityViolations = (page: Page): Promise<string[]> => accessibilityViolations(page, ["serious", "critical"]);

/** Waits until the view has asked the API and shown its answer (the section is no longer busy). */
export async function settled(page: Page, action: () => Promise<unknown>, path = "/api/external/"): Promise<void> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(path));
  await action();
  await answered;
  await page.waitForSelector('main section[aria-busy="false"]');
}
