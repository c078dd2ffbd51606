import fc from "fast-check";
import t from "tap";
import { loggerOptions } from "../../src/http/logging.ts";
import { startService } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";
import { requestsFor, type FuzzRequest } from "./hostile.ts";
import { fuzzedOperations } from "./operations.ts";

// Fuzzed requests go to the app in-process: their bodies (duplicate keys, numbers beyond a double, JSON
// nested 100,000 levels, other charsets) are what prism would parse and write out again, or fail on.
// FUZZ_RUNS=1000 (and FUZZ_SEED to replay a failure) for a longer hunt than CI's.
const RUNS = Number(process.env.FUZZ_RUNS) || 40;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let errorLog = "";
const service = await startService(t, { logger: loggerOptions("error", { write: (line) => (errorLog += line) }) });
const { app, org } = service;
const fixtures = feedbackFixtures(service);
const thread = await fixtures.thread({ messages: 2 });
const attribute = await fixtures.attribute("reason", ["slow", "wrong"]);
const known = {
  strings: [thread.externalId, thread.userExternalId, "m1", "m2", attribute.name, "slow", "default"],
  integers: [org.projectId, thread.id, thread.userId, attribute.id],
  fields: {
    externalThreadId: [thread.externalId],
    externalMessageId: ["m1", "m2"],
    userExternalId: [thread.userExternalId],
    externalUserIds: [[thread.userExternalId]],
    projectId: [org.projectId],
    ids: [[thread.id]],
    attributes: [{ [attribute.name]: "slow" }, {}],
  },
};

const describe = (request: FuzzRequest) =>
  `${request.method} ${request.url.slice(0, 300)} headers=${JSON.stringify(request.headers).slice(0, 200)} body=${(request.payload ?? "").slice(0, 300)}`;

/** The answer to hostile input: a 4xx with a JSON error, or a 2xx with a JSON body when the input was in fact valid. */
function problemWith(response: { statusCode: number; headers: Record<string, unknown>; body: string }): string | undefined {
  const { statusCode, body } = response;
  if (statusCode >= 500) return `status ${statusCode}: ${body.slice(0, 300)}\nlogged: ${errorLog.slice(-2000)}`;
  if (statusCode === 204) return body === "" ? undefined : "a 204 with a body";
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `status ${statusCode} with a body that is not JSON: ${body.slice(0, 200)}`;
  }
  if (statusCode >= 400) {
    const error = (parsed as { error?: unknown } | null)?.error;
    return typeof error === "string" && error !== "" ? undefined : `status ${statusCode} without an error string: ${body.slice(0, 200)}`;
  }
  if (statusCode >= 200 && statusCode < 300) return parsed !== null && typeof parsed === "object" ? undefined : `status ${statusCode} with ${body.slice(0, 200)}`;
  return `unexpected status ${statusCode}`;
}

for (const operation of fuzzedOperations()) {
  const { operationId } = operation.contract;
  t.test(`${operationId} (${operation.method} ${operation.path}): hostile input never gives a 5xx`, async (t) => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestsFor(operation, org, known), async (request) => {
        const response = await app.inject({ method: request.method as "GET", url: request.url, headers: request.headers, payload: request.payload });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const problem = problemWith(response);
        if (problem) throw new Error(`${describe(request)}\n→ ${problem}`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    const seen = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    t.comment(`${operationId}: ${RUNS} cases, statuses ${seen.join(" ")}`);
    t.ok([...statuses.keys()].every((status) => status < 500), "no 5xx");

    const health = await app.inject("/health");
    t.equal(health.statusCode, 200, "still alive");
    const projects = await app.inject({ url: "/api/external/projects", headers: { "api-key": org.privateKey } });
    t.equal(projects.statusCode, 200, "still answering valid requests");
  });
}
