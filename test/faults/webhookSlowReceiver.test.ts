import { readFileSync } from "node:fs";
import type http from "node:http";
import t from "tap";
import { startReceiver } from "../helpers/receiver.ts";
import { eventually, sleep } from "../helpers/wait.ts";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient, threadWithMessages } from "../helpers/serviceClient.ts";

// Two bad receivers beside a normal one, for one service process: one accepts and never answers, one
// answers 200 with a 10 MB body dripped at 64 KB every 50 ms (8 s for the whole, within the 10 s attempt
// timeout: a worker that read it all would get it all). The normal endpoint gets every event in time,
// each bad one holds at most its per-endpoint bound of attempts, and the service's memory stays flat.
// Only the HTTP side is under test: the embedded lane runs it (not in .ci/run's PG_FAULTS).
const EVENTS = 250;
const LOAD_MS = 20_000;
/** The worker's bound of attempts in flight per endpoint (src/webhooks/worker.ts). */
const PER_ENDPOINT = 4;
const BODY_BYTES = 10 * 1024 * 1024;
/**
 * What the slow receiver may manage to send before the worker hangs up: the 64 KB the worker reads, and what the sockets'
 * buffers take meanwhile while the service's event loop is busy (up to 768 KB seen on a loaded machine).
 */
const SENT_BOUND_BYTES = 2 * 1024 * 1024;
const DRIP_BYTES = 64 * 1024;
const DRIP_EVERY_MS = 50;
/** Commit to arrival at the normal endpoint: it polls every 250 ms; the rest is a busy machine's slack. */
const DELIVERY_BOUND_MS = 5_000;
/** The RSS around the 8th second of the load is the warmed-up level (code compiled, pools and buffers grown). */
const WARM_UP_SAMPLES = 8;
/**
 * Growth allowed over the warmed-up level: less than the 40 MB that the slow endpoint's 4 attempts in flight
 * would hold if each buffered its 10 MB answer, and well above the rises seen between collections (a few MB).
 */
const RSS_GROWTH_BOUND_MB = 32;
/** An upward trend: the last third of the samples above the middle third by more than this. */
const RSS_TREND_BOUND_MB = 16;

/** A receiver's connections open at once, at most so far. */
function openCounter() {
  let open = 0;
  const counter = {
    most: 0,
    track(response: http.ServerResponse) {
      counter.most = Math.max(counter.most, ++open);
      response.on("close", () => open--);
    },
  };
  return counter;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

t.test("a receiver that hangs and one that answers 10 MB slowly: the normal one keeps flowing, memory stays flat", async (t) => {
  const env: NodeJS.ProcessEnv = { ...(await freshDatabaseEnv(t)), WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" };
  const hangingOpen = openCounter();
  const hanging = await startReceiver(t, () => (_request, response) => hangingOpen.track(response));
  const slowOpen = openCounter();
  /** Bytes written by the slow receiver on each connection before the worker hung up, and how long that took. */
  const slowWritten: number[] = [];
  const slowHeldMs: number[] = [];
  const slow = await startReceiver(t, () => (_request, response) => {
    slowOpen.track(response);
    response.writeHead(200, { "content-type": "application/octet-stream", "content-length": BODY_BYTES });
    const drip = Buffer.alloc(DRIP_BYTES, "x");
    let written = 0;
    const since = Date.now();
    const timer = setInterval(() => {
      if (written >= BODY_BYTES) return response.end();
      if (response.writableNeedDrain) return; // the worker has not taken the last drip yet: like a real server, wait
      response.write(drip);
      written += drip.length;
    }, DRIP_EVERY_MS);
    response.on("close", () => {
      clearInterval(timer);
      slowWritten.push(written);
      slowHeldMs.push(Date.now() - since);
    });
  });
  const normal = await startReceiver(t);

  const service = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => service.child.kill("SIGKILL"));
  const client = serviceClient(service.url, printedPrivateKey(service.output()));
  for (const receiver of [hanging, slow, normal]) {
    t.equal((await client.send("POST", "/api/external/webhooks", { url: receiver.url, events: ["thread.created"] })).status, 201);
  }

  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(rssMb(service.child.pid!)), 1000);
  t.teardown(() => clearInterval(sampler));
  const started = Date.now();
  const statuses: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    statuses.push((await client.send("POST", "/api/external/threads", threadWithMessages(`slow-receiver-${i}`, 1))).status);
    await sleep(started + ((i + 1) * LOAD_MS) / EVENTS - Date.now());
  }
  t.same(new Set(statuses), new Set([201]), `the ${EVENTS} threads created`);
  await eventually(() => normal.received.length >= EVENTS, { what: `the normal endpoint's ${EVENTS} deliveries`, timeoutMs: 30_000 });
  clearInterval(sampler);

  const threads = normal.received.map(({ body }) => (JSON.parse(body) as { data: { externalId: string } }).data.externalId);
  t.equal(new Set(threads).size, EVENTS, "every event reached the normal endpoint");
  const delays = normal.received.map(({ body, at }) => at - Date.parse((JSON.parse(body) as { createdAt: string }).createdAt)).sort((a, b) => a - b);
  const [median, p99, most] = [delays[Math.floor(delays.length / 2)]!, delays[Math.floor(delays.length * 0.99)]!, delays.at(-1)!];
  t.comment(`normal endpoint, commit to arrival: median ${median} ms, p99 ${p99} ms, max ${most} ms`);
  t.ok(most < DELIVERY_BOUND_MS, `each within ${DELIVERY_BOUND_MS} ms of its commit (max ${most} ms)`);

  t.comment(`hanging endpoint: ${hanging.received.length} attempts, at most ${hangingOpen.most} at once`);
  t.ok(hangingOpen.most <= PER_ENDPOINT, `the hanging endpoint held at most ${PER_ENDPOINT} attempts at once (${hangingOpen.most})`);
  const mostWritten = Math.max(...slowWritten);
  t.comment(`slow endpoint: ${slow.received.length} attempts, at most ${slowOpen.most} at once, each hung up on after at most ${(mostWritten / 1024).toFixed(0)} KB of the 10 MB sent and ${Math.max(...slowHeldMs)} ms`);
  t.ok(slowOpen.most <= PER_ENDPOINT, `the slow endpoint held at most ${PER_ENDPOINT} attempts at once (${slowOpen.most})`);
  t.ok(slowWritten.length > 0 && mostWritten < SENT_BOUND_BYTES, `the worker hung up on each answer long before its 10 MB (at most ${mostWritten} bytes sent)`);

  t.comment(`service RSS (MB), one sample a second: ${rss.map((mb) => mb.toFixed(0)).join(" ")}`);
  const warm = mean(rss.slice(WARM_UP_SAMPLES - 2, WARM_UP_SAMPLES + 1));
  const after = rss.slice(WARM_UP_SAMPLES);
  const third = Math.floor(after.length / 3);
  const [middle, last] = [mean(after.slice(third, 2 * third)), mean(after.slice(2 * third))];
  const growth = Math.max(...after) - warm;
  t.comment(`warmed up ${warm.toFixed(0)} MB, then at most ${growth >= 0 ? "+" : ""}${growth.toFixed(1)} MB; middle third ${middle.toFixed(1)} MB, last third ${last.toFixed(1)} MB`);
  t.ok(growth < RSS_GROWTH_BOUND_MB, `RSS grew less than ${RSS_GROWTH_BOUND_MB} MB over the warmed-up level (${growth.toFixed(1)} MB)`);
  t.ok(last - middle < RSS_TREND_BOUND_MB, `no upward trend: the last third within ${RSS_TREND_BOUND_MB} MB of the middle one (${(last - middle).toFixed(1)} MB)`);
});
