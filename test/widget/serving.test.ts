import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import Fastify from "fastify";
import t from "tap";
import { CONSOLE_CSP } from "../../src/console/console.ts";
import { UNVERSIONED_CACHE, VERSIONED_CACHE, widgetBuildFolder, widgetRoutes } from "../../src/widget/widget.ts";
import { startService } from "../helpers/app.ts";

const BUDGET_BYTES = 10 * 1024;
const ANOTHER_ORIGIN = "https://shop.example";

const versionedUrl = async () => `/widget/${(await readdir(widgetBuildFolder)).find((name) => /^feedback\.[0-9a-f]+\.js$/.test(name))}`;

t.test("the widget script: any origin may load it, a short cache on the plain URL, for good on the hashed one", async (t) => {
  const { app } = await startService(t);
  const versioned = await versionedUrl();
  t.match(versioned, /^\/widget\/feedback\.[0-9a-f]{12}\.js$/);
  for (const [url, cacheControl] of [
    ["/widget/feedback.js", UNVERSIONED_CACHE],
    [versioned, VERSIONED_CACHE],
  ] as const) {
    const answer = await app.inject({ method: "GET", url, headers: { origin: ANOTHER_ORIGIN } });
    t.equal(answer.statusCode, 200, url);
    t.equal(answer.headers["cache-control"], cacheControl, url);
    t.equal(answer.headers["access-control-allow-origin"], "*", "a module script is fetched in CORS mode");
    t.equal(answer.headers["cross-origin-resource-policy"], "cross-origin", "pages isolated with COEP may embed it");
    t.equal(answer.headers["x-content-type-options"], "nosniff");
    t.equal(answer.headers["content-type"], "text/javascript; charset=utf-8");
    t.notOk(answer.headers["access-control-allow-credentials"], "no credentials");
    t.match(answer.body, /customElements\.define\("feedback-buttons"/);
    const gzipped = gzipSync(answer.rawPayload, { level: 9 }).length;
    t.ok(gzipped < BUDGET_BYTES, `${gzipped} bytes gzipped, under ${BUDGET_BYTES}`);
    const head = await app.inject({ method: "HEAD", url });
    t.equal(head.statusCode, 200);
    t.equal(head.headers["cache-control"], cacheControl);
  }
  t.equal(UNVERSIONED_CACHE, "public, max-age=300");
  t.equal(VERSIONED_CACHE, "public, max-age=31536000, immutable");
  const same = await Promise.all(["/widget/feedback.js", versioned].map(async (url) => (await app.inject({ method: "GET", url })).body));
  t.equal(same[0], same[1], "both URLs serve the same build");

  const etag = (await app.inject({ method: "GET", url: "/widget/feedback.js" })).headers.etag;
  t.equal(etag, `"${versioned.split(".")[1]}"`, "the build's hash is the ETag");
  const revalidated = await app.inject({ method: "GET", url: "/widget/feedback.js", headers: { "if-none-match": String(etag) } });
  t.equal(revalidated.statusCode, 304, "after five minutes an unchanged script costs no body");
  t.equal(revalidated.body, "");
  t.equal(revalidated.headers["cache-control"], UNVERSIONED_CACHE);
  t.equal((await app.inject({ method: "GET", url: "/widget/feedback.js", headers: { "if-none-match": '"0123456789ab"' } })).statusCode, 200, "another build's ETag gets the script");

  for (const url of ["/widget/feedback.0123456789ab.js", "/widget/feedback", "/widget/other.js"]) {
    const answer = await app.inject({ method: "GET", url });
    t.equal(answer.statusCode, 404, url);
    t.same(answer.json(), { error: `Route not found: GET ${url}` });
  }
  const preflight = await app.inject({ method: "OPTIONS", url: "/widget/feedback.js", headers: { origin: ANOTHER_ORIGIN, "access-control-request-method": "GET" } });
  t.equal(preflight.statusCode, 404, "a simple GET needs no preflight, and none is answered");
});

t.test("the demo page: with the console only, under the console's CSP, no inline script or style", async (t) => {
  const { app } = await startService(t);
  const page = await app.inject({ method: "GET", url: "/widget/demo" });
  t.equal(page.statusCode, 200);
  t.match(page.headers["content-type"], /^text\/html/);
  t.equal(page.headers["content-security-policy"], CONSOLE_CSP);
  t.notMatch(page.body, /<script(?![^>]*\ssrc=)[^>]*>|<style|\sstyle=/, "no inline script or style");
  const assets = [...page.body.matchAll(/(?:src|href)="(\/widget\/[^"]+)"/g)].map((match) => match[1]!);
  t.same(assets.sort(), ["/widget/demo.css", "/widget/demo.js", "/widget/feedback.js"]);
  for (const asset of assets) t.equal((await app.inject({ method: "GET", url: asset })).statusCode, 200, asset);
  t.match((await app.inject({ method: "GET", url: "/widget/demo.css" })).headers["content-type"], /^text\/css/);

  const { app: withoutConsole } = await startService(t, { console: false });
  for (const url of ["/widget/demo", "/widget/demo.js", "/widget/demo.css"]) {
    const answer = await withoutConsole.inject({ method: "GET", url });
    t.equal(answer.statusCode, 404, url);
    t.same(answer.json(), { error: `Route not found: GET ${url}` });
  }
  t.equal((await withoutConsole.inject({ method: "GET", url: "/widget/feedback.js" })).statusCode, 200, "the widget itself is served without the console");
});

t.test("an unbuilt widget answers 503 saying how to build it", async (t) => {
  const empty = await mkdtemp(`${tmpdir()}/widget-`);
  const bare = Fastify();
  await bare.register(widgetRoutes, { folder: `${empty}/`, demo: true });
  t.teardown(() => bare.close());
  const answer = await bare.inject({ method: "GET", url: "/widget/feedback.js" });
  t.equal(answer.statusCode, 503);
  t.same(answer.json(), { error: "The widget is not built: run npm run build:widget" });
});
