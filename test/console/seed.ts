import type { components } from "../../client/src/index.ts";
import { createProject } from "../../src/projects/projects.ts";
import type { TestService } from "../helpers/app.ts";

type Thread = components["schemas"]["Thread"];

/** Message contents that would run, load or navigate if the console rendered them as HTML. */
export const HOSTILE_MESSAGES = [
  "Try <script>window.__consoleXss = 'script'; fetch('/xss-script')</script> now",
  'Look: <img src=x onerror="window.__consoleXss = \'img\'; alert(1)">',
  "Click [here](javascript:alert(document.domain)) or [there](JAVASCRIPT:window.__consoleXss='link') or [mail](mailto:ada@example.com)",
  '<a href="javascript:alert(2)">raw link</a> <svg onload="alert(3)"></svg> ![tracker](https://tracker.example/pixel.png)',
];

export interface ConsoleData {
  salesProjectId: number;
  /** 29 threads in the default project, 3 in "sales". */
  threadCount: number;
  /** A thread of five messages in a known order, of every type. */
  ordered: Thread;
  hostile: Thread;
  /** More messages than a Thread object carries and than one page of the messages operation holds. */
  long: { thread: Thread; contents: string[] };
  /** Only the ordered thread holds this word. */
  rareWord: string;
  /** Feedback on the ordered thread: message externalId -> feedback ids. */
  orderedFeedback: Record<string, number[]>;
  feedbackCount: number;
  negativeCount: number;
}

const DAY_MS = 86_400_000;

/**
 * The data the browser tests look at, through the typed client like any client: two projects,
 * users with segments, intents, feedback with attributes, messages of every type and hostile ones.
 */
export async function seedConsoleData({ api, org, database }: TestService): Promise<ConsoleData> {
  const service = api(org.privateKey);
  const sales = await createProject(database.prisma, org.organizationId, "sales");
  const create = async (body: components["schemas"]["CreateThreadRequest"]) => {
    const { data, response } = await service.POST("/api/external/threads", { body });
    if (!data) throw new Error(`seeding a thread failed: ${response.status}`);
    return data;
  };

  for (let index = 0; index < 30; index++) {
    await create({
      externalId: `chat-${String(index).padStart(2, "0")}`,
      projectId: index < 3 ? sales.id : undefined,
      externalUser: { externalId: `user-${index % 5}`, name: `User ${index % 5}`, segments: { plan: index % 2 ? "pro" : "free" } },
      intents: [index % 3 ? "billing" : "password-reset"],
      messages: [
        { role: "user", content: `Question number ${index}`, externalId: "q", createdAt: new Date(Date.now() - (40 - index) * DAY_MS).toISOString() },
        { role: "assistant", content: `Answer number ${index}`, externalId: "a" },
      ],
    });
  }
  const rareWord = "zanzibar";
  const ordered = await create({
    externalId: "ordered",
    externalUser: { externalId: "user-ordered", name: "Ada", email: "ada@example.com", segments: { plan: "pro", region: "eu" } },
    intents: ["billing"],
    metadata: { channel: "web" },
    messages: [
      { role: "system", content: "You are a helpful assistant.", externalId: "m1", type: "text" },
      { role: "user", content: `How do I pay from **${rareWord}**?`, externalId: "m2" },
      { role: "assistant", content: "Like this:\n\n```sh\npay --now\n```\n\nSee [the docs](https://example.com/pay).", externalId: "m3" },
      { role: "tool", content: '{"invoice":42}', jsonContent: { invoice: 42, paid: false }, externalId: "m4", type: "json" },
      { role: "assistant", content: "Your invoice 42 is unpaid.", externalId: "m5" },
    ],
  });
  const hostile = await create({
    externalId: "hostile",
    externalUser: { externalId: "user-<b>bold</b>", name: '<img src=x onerror="alert(4)">' },
    metadata: { note: "<script>alert(5)</script>" },
    messages: HOSTILE_MESSAGES.map((content, index) => ({ role: index % 2 ? ("assistant" as const) : ("user" as const), content, externalId: `h${index + 1}` })),
  });
  const long = await seedLongThread(create);
  const feedback = await seedFeedback(service, database, org.organizationId, sales.id);
  const vote = async (body: components["schemas"]["FeedbackRequest"]) => {
    const { data, response } = await service.POST("/api/external/feedback", { body });
    if (!data) throw new Error(`seeding feedback failed: ${response.status}`);
    return data.id;
  };
  const orderedFeedback = {
    m3: [await vote({ externalThreadId: "ordered", externalMessageId: "m3", feedbackType: "NEGATIVE", feedbackText: "Too terse", attributes: { reason: "wrong" } })],
    m5: [
      await vote({ externalThreadId: "ordered", externalMessageId: "m5", feedbackType: "POSITIVE", feedbackText: "Spot on", externalUser: { externalId: "reviewer-1", name: "Reviewer" } }),
      await vote({ externalThreadId: "ordered", feedbackType: "NEGATIVE", externalUser: { externalId: "reviewer-2" }, attributes: { reason: "outdated" } }),
    ],
  };
  await vote({ externalThreadId: "hostile", feedbackType: "NEGATIVE", feedbackText: "<script>window.__consoleXss='feedback'</script>" });
  return {
    salesProjectId: sales.id,
    threadCount: 33,
    ordered,
    hostile,
    long,
    rareWord,
    orderedFeedback,
    feedbackCount: feedback.count + 4,
    negativeCount: feedback.negative + 3,
  };
}

/** The messages operation's largest page (1,000) and then some: the Thread view needs two pages. */
const LONG_THREAD_MESSAGES = 1050;

/** A thread created with 1,000 messages (the most one request takes) and appended to. */
async function seedLongThread(create: (body: components["schemas"]["CreateThreadRequest"]) => Promise<Thread>) {
  const contents = Array.from({ length: LONG_THREAD_MESSAGES }, (_, index) => `Long thread message ${index + 1}`);
  const message = (content: string, index: number) => ({ role: index % 2 ? ("assistant" as const) : ("user" as const), content });
  const body = { externalId: "long", externalUser: { externalId: "user-long" } };
  await create({ ...body, messages: contents.slice(0, 1000).map(message) });
  const thread = await create({ ...body, messages: contents.slice(1000).map((content, index) => message(content, 1000 + index)) });
  return { thread, contents };
}

const WEEK_MS = 7 * DAY_MS;

/**
 * Votes on the 30 chat threads' answers, spread over six weeks (moved back in time in the database,
 * as the API records feedback at the time it is given), with attribute options on some.
 */
async function seedFeedback(service: ReturnType<TestService["api"]>, database: TestService["database"], organizationId: number, salesProjectId: number) {
  for (const projectId of [undefined, salesProjectId]) {
    await service.PUT("/api/external/attributes", { body: { name: "reason", options: ["outdated", "wrong", "helpful"], projectId } });
  }
  let negative = 0;
  for (let index = 0; index < 30; index++) {
    const positive = index % 3 !== 0;
    if (!positive) negative++;
    const { data, response } = await service.POST("/api/external/feedback", {
      body: {
        externalThreadId: `chat-${String(index).padStart(2, "0")}`,
        projectId: index < 3 ? salesProjectId : undefined,
        feedbackType: positive ? "POSITIVE" : "NEGATIVE",
        feedbackText: positive ? `Helpful answer ${index}` : `Wrong answer ${index}`,
        attributes: index % 2 ? { reason: positive ? "helpful" : "wrong" } : undefined,
      },
    });
    if (!data) throw new Error(`seeding feedback failed: ${response.status}`);
    await database.prisma.feedback.update({ where: { id: data.id }, data: { createdAt: new Date(Date.now() - (index % 6) * WEEK_MS - DAY_MS) } });
  }
  return { count: 30, negative };
}
