import t, { type Test } from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";
import type { ThreadQuery } from "../fixtures/threadListing.ts";
import { nested } from "./hostile.ts";

// Hostile inputs known to reach the database or the JSON encoder, each with the answer it must get.
const service = await startService(t);
const { app, api, org, call } = service;
const { prisma } = service.database;
const fixtures = feedbackFixtures(service);
const thread = await fixtures.thread({ messages: 2 });
const bearer = { authorization: `Bearer ${org.privateKey}` };
const client = api(org.privateKey);

const get = (url: string) => call(org.privateKey, { method: "GET", url });
const listThreads = (query: ThreadQuery) => client.GET("/api/external/threads", { params: { query } });

/**
 * Prism parses a JSON body and writes it out again before forwarding it, which would change what these
 * bodies test (a number beyond a double, a top-level null, number or string, nesting too deep to write
 * out again): they go to the app in-process.
 */
const sendJsonInProcess = (method: "PUT" | "POST", url: string, payload: string, key = org.privateKey) =>
  app.inject({ method, url, headers: { "api-key": key, "content-type": "application/json" }, payload });

function assertClientError(t: Test, response: { statusCode: number; json(): unknown }, status = 400) {
  t.equal(response.statusCode, status);
  t.match(response.json(), { error: String });
}

t.test("NUL characters are a 400 naming the field wherever they reach SQL, and nothing is written", async (t) => {
  const externalId = uniqueId("nul");
  const named = [
    [{ externalId: "a\u0000b" }, "Invalid field 'externalId': text cannot contain a NUL character"],
    [{ externalId, name: "x\u0000" }, "Invalid field 'name': text cannot contain a NUL character"],
    [{ externalId, segments: { "pl\u0000an": "pro" } }, "Invalid field 'segments.pl\u0000an': names cannot contain a NUL character"],
    [{ externalId, segments: { plan: "p\u0000ro" } }, "Invalid field 'segments.plan': text cannot contain a NUL character"],
  ] as const;
  for (const [payload, error] of named) {
    const response = await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload });
    t.same([response.statusCode, response.json()], [400, { error }]);
  }
  t.equal(await prisma.externalUser.count({ where: { externalId } }), 0);
  // The memory lookup answers only the specification's errors: no user holds a NUL.
  assertClientError(t, await call(null, { method: "GET", url: "/api/external/memory?userExternalId=%00", headers: bearer }), 404);
  for (const query of ["search=%00", "userSearch=a%00", "externalUserIds=%00"]) assertClientError(t, await get(`/api/external/threads?${query}`));
  assertClientError(t, await call(org.privateKey, { method: "DELETE", url: "/api/external/users/a%00b" }));
  for (const message of [{ content: "hi\u0000there" }, { content: "hi", metadata: { note: "a\u0000" } }, { content: "hi", jsonContent: { "k\u0000": 1 } }]) {
    const response = await call(org.privateKey, { method: "POST", url: "/api/external/threads", payload: { externalUser: { externalId }, messages: [{ role: "user", ...message }] } });
    t.equal(response.statusCode, 400);
    t.match(response.json(), { error: /^Invalid field 'messages\[0\]\.(?:content|metadata\.note|jsonContent\.k\u0000)': (?:text|names) cannot contain a NUL character$/ });
  }
  assertClientError(t, await fixtures.postInvalidFeedback({ feedbackType: "POSITIVE", externalThreadId: "t\u0000" }));
});

t.test("ids beyond int32, negative or not integers are a 400", async (t) => {
  for (const value of ["2147483648", "99999999999999999999", "1e10", "-1", "0", "1.5", "abc"]) {
    assertClientError(t, await get(`/api/external/threads?ids=${value}`));
    assertClientError(t, await get(`/api/external/threads?projectId=${value}`));
    assertClientError(t, await get(`/api/external/attributes?projectId=${value}`));
  }
  const feedbackWithProjectId = (raw: string) => `{"feedbackType":"POSITIVE","externalThreadId":"${thread.externalId}","projectId":${raw}}`;
  for (const raw of ["2147483648", "-5", "1.5", '"1"']) {
    const payload = feedbackWithProjectId(raw);
    assertClientError(t, await call(org.publicKey, { method: "POST", url: "/api/external/feedback", headers: { "content-type": "application/json" }, payload }));
  }
  assertClientError(t, await sendJsonInProcess("POST", "/api/external/feedback", feedbackWithProjectId("1e400"), org.publicKey));
});

t.test("the last page of the largest offset is empty, not an error", async (t) => {
  const response = await listThreads({ pageIndex: 1000000, pageSize: 200 });
  t.equal(response.response.status, 200);
  t.same(response.data!.rows, []);
  t.ok(response.data!.count >= 1);
  assertClientError(t, await get("/api/external/threads?pageIndex=1000001"));
  assertClientError(t, await get("/api/external/threads?pageSize=201"));
});

t.test("dates that do not exist are a 400", async (t) => {
  const dates = ["2024-02-30T00:00:00Z", "0000-01-01T00:00:00Z", "294277-01-01T00:00:00Z", "2024-01-01T00:00:00+99:00", "9999-12-31T23:59:59+23:59", "yesterday", "2024-01-01"];
  for (const date of dates) assertClientError(t, await get(`/api/external/threads?before=${encodeURIComponent(date)}`));
  t.equal((await listThreads({ after: "9999-12-31T23:59:59.999+14:00" })).response.status, 200);
});

t.test("LIKE wildcards and quotes in search terms are literal", async (t) => {
  for (const term of ["%", "_", "\\", "'", "% _ \\ '"]) {
    const response = await listThreads({ search: term, userSearch: term });
    t.equal(response.response.status, 200, term);
    t.equal(response.data!.count, 0, `'${term}' matches nothing`);
  }
});

t.test("duplicated scalar query parameters are a 400, but on the memory lookup (the specification's errors only): its first value", async (t) => {
  assertClientError(t, await call(null, { method: "GET", url: "/api/external/memory?userExternalId=a&userExternalId=b", headers: bearer }), 404);
  assertClientError(t, await get("/api/external/threads?pageSize=1&pageSize=2"));
});

t.test("JSON nested too deeply is a 400 and writes nothing", async (t) => {
  const externalId = uniqueId("deep");
  const messages = (jsonContent: unknown) => [{ role: "user", content: "deep", jsonContent }];
  for (const payload of [{ metadata: nested(99, "object") }, { metadata: { a: nested(3000, "array") } }, { messages: messages({ a: nested(200, "object") }) }]) {
    const response = await call(org.privateKey, { method: "POST", url: "/api/external/threads", payload: { externalUser: { externalId }, ...payload } });
    assertClientError(t, response);
    t.match(response.json().error, /nested/);
  }
  const raw = `{"externalUser":{"externalId":"${externalId}"},"metadata":${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}`;
  assertClientError(t, await sendJsonInProcess("POST", "/api/external/threads", raw));
  t.equal(await prisma.externalUser.count({ where: { externalId } }), 0);
  const metadata = nested(98, "object") as Record<string, unknown>;
  const shallow = await client.POST("/api/external/threads", { body: { externalUser: { externalId }, metadata } });
  t.equal(shallow.response.status, 201, "100 levels, the body's own included, are fine");
  t.same(shallow.data!.metadata, metadata);
});

t.test("path parameters: bad percent-encoding is a 400, any valid externalId fits, longer is a 414", async (t) => {
  const badUrl = await call(org.privateKey, { method: "DELETE", url: "/api/external/users/%E0%A4%A" });
  t.equal(badUrl.statusCode, 400);
  t.same(badUrl.json(), { error: "Invalid URL: a path segment is not valid percent-encoding" });
  const externalId = "é".repeat(255);
  t.equal((await client.PUT("/api/external/users", { body: { externalId } })).response.status, 201);
  t.equal((await client.DELETE("/api/external/users/{externalId}", { params: { path: { externalId } } })).response.status, 204);
  assertClientError(t, await call(org.privateKey, { method: "DELETE", url: `/api/external/users/${"x".repeat(256)}` }));
  const overlong = await call(org.privateKey, { method: "DELETE", url: `/api/external/users/${"x".repeat(5000)}` });
  t.equal(overlong.statusCode, 414);
  t.same(overlong.json(), { error: "URI Too Long: a path parameter is longer than any identifier can be" });
});

t.test("arrays, strings and null where objects belong are a 400", async (t) => {
  for (const payload of ["[]", '[{"externalId":"a"}]']) {
    assertClientError(t, await call(org.privateKey, { method: "PUT", url: "/api/external/users", headers: { "content-type": "application/json" }, payload }));
  }
  for (const payload of ["null", '"x"', "0"]) assertClientError(t, await sendJsonInProcess("PUT", "/api/external/users", payload));
  assertClientError(t, await fixtures.postInvalidFeedback({ feedbackType: "POSITIVE", externalThreadId: thread.externalId, attributes: [] }));
});

t.test("names that differ only in lone surrogates (both stored as U+FFFD) are a 400, not a conflict inside one request", async (t) => {
  const externalId = uniqueId("surrogate");
  const upsert = await call(org.privateKey, { method: "PUT", url: "/api/external/users", payload: { externalId, segments: { "\uD800": "a", "\uDBFF": "b" } } });
  assertClientError(t, upsert);
  t.match(upsert.json().error, /^Invalid field 'segments\..+': names must be well-formed Unicode/);
  const attribute = await call(org.privateKey, { method: "PUT", url: "/api/external/attributes", payload: { name: uniqueId("attribute"), options: ["\uD800", "\uDC00"] } });
  assertClientError(t, attribute);
  const ingest = await call(org.privateKey, {
    method: "POST",
    url: "/api/external/threads",
    payload: { externalUser: { externalId }, intents: ["\uD800", "\uDFFF"], messages: [{ role: "user", content: "a", externalId: "\uD800" }, { role: "user", content: "b", externalId: "\uDC00" }] },
  });
  assertClientError(t, ingest);
  t.match(ingest.json().error, /^Invalid field '(intents\[\d\]|messages\[\d\]\.externalId)': text must be well-formed Unicode/);
  t.equal(await prisma.externalUser.count({ where: { externalId } }), 0);
  const pair = await client.PUT("/api/external/users", { body: { externalId, name: "😀" } });
  t.equal(pair.response.status, 201, "surrogate pairs are fine");
  t.equal(pair.data!.name, "😀");
});
