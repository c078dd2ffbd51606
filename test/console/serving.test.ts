import t from "tap";
import { readConfig } from "../../src/config.ts";
import { CONSOLE_CSP } from "../../src/console/console.ts";
import { startService } from "../helpers/app.ts";

t.test("/console serves the page and its assets from this package, under a strict CSP", async (t) => {
  const { app } = await startService(t);
  for (const url of ["/console", "/console/threads?projectId=1&page=2", "/console/threads/17", "/console/feedback", "/console/trends?groupBy=week", "/console/users/ada%40example.com"]) {
    const page = await app.inject({ method: "GET", url });
    t.equal(page.statusCode, 200, url);
    t.match(page.headers["content-type"], /^text\/html/);
    t.equal(page.headers["content-security-policy"], CONSOLE_CSP);
    t.equal(page.headers["cache-control"], "no-cache");
  }
  t.match(CONSOLE_CSP, /script-src 'self'(;|$)/);
  t.notMatch(CONSOLE_CSP, /unsafe|\*|https?:/, "no inline script or style, no other origin");

  const html = (await app.inject({ method: "GET", url: "/console" })).body;
  t.notMatch(html, /<script>|<script(?![^>]*\ssrc=)[^>]*>/, "no inline script");
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
  t.ok(assets.length >= 3, "a script, a style sheet and an icon");
  for (const asset of assets) {
    t.match(asset, /^\/console\/assets\//, `${asset} comes from this service`);
    const answer = await app.inject({ method: "GET", url: asset });
    t.equal(answer.statusCode, 200, asset);
    t.match(answer.headers["cache-control"], /immutable/, "hashed names are cached for good");
    t.equal(answer.headers["content-security-policy"], CONSOLE_CSP);
  }
  const script = await app.inject({ method: "GET", url: assets.find((asset) => asset.endsWith(".js"))! });
  t.match(script.headers["content-type"], /javascript/);

  const root = await app.inject({ method: "GET", url: "/" });
  t.equal(root.statusCode, 302, "GET / sends a browser to the console");
  t.equal(root.headers.location, "/console");

  const unknown = await app.inject({ method: "GET", url: "/console/nothing-here" });
  t.equal(unknown.statusCode, 404);
  t.same(unknown.json(), { error: "Route not found: GET /console/nothing-here" });
  t.equal((await app.inject({ method: "GET", url: "/console/assets/missing.js" })).statusCode, 404);
});

t.test("CONSOLE_ENABLED=false turns the console off: 404 on every path", async (t) => {
  t.equal(readConfig({ CONSOLE_ENABLED: "false" }).consoleEnabled, false);
  t.equal(readConfig({ CONSOLE_ENABLED: "0" }).consoleEnabled, false);
  t.equal(readConfig({}).consoleEnabled, true);
  const { app } = await startService(t, { console: false });
  for (const url of ["/", "/console", "/console/threads", "/console/assets/favicon.svg"]) {
    const answer = await app.inject({ method: "GET", url });
    t.equal(answer.statusCode, 404, url);
    t.same(answer.json(), { error: `Route not found: GET ${url}` });
  }
});
