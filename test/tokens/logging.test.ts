import t from "tap";
import { loggerOptions } from "../../src/http/logging.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

// A token is a credential and its secret signs every token of the organization: neither is ever logged,
// at debug level too, whether the token is minted, voted with, refused or sent in the wrong place.

t.test("no token and no signing secret in the log", async (t) => {
  let captured = "";
  const service = await startService(t, { logger: loggerOptions("debug", { write: (line) => (captured += line) }) });
  const { org, call, database } = service;
  const target = await feedbackFixtures(service).thread();
  const minted = await call(org.privateKey, { method: "POST", url: "/api/external/feedback-tokens", payload: { userExternalId: uniqueId("visitor"), externalThreadId: target.externalId } });
  const token = minted.json().token as string;
  const vote = { feedbackType: "POSITIVE", externalThreadId: target.externalId };
  const statuses = [
    minted.statusCode,
    (await call(token, { method: "POST", url: "/api/external/feedback", payload: vote })).statusCode,
    (await call(`${token}x`, { method: "POST", url: "/api/external/feedback", payload: vote })).statusCode,
    (await call(token, { method: "GET", url: "/api/external/projects" })).statusCode,
    (await call(null, { method: "GET", url: `/api/external/memory?userExternalId=x&apiKey=${token}` })).statusCode,
    (await call(token, { method: "POST", url: "/api/external/feedback", payload: { ...vote, externalUser: { externalId: token } } })).statusCode,
  ];
  t.same(statuses, [201, 201, 401, 403, 401, 403]);
  const { secret } = await database.prisma.feedbackTokenSecret.findUniqueOrThrow({ where: { organizationId: org.organizationId } });
  t.ok(captured.length > 0, "the requests were logged");
  const [payload, signature] = token.slice(3).split(".") as [string, string];
  for (const [name, value] of Object.entries({ payload, signature, secret })) t.notOk(captured.includes(value), `no ${name} in the log`);
});
