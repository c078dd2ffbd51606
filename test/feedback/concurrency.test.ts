import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

const service = await startService(t);
const { org } = service;
const { prisma } = service.database;
const { thread, attribute, postFeedback } = feedbackFixtures(service);

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

t.test("10 identical votes at once: one feedback, exactly one 201, the rest 200, never a 500", async (t) => {
  const reason = await attribute(uniqueId("reason"), ["outdated", "wrong"]);
  const tone = await attribute(uniqueId("tone"), ["formal", "casual"]);
  const target = await thread();
  const giver = uniqueId("giver");
  const body = {
    feedbackType: "NEGATIVE" as const,
    externalThreadId: target.externalId,
    feedbackText: "double click",
    externalUser: { externalId: giver, segments: { plan: "pro" } },
    attributes: { [reason.name]: "wrong", [tone.name]: "formal" },
  };
  const responses = await Promise.all(Array.from({ length: 10 }, () => postFeedback(body, org.privateKey)));
  t.same(statusCounts(responses.map((r) => r.response.status)), { 200: 9, 201: 1 });
  t.equal(new Set(responses.map((r) => r.data!.id)).size, 1, "one id");

  const stored = await prisma.feedback.findMany({ where: { organizationId: org.organizationId, messageId: target.messages.at(-1)!.id }, include: { options: true } });
  t.equal(stored.length, 1);
  t.equal(stored[0]!.options.length, 2);
  t.equal(await prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId: giver } }), 1);
});

t.test("10 different votes by one giver at once: one feedback holding one of them whole", async (t) => {
  const reason = await attribute(uniqueId("reason"), ["a", "b", "c", "d", "e"]);
  const target = await thread();
  const choices = ["a", "b", "c", "d", "e"];
  const responses = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      postFeedback({
        feedbackType: i % 2 ? "POSITIVE" : "NEGATIVE",
        externalThreadId: target.externalId,
        feedbackText: `vote ${i}`,
        attributes: { [reason.name]: choices[i % 5]! },
      }, org.privateKey),
    ),
  );
  t.same(statusCounts(responses.map((r) => r.response.status)), { 200: 9, 201: 1 });
  const [stored, ...more] = await prisma.feedback.findMany({
    where: { organizationId: org.organizationId, messageId: target.messages.at(-1)!.id },
    include: { options: { include: { option: true } } },
  });
  t.equal(more.length, 0);
  const vote = Number(stored!.feedbackText!.split(" ")[1]);
  t.equal(stored!.feedbackType, vote % 2 ? "POSITIVE" : "NEGATIVE", "type and text of the same vote");
  t.same(stored!.options.map((o) => o.option.name), [choices[vote % 5]], "and its attribute, alone");
});
