import { once } from "node:events";
import t from "tap";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey, serviceClient, threadWithMessages, type ServiceClient } from "../helpers/serviceClient.ts";
import { eventually } from "../helpers/wait.ts";

const WRITERS = 8;
const MESSAGES = 5;
const ACKNOWLEDGED_BEFORE_KILL = 60;

interface Written {
  acknowledged: string[];
  /** Sent when the process died: stored whole or not at all. */
  unanswered: string[];
}

/** Writes threads one after the other until the service stops answering. */
async function writeUntilDown(client: ServiceClient, writer: number, written: Written): Promise<void> {
  for (let n = 0; ; n++) {
    const externalId = `w${writer}-${n}`;
    try {
      const { status } = await client.send("POST", "/api/external/threads", threadWithMessages(externalId, MESSAGES));
      if (status !== 201) throw new Error(`writing ${externalId} answered ${status}`);
      written.acknowledged.push(externalId);
    } catch (error) {
      if (error instanceof TypeError) return void written.unanswered.push(externalId);
      throw error;
    }
  }
}

interface StoredThread {
  externalId: string;
  messages: { externalId: string; content: string }[];
}

async function allThreads(client: ServiceClient): Promise<StoredThread[]> {
  const threads: StoredThread[] = [];
  for (let pageIndex = 0; ; pageIndex++) {
    const { status, body } = await client.send("GET", `/api/external/threads?pageSize=200&pageIndex=${pageIndex}`);
    if (status !== 200) throw new Error(`listing answered ${status}`);
    threads.push(...body.rows);
    if (body.rows.length < 200) return threads;
  }
}

t.test(`SIGKILL while ${WRITERS} clients write threads: after a restart every acknowledged thread is whole, none half written or doubled`, async (t) => {
  const env = await freshDatabaseEnv(t);
  const first = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => first.child.kill("SIGKILL"));
  const key = printedPrivateKey(first.output());
  const written: Written = { acknowledged: [], unanswered: [] };
  const writers = Array.from({ length: WRITERS }, (_, writer) => writeUntilDown(serviceClient(first.url, key), writer, written));

  await eventually(() => written.acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL, { what: `${ACKNOWLEDGED_BEFORE_KILL} acknowledged writes`, timeoutMs: 60_000 });
  first.child.kill("SIGKILL");
  await once(first.child, "exit");
  await Promise.all(writers);

  const second = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => second.child.kill("SIGKILL"));
  const threads = await allThreads(serviceClient(second.url, key));
  const byId = new Map<string, StoredThread[]>();
  for (const thread of threads) byId.set(thread.externalId, [...(byId.get(thread.externalId) ?? []), thread]);

  const missing = written.acknowledged.filter((id) => !byId.has(id));
  const doubled = [...byId].filter(([, copies]) => copies.length > 1).map(([id]) => id);
  const halfWritten = threads.filter(
    (thread) => thread.messages.map((message) => message.content).join("|") !== threadWithMessages(thread.externalId, MESSAGES).messages.map((message) => message.content).join("|"),
  );
  const unknown = threads.filter((thread) => !written.acknowledged.includes(thread.externalId) && !written.unanswered.includes(thread.externalId));
  const unansweredStored = written.unanswered.filter((id) => byId.has(id)).length;

  t.same(missing, [], "every acknowledged thread is there");
  t.same(doubled, [], "none is stored twice");
  t.same(halfWritten.map((thread) => thread.externalId), [], "every stored thread has all its messages, in order");
  t.same(unknown.map((thread) => thread.externalId), [], "nothing else is stored");
  t.equal(written.unanswered.length, WRITERS, "each writer had one request in flight when the process died");
  t.comment(
    `${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}: ${written.acknowledged.length} acknowledged, ${missing.length} missing; ` +
      `${written.unanswered.length} in flight at the SIGKILL, ${unansweredStored} of them stored whole, none in part`,
  );

  const more = await serviceClient(second.url, key).send("POST", "/api/external/threads", threadWithMessages("after-restart", MESSAGES));
  t.equal(more.status, 201, "the restarted service writes to the same database");
  t.equal(await second.stop(), 0);
});
