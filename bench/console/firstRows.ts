// Time from opening a console view (signed in, empty browser cache) to its first rows on screen,
// in Debian's chromium, against a running service:
//   BASE=http://127.0.0.1:3000 KEY=sk_… npm run bench:console
//   VIEW='/console/threads?search=invoice' RUNS=5 BASE=… KEY=… npm run bench:console
//   VIEW=/console/trends SELECTOR='figure svg' BASE=… KEY=… npm run bench:console
import { chromium } from "playwright-core";

const base = process.env.BASE ?? "http://127.0.0.1:3000";
const key = process.env.KEY;
const view = process.env.VIEW ?? "/console/threads";
const runs = Number(process.env.RUNS ?? 7);
/** What "the first rows" are: a table row by default, e.g. `figure svg` for the charts or `.message` for a thread. */
const selector = process.env.SELECTOR ?? "table.rows tbody tr";
if (!key) {
  process.stderr.write("KEY (a private key of the service) is required\n");
  process.exit(2);
}

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const timings: number[] = [];
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext();
  await context.addInitScript((signedIn) => sessionStorage.setItem("console.apiKey", signedIn), key);
  const page = await context.newPage();
  await page.goto(`${base}${view}`, { waitUntil: "commit" });
  await page.waitForSelector(selector, { timeout: 60_000 });
  timings.push(await page.evaluate(() => performance.now()));
  await context.close();
}
await browser.close();

const sorted = [...timings].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
process.stdout.write(`${view}: ${selector} after ${median.toFixed(0)} ms (median of ${runs}; min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}), from navigation start, empty cache\n`);
