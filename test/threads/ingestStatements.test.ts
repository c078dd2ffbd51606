// Create Thread's round trips inside its transaction (issue 26): the writes, the segments, intents
// and what the memory reads, then the summary with the answer; a statement more only for what is rare
// (a new segment type or segment, a fact kept).
import t from "tap";
import type { components } from "../../client/src/index.ts";
import type { Driver } from "../../src/db/driver.ts";
import { startService, uniqueId } from "../helpers/app.ts";

const service = await startService(t);
const { org, api, database } = service;

/** The names of the statements each transaction of the driver sends, in order. */
function recordStatements(driver: Driver): string[][] {
  const transactions: string[][] = [];
  const transaction = driver.transaction.bind(driver);
  driver.transaction = (work) => {
    const sent: string[] = [];
    transactions.push(sent);
    return transaction((tx) =>
      work({
        ...tx,
        rows: (statement, params) => {
          sent.push(statement.name);
          return tx.rows(statement, params);
        },
      }),
    );
  };
  return transactions;
}

const transactions = recordStatements(database.driver);

async function statementsOf(body: components["schemas"]["CreateThreadRequest"]) {
  transactions.length = 0;
  const { response, data } = await api(org.privateKey).POST("/api/external/threads", { body });
  return { status: response.status, thread: data!, statements: transactions.flat() };
}

// No fact in these words (the built-in extractor finds none), so that no fact statement is sent.
const messages = [
  { role: "user" as const, content: "Hello there.", externalId: "m1" },
  { role: "assistant" as const, content: "Hi, how can I help?", externalId: "m2" },
];

t.test("a thread with segments, intents and messages: three statements, and the caps counted when it creates a segment or an intent", async (t) => {
  const externalId = uniqueId("thread");
  const externalUser = { externalId: uniqueId("user"), segments: { plan: uniqueId("plan") } };
  const first = await statementsOf({ externalId, externalUser, intents: ["billing"], messages });
  t.equal(first.status, 201);
  t.same(
    first.statements,
    ["create_thread", "ingest_details", "organization_segment_counts", "lock_organization_count", "intent_count", "finish_ingest"],
    "a new segment and a new intent: their caps counted",
  );
  t.same(first.thread.intents.map((intent) => intent.name), ["billing"]);
  t.equal(first.thread.externalUser.segments.length, 1);

  const again = await statementsOf({ externalId, externalUser, intents: ["billing"], messages: [...messages, { role: "user", content: "Thanks.", externalId: "m3" }] });
  t.equal(again.status, 200);
  t.same(again.statements, ["create_thread", "ingest_details", "finish_ingest"]);
  t.equal(again.thread.messageCount, 3);
  const [stored] = await database.prisma.$queryRaw<{ summaryMessageId: number }[]>`SELECT "summaryMessageId" FROM "Thread" WHERE "id" = ${again.thread.id}`;
  t.equal(stored!.summaryMessageId, again.thread.messages.at(-1)!.id, "the summary covers the added message");
});

t.test("a retry that adds nothing, without segments or intents: the writes and the answer", async (t) => {
  const externalId = uniqueId("thread");
  const externalUser = { externalId: uniqueId("user") };
  await statementsOf({ externalId, externalUser, messages });
  const retry = await statementsOf({ externalId, externalUser, messages });
  t.equal(retry.status, 200);
  t.same(retry.statements, ["create_thread", "finish_ingest"]);
});

t.test("facts: where they fall read for all at once, again for those after a write to their subject", async (t) => {
  const externalUser = { externalId: uniqueId("user") };
  const said = await statementsOf({
    externalUser,
    messages: [
      { role: "user", content: "I live in Paris." },
      { role: "user", content: "I live in Paris." },
    ],
  });
  t.equal(said.status, 201);
  t.same(said.statements, ["create_thread", "ingest_details", "facts_neighbours", "insert_fact", "facts_neighbours", "webhook_record_facts_event", "finish_ingest"]);
  const facts = await api(org.privateKey).GET("/api/external/memory/facts", { params: { query: { userExternalId: externalUser.externalId } } });
  t.equal(facts.data!.facts.length, 1, "said twice, kept once");
});
