// Listing pages go out as the JSON text PostgreSQL built, past Fastify's response serializer: the
// suite's answer check (test/helpers/app.ts checkAnswers) is what holds them to openapi.yaml. These
// tests make it see wrong answers and fail.
import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { answerViolations } from "../helpers/contract.ts";

t.test("a body that breaks its response schema, a status the operation does not declare, a body that is not JSON", async (t) => {
  t.same(answerViolations("listThreads", 200, `{"count":0,"countExact":true,"rows":[]}`), []);
  t.same(answerViolations("listThreads", 200, `{"count":-1,"countExact":true,"rows":[]}`), ["/count must be >= 0"]);
  t.same(answerViolations("listThreads", 200, `{"count":0,"rows":[]}`), ["/ must have required property 'countExact'"]);
  t.same(answerViolations("listThreads", 418, `{"error":"teapot"}`), ["openapi.yaml declares no 418 answer"]);
  t.match(answerViolations("listFeedback", 200, `{"count":0,`), [/^the body is not JSON/]);
  t.same(answerViolations("listThreads", 401, `{"error":"Unauthorized - Invalid or missing API key"}`), []);
  t.same(answerViolations("listThreads", 401, `{"message":"no"}`), ["/ must have required property 'error'"]);
});

t.test("a listing page with a thread the contract does not allow fails the test that got it", async (t) => {
  const failures: string[] = [];
  const service = await startService({ teardown: (fn) => t.teardown(fn), fail: (message) => failures.push(message) });
  const { prisma } = service.database;
  const [user] = await prisma.$queryRaw<{ id: number }[]>`
    INSERT INTO "ExternalUser" ("organizationId", "externalId") VALUES (${service.org.organizationId}, ${uniqueId("user")}) RETURNING "id"`;
  const listed = () => service.call(service.org.privateKey, { method: "GET", url: "/api/external/threads" });

  // Stored behind the API's back: the API refuses an externalId over 255 characters, the database column does not.
  await prisma.$executeRaw`
    INSERT INTO "Thread" ("organizationId", "projectId", "externalUserId", "externalId")
    VALUES (${service.org.organizationId}, ${service.org.projectId}, ${user!.id}, ${"x".repeat(255)})`;
  t.equal((await listed()).statusCode, 200);
  t.same(failures, [], "an answer within the contract passes");

  await prisma.$executeRaw`
    INSERT INTO "Thread" ("organizationId", "projectId", "externalUserId", "externalId")
    VALUES (${service.org.organizationId}, ${service.org.projectId}, ${user!.id}, ${"y".repeat(256)})`;
  const answer = await listed();
  t.equal(answer.statusCode, 200, "sent as PostgreSQL built it: nothing on the way checks it");
  t.equal(answer.json().rows[0].externalId, "y".repeat(256));
  t.same(failures, ["GET /api/external/threads answered 200, not as openapi.yaml says (listThreads): /rows/0/externalId must NOT have more than 255 characters"]);
});
