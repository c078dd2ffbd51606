import t from "tap";
import { BackgroundQueue } from "../../src/memory/backgroundQueue.ts";
import { sleep } from "../helpers/wait.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

function queueWith(concurrency: number, maxPending: number) {
  const errors: string[] = [];
  const dropped: string[] = [];
  const queue = new BackgroundQueue({ concurrency, maxPending }, (error, key) => errors.push(`${key}: ${(error as Error).message}`), (key) => dropped.push(key));
  return { queue, errors, dropped };
}

t.test("one run per key at a time; a job pushed meanwhile replaces the waiting one", async (t) => {
  const { queue } = queueWith(4, 100);
  const ran: string[] = [];
  const first = deferred();
  queue.push("a", async () => {
    ran.push("a1");
    await first.promise;
  });
  queue.push("a", async () => void ran.push("a2"));
  queue.push("a", async () => void ran.push("a3"));
  queue.push("b", async () => void ran.push("b1"));
  await new Promise((resolve) => setImmediate(resolve));
  t.same(ran, ["a1", "b1"], "a waits for its running job, b does not");
  first.resolve();
  await queue.settled();
  t.same(ran, ["a1", "b1", "a3"], "only the latest waiting job of a runs");
});

t.test("at most `concurrency` jobs run at once", async (t) => {
  const { queue } = queueWith(2, 100);
  let running = 0;
  let peak = 0;
  for (let i = 0; i < 10; i++) {
    queue.push(`k${i}`, async () => {
      peak = Math.max(peak, ++running);
      await sleep(5);
      running--;
    });
  }
  await queue.settled();
  t.equal(peak, 2);
});

t.test("beyond maxPending the oldest waiting job is dropped and reported", async (t) => {
  const { queue, dropped } = queueWith(1, 2);
  const gate = deferred();
  const ran: string[] = [];
  queue.push("running", () => gate.promise);
  for (const key of ["w1", "w2", "w3"]) queue.push(key, async () => void ran.push(key));
  t.same(dropped, ["w1"]);
  gate.resolve();
  await queue.settled();
  t.same(ran, ["w2", "w3"]);
});

t.test("a failing job is reported and does not stop the others", async (t) => {
  const { queue, errors } = queueWith(1, 10);
  const ran: string[] = [];
  queue.push("bad", async () => {
    throw new Error("boom");
  });
  queue.push("good", async () => void ran.push("good"));
  await queue.settled();
  t.same(errors, ["bad: boom"]);
  t.same(ran, ["good"]);
});

t.test("close aborts running jobs, drops waiting ones, refuses new ones, and reports no error", async (t) => {
  const { queue, errors } = queueWith(1, 10);
  const ran: string[] = [];
  queue.push("slow", (signal) => new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))));
  queue.push("waiting", async () => void ran.push("waiting"));
  await queue.close();
  queue.push("late", async () => void ran.push("late"));
  await queue.settled();
  t.same(ran, []);
  t.same(errors, []);
});
