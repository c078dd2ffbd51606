import t from "tap";
import type { Database } from "../../src/db/database.ts";
import type { TransactionQueries } from "../../src/db/driver.ts";
import { parseJsonText } from "../../src/db/json.ts";
import { createFeedback } from "../../src/feedback/feedback.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

const service = await startService(t);
const { org } = service;
const { prisma } = service.database;
const { thread, attribute } = feedbackFixtures(service);

/** The database, except that inside its driver's transactions the statement writing the Feedback row fails. */
function failingFeedbackWrite(database: Database): Pick<Database, "driver"> {
  const failingTx = (tx: TransactionQueries): TransactionQueries => ({
    ...tx,
    rows: (statement, values) => {
      if (statement.text.includes('INSERT INTO "Feedback"')) throw new Error("injected failure");
      return tx.rows(statement, values);
    },
  });
  return { driver: { ...database.driver, transaction: (work) => database.driver.transaction((tx) => work(failingTx(tx))) } };
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

  await t.rejects(createFeedback(failingFeedbackWrite(service.database), org.organizationId, "private", input), { message: "injected failure" });
  t.equal(await prisma.externalUser.count({ where: { ...where, externalId } }), 0, "the user was not created");
  t.equal(await prisma.segmentType.count({ where: { ...where, name: segmentType } }), 0, "nor their segment type");
  t.equal(await prisma.feedback.count({ where }), 0);

  // The same call on the real client writes all of it: the injected failure was the only difference.
  const { created, feedback: text } = await createFeedback(service.database, org.organizationId, "private", input);
  const feedback = parseJsonText(text);
  t.ok(created);
  t.equal(feedback.externalUser?.externalId, externalId);
  t.equal(await prisma.externalUser.count({ where: { ...where, externalId } }), 1);
  t.equal(await prisma.feedbackOption.count({ where: { ...where, feedbackId: feedback.id } }), 1);
});
