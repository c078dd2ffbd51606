import { randomUUID } from "node:crypto";

/** Sends one request with a private key; resolves to the status (or throws when no answer came). */
export type Send = (method: "POST" | "PUT" | "DELETE", url: string, body?: unknown) => Promise<number>;

const ALLOWED: Record<string, number[]> = {
  append: [200, 201],
  feedback: [200, 201, 404],
  feedbackByTheDeleted: [200, 201, 404],
  upsert: [200, 201],
  delete: [204, 404],
};

export interface RaceOutcome {
  requests: number;
  byStatus: Record<number, number>;
  /** "kind: status" for every answer outside what that kind of request may answer. */
  unexpected: string[];
}

/**
 * Rounds of: a thread with messages, then at once its user deleted while others give feedback on
 * it, its user gives feedback, appends arrive and the user is upserted again.
 */
export async function raceDeletesAgainstWrites(send: Send, rounds: number): Promise<RaceOutcome> {
  const outcome: RaceOutcome = { requests: 0, byStatus: {}, unexpected: [] };
  for (let round = 0; round < rounds; round++) {
    const id = randomUUID();
    const thread = `race-thread-${id}`;
    const user = `race-user-${id}`;
    const message = (n: number) => ({ externalId: `m${n}`, role: "user", content: `message ${n}` });
    const created = await send("POST", "/api/external/threads", { externalId: thread, externalUser: { externalId: user }, messages: [1, 2, 3].map(message) });
    if (created !== 201) throw new Error(`round ${round}: the thread was not created (${created})`);
    const feedback = (giver: string, externalMessageId?: string) => ({
      feedbackType: "NEGATIVE",
      externalThreadId: thread,
      feedbackText: "race",
      externalUser: { externalId: giver },
      ...(externalMessageId ? { externalMessageId } : {}),
    });
    const requests: [string, Promise<number>][] = [
      ["delete", send("DELETE", `/api/external/users/${encodeURIComponent(user)}`)],
      ...[0, 1, 2, 3].map((i): [string, Promise<number>] => ["feedback", send("POST", "/api/external/feedback", feedback(`giver-${id}-${i}`, i % 2 ? "m1" : undefined))]),
      ["feedbackByTheDeleted", send("POST", "/api/external/feedback", feedback(user))],
      ...[4, 5, 6].map((n): [string, Promise<number>] => ["append", send("POST", "/api/external/threads", { externalId: thread, externalUser: { externalId: user }, messages: [message(n)] })]),
      ["upsert", send("PUT", "/api/external/users", { externalId: user, name: "again" })],
      ["delete", send("DELETE", `/api/external/users/${encodeURIComponent(user)}`)],
    ];
    for (const [kind, answer] of requests) {
      const status = await answer;
      outcome.requests++;
      outcome.byStatus[status] = (outcome.byStatus[status] ?? 0) + 1;
      if (!ALLOWED[kind]!.includes(status)) outcome.unexpected.push(`${kind}: ${status}`);
    }
  }
  return outcome;
}
