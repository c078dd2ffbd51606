/**
 * The six requests of `npm run bench`, each a function of the request's number n, so that the
 * service and the baseline get the same sequence. A write never repeats the data of another n
 * (a new thread; a new giver on a message), so that every round measures the same work whether
 * or not what the previous one wrote was deleted.
 */
import type pg from "pg";
import { NEGATIVE_FEEDBACK_TEXTS, POSITIVE_FEEDBACK_TEXTS } from "../scripts/seed/vocabulary.ts";
import { conversation, seededRandom } from "./conversations.ts";
import type { Dataset } from "./dataset.ts";
import { signingSecret } from "../src/tokens/secrets.ts";
import { signToken } from "../src/tokens/token.ts";

export interface Call {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Scenario {
  name: string;
  title: string;
  /** Requests in flight at once. */
  connections: number;
  call(n: number): Call;
  /** For writes: deletes what the calls wrote, so that each round starts from the seeded data. */
  reset?(db: pg.Client): Promise<void>;
  /** For writes: what call n stored, as the check compares it between the service and the baseline. */
  stored?(db: pg.Client, n: number): Promise<unknown>;
}

export const SCENARIO_NAMES = ["ingest", "memory", "threads", "threads-by-user", "feedback", "feedback-token"] as const;

const MESSAGES_PER_INGEST = 10;
const CONVERSATIONS = 64;
const INGEST_PREFIX = "bench-ingest-";

/** Spreads consecutive n over a list, so that consecutive requests do not read neighbouring rows. */
const spread = <T>(items: T[], n: number): T => items[(n * 7919) % items.length]!;

export interface ScenarioOptions {
  connections: number;
  ingestConnections: number;
}

export function scenarios(dataset: Dataset, { connections, ingestConnections }: ScenarioOptions): Scenario[] {
  const { organizationId, users, threads, threadIds, privateKey, publicKey } = dataset;
  const tokenSecret = signingSecret(dataset.tokenSecret);
  const json = { "content-type": "application/json" };
  const random = seededRandom(20261123);
  const conversations = Array.from({ length: CONVERSATIONS }, () =>
    conversation(random, MESSAGES_PER_INGEST).map((message, index) => ({ ...message, externalId: `m${index}` })),
  );
  const [reasons, qualities] = Object.values(dataset.attributes) as [string[], string[]];
  const [reason, quality] = Object.keys(dataset.attributes) as [string, string];
  const read = (name: string, title: string, path: (n: number) => string, headers: Record<string, string>): Scenario => ({
    name,
    title,
    connections,
    call: (n) => ({ method: "GET", path: path(n), headers }),
  });
  /** A vote on thread n, its k-th pass given by another user each time (every (message, giver) is new), with the key `keyFor` gives. */
  const feedback = (name: string, title: string, keyFor: (giver: string, threadIndex: number) => string): Scenario => ({
    name,
    title,
    connections,
    call: (n) => {
      const positive = n % 3 !== 0;
      const texts = positive ? POSITIVE_FEEDBACK_TEXTS : NEGATIVE_FEEDBACK_TEXTS;
      const pass = Math.floor(n / threads.length);
      const giver = users[(n + pass * 7) % users.length]!;
      return {
        method: "POST",
        path: "/api/external/feedback",
        headers: { ...json, "api-key": keyFor(giver, n % threads.length) },
        body: JSON.stringify({
          feedbackType: positive ? "POSITIVE" : "NEGATIVE",
          externalThreadId: threads[n % threads.length],
          feedbackText: texts[n % texts.length],
          externalUser: { externalId: giver },
          attributes: { [reason]: reasons[n % reasons.length], [quality]: qualities[n % qualities.length] },
        }),
      };
    },
    async reset(db) {
      await db.query(`DELETE FROM "Feedback" WHERE "organizationId" = $1`, [organizationId]);
      await db.query(`VACUUM (ANALYZE) "Feedback", "FeedbackOption"`);
    },
    async stored(db, n) {
      const { rows } = await db.query(
        `SELECT f."feedbackType", f."feedbackText", u."externalId" AS "giver",
                (SELECT array_agg(o."name" ORDER BY o."id") FROM "FeedbackOption" fo JOIN "AttributeOption" o ON o."id" = fo."attributeOptionId"
                 WHERE fo."feedbackId" = f."id") AS "options"
         FROM "Feedback" f JOIN "ExternalUser" u ON u."id" = f."externalUserId" JOIN "Thread" t ON t."id" = f."threadId"
         WHERE f."organizationId" = $1 AND t."externalId" = $2`,
        [organizationId, threads[n % threads.length]],
      );
      return rows;
    },
  });
  /** A token as a backend mints one per page view: for the giver, on the thread, for an hour (signed here, as the service signs). */
  const tokenFor = (giver: string, threadIndex: number) => {
    const issuedAt = Math.floor(Date.now() / 1000);
    return signToken(
      { organizationId, keyId: tokenSecret.keyId, userExternalId: giver, threadId: threadIds[threadIndex]!, issuedAt, expiresAt: issuedAt + 3600 },
      tokenSecret.key,
    );
  };
  return [
    {
      name: "ingest",
      title: `ingest: Create Thread, ${MESSAGES_PER_INGEST} messages`,
      connections: ingestConnections,
      call: (n) => ({
        method: "POST",
        path: "/api/external/threads",
        headers: { ...json, "api-key": privateKey },
        body: JSON.stringify({
          externalUser: { externalId: spread(users, n) },
          externalId: `${INGEST_PREFIX}${n}`,
          metadata: { channel: "bench" },
          messages: conversations[n % CONVERSATIONS],
        }),
      }),
      async reset(db) {
        await db.query(`DELETE FROM "Thread" WHERE "organizationId" = $1 AND "externalId" LIKE $2`, [organizationId, `${INGEST_PREFIX}%`]);
        await db.query(`VACUUM (ANALYZE) "Thread", "Message"`);
      },
      async stored(db, n) {
        const { rows } = await db.query(
          `SELECT t."summary", t."summaryMessageId" = (SELECT max(m."id") FROM "Message" m WHERE m."threadId" = t."id") AS "current",
                  (SELECT count(*)::int FROM "Message" m WHERE m."threadId" = t."id") AS "messages"
           FROM "Thread" t WHERE t."organizationId" = $1 AND t."externalId" = $2`,
          [organizationId, `${INGEST_PREFIX}${n}`],
        );
        return rows;
      },
    },
    read("memory", "memory lookup", (n) => `/api/external/memory?userExternalId=${encodeURIComponent(spread(users, n))}`, {
      authorization: `Bearer ${privateKey}`,
    }),
    read("threads", "thread listing, first page of 50", () => "/api/external/threads", { "api-key": privateKey }),
    read("threads-by-user", "thread listing by user", (n) => `/api/external/threads?externalUserIds=${encodeURIComponent(spread(users, n))}`, {
      "api-key": privateKey,
    }),
    feedback("feedback", "feedback: public key, giver, 2 attributes", () => publicKey),
    feedback("feedback-token", "feedback: token, its user, 2 attributes", tokenFor),
  ];
}
