// decisions.md "Counting large searches": a feedback search's count stops at 10,000 (countExact
// false); every other count, and every count of 10,000 or fewer, is exact.
import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations } from "../helpers/contract.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";
import { MANY, seedManyVotes } from "../helpers/manyRows.ts";

const service = await startService(t);
const { org, api } = service;
const thread = await feedbackFixtures(service).thread({ messages: 1 });

const marker = uniqueId("Count").replaceAll("-", "");
await seedManyVotes(service, marker, thread.id, thread.userId);

const list = (query: { search?: string; pageSize?: number; pageIndex?: number; threadIds?: number[] }) =>
  api(org.privateKey).GET("/api/external/feedback", { params: { query } });

t.test("a search matching more than 10,000 feedback: count 10,000, countExact false, and the page is there", async (t) => {
  const { data, response } = await list({ search: marker, pageSize: 2 });
  t.equal(response.status, 200);
  t.same(contractViolations("FeedbackPage", data), [], "the body matches openapi.yaml's FeedbackPage");
  t.same([data!.count, data!.countExact], [10000, false]);
  t.same(data!.rows.map((row) => row.feedbackText), [`${marker} out 10001`, `${marker} in 10000`], "newest first");
});

t.test("pages past the 10,000th match are still served", async (t) => {
  const { data } = await list({ search: marker, pageSize: 200, pageIndex: 50 });
  t.same(data!.rows.map((row) => row.feedbackText), [`${marker} in 00001`]);
  t.same([data!.count, data!.countExact], [10000, false]);
});

t.test("exactly 10,000 matches: count 10,000, countExact true", async (t) => {
  const { data } = await list({ search: `${marker} in `, pageSize: 1 });
  t.same([data!.count, data!.countExact], [10000, true]);
});

t.test("small searches are exact", async (t) => {
  const one = await list({ search: `${marker} in 00042` });
  t.same([one.data!.count, one.data!.countExact, one.data!.rows.map((row) => row.feedbackText)], [1, true, [`${marker} in 00042`]]);
  const none = await list({ search: `${marker} nowhere` });
  t.same([none.data!.count, none.data!.countExact, none.data!.rows], [0, true, []]);
});

t.test("without a search the count is exact whatever its size", async (t) => {
  const all = await list({ pageSize: 1 });
  t.same([all.data!.count, all.data!.countExact], [MANY, true]);
  const byThread = await list({ threadIds: [thread.id], pageSize: 1 });
  t.same([byThread.data!.count, byThread.data!.countExact], [MANY, true]);
  t.same(contractViolations("FeedbackPage", all.data), []);
});
