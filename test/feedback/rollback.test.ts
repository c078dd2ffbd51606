import t from "tap";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { recordFeedback } from "../../src/feedback/feedback.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

const service = await startService(t);
const { org } = service;
const { prisma } = service.database;
const { thread, attribute } = feedbackFixtures(service);

type Work = (tx: Prisma.TransactionClient) => Promise<unknown>;

/** The client, except that inside its transactions the statement writing the Feedback row fails. */
function failingFeedbackWrite(client: PrismaClient): PrismaClient {
  const failingTx = (tx: Prisma.TransactionClient) =>
    new Proxy(tx, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (name !== "$queryRaw") return value;
        return (strings: TemplateStringsArray, ...values: unknown[]) => {
          if (strings.join("").includes('INSERT INTO "Feedback"')) throw new Error("injected failure");
          return (value as (...args: unknown[]) => unknown).call(target, strings, ...values);
        };
      },
    });
  return new Proxy(client, {
    get(target, name) {
      if (name !== "$transaction") return Reflect.get(target, name);
      return (work: Work, options: object) => target.$transaction((tx) => work(failingTx(tx)), options);
    },
  });
}

t.test("a failure after the giver's upsert rolls the upsert back", async (t) => {
  const reason = await attribute(uniqueId("reason"), ["outdated"]);
  const target = await thread();
  const externalId = uniqueId("giver");
  const segmentType = uniqueId("type");
  const input = {
    feedbackType: "NEGATIVE" as const,
    externalThreadId: target.externalId,
    externalUser: { externalId, name: "New", segments: { [segmentType]: "segment" } },
    attributes: { [reason.name]: "outdated" },
  };
  const where = { organizationId: org.organizationId };

  await t.rejects(recordFeedback(failingFeedbackWrite(prisma), org.organizationId, "private", input), { message: "injected failure" });
  t.equal(await prisma.externalUser.count({ where: { ...where, externalId } }), 0, "the user was not created");
  t.equal(await prisma.segmentType.count({ where: { ...where, name: segmentType } }), 0, "nor their segment type");
  t.equal(await prisma.feedback.count({ where }), 0);

  // The same call on the real client writes all of it: the injected failure was the only difference.
  const { created, feedback } = await recordFeedback(prisma, org.organizationId, "private", input);
  t.ok(created);
  t.equal(feedback.externalUser?.externalId, externalId);
  t.equal(await prisma.externalUser.count({ where: { ...where, externalId } }), 1);
  t.equal(await prisma.feedbackOption.count({ where: { ...where, feedbackId: feedback.id } }), 1);
});
