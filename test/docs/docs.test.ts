import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import t from "tap";
import { loadSpecification } from "../../src/http/contract.ts";
import { DOCS_CSP } from "../../src/http/docs.ts";
import { startService, uniqueId } from "../helpers/app.ts";

const CHROMIUM = "/usr/bin/chromium";

const skip = existsSync(CHROMIUM) ? false : `needs Debian's chromium at ${CHROMIUM} (apt-get install chromium)`;

t.test("every page and asset of /docs carries the Content-Security-Policy and refuses framing", async (t) => {
  const { app } = await startService(t);
  for (const url of ["/docs", "/docs/", "/docs/static/swagger-ui.css", "/docs/static/swagger-ui-bundle.js", "/docs/static/swagger-initializer.js", "/docs/json"]) {
    const response = await app.inject(url);
    t.ok(response.statusCode < 400, `${url}: ${response.statusCode}`);
    t.equal(response.headers["content-security-policy"], DOCS_CSP, url);
    t.match(response.headers["content-security-policy"], /frame-ancestors 'none'/, url);
    t.equal(response.headers["x-frame-options"], "DENY", url);
  }
});

t.test("/docs lists every operation of openapi.yaml, breaks no rule of its policy and loads nothing from off the machine", { skip }, async (t) => {
  const { app } = await startService(t);
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const operationIds = Object.values(loadSpecification().paths).flatMap((operations) =>
    Object.values(operations).map((operation) => operation.operationId),
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const offMachine: string[] = [];
  await page.route("**/*", (route) => {
    const requested = new URL(route.request().url());
    if (requested.hostname === "127.0.0.1") return route.continue();
    offMachine.push(requested.href);
    return route.abort();
  });

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });

  const docsPage = await page.goto(`${url}/docs`);
  t.equal(docsPage?.headers()["content-security-policy"], DOCS_CSP, "the page was served with the policy");
  await page.waitForSelector(".opblock", { timeout: 30_000 });
  for (const operationId of operationIds) {
    t.equal(await page.locator(`.opblock[id$="-${operationId}"]`).count(), 1, `${operationId} is listed`);
  }

  const folder = await mkdtemp(join(tmpdir(), "docs-screenshot-"));
  t.teardown(() => (process.env.KEEP_DOCS_SCREENSHOT ? undefined : rm(folder, { recursive: true, force: true })));
  const screenshot = join(folder, "docs.png");
  await page.screenshot({ path: screenshot, fullPage: true });
  t.ok((await stat(screenshot)).size > 10_000, "the screenshot shows a rendered page");
  t.comment(`screenshot: ${screenshot}`);

  t.same(offMachine, [], "every request stayed on 127.0.0.1");
  t.same(violations, [], "the browser refused nothing under the policy");

  // setContent waits for the frame's load event; a frame the policy refuses shows Chromium's error page instead.
  await page.setContent(`<iframe src="${url}/docs/"></iframe>`);
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  t.not(frame?.url(), `${url}/docs/`, "another page cannot frame /docs");
  t.equal(await frame?.locator("#swagger-ui").count(), 0, "the frame holds none of it");
});

t.test("the README's and the API guide's sed takes the thread's id from a real listing answer, as PostgreSQL spaces its JSON", async (t) => {
  const { app, org } = await startService(t);
  const user = uniqueId("user-42");
  const created = await app.inject({ method: "POST", url: "/api/external/threads", headers: { "api-key": org.privateKey }, payload: { externalId: uniqueId("t"), externalUser: { externalId: user }, messages: [{ role: "user", content: "hi" }] } });
  const listing = await app.inject({ url: `/api/external/threads?externalUserIds=${user}&pageSize=1`, headers: { "api-key": org.privateKey } });
  for (const file of ["../../README.md", "../../docs/api-guide.md"]) {
    const line = readFileSync(new URL(file, import.meta.url), "utf8").split("\n").find((text) => text.startsWith("THREAD_ID="))!;
    const expression = /sed -E '([^']+)'/.exec(line)![1]!;
    t.equal(execFileSync("sed", ["-E", expression], { input: listing.body, encoding: "utf8" }).trim(), String(created.json().id), file);
  }
});
