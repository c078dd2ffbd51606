import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";
import { UNAUTHORIZED } from "../helpers/contract.ts";

const { org, api, call } = await startService(t);
const client = api(org.privateKey);

t.test("getMemory: 200 with the summary of the user's most recent thread, key as Bearer", async (t) => {
  const userExternalId = uniqueId("user");
  const thread = await client.POST("/api/external/threads", {
    body: {
      externalUser: { externalId: userExternalId },
      messages: [
        { role: "user", content: "How do I reset my password?" },
        { role: "assistant", content: "Use the link on the login page." },
      ],
    },
  });
  t.equal(thread.response.status, 201);

  const memory = await client.GET("/api/external/memory", { params: { query: { userExternalId } } });
  t.equal(memory.response.status, 200);
  t.match(memory.data, { userExternalId, threadId: thread.data!.id, threadExternalId: null, summary: /reset my password/ });
  t.equal(memory.response.headers.get("content-type")?.startsWith("application/json"), true);
});

t.test("getMemory errors: 400, 401, 404 with the specification's strings", async (t) => {
  const bearer = { authorization: `Bearer ${org.privateKey}` };
  const missing = await call(null, { method: "GET", url: "/api/external/memory?userExternalId=", headers: bearer });
  t.equal(missing.statusCode, 400);
  t.same(missing.json(), { error: "Missing required parameter: userExternalId" });

  const noKey = await call(null, { method: "GET", url: "/api/external/memory?userExternalId=x" });
  t.equal(noKey.statusCode, 401);
  t.same(noKey.json(), UNAUTHORIZED);

  const publicKey = await api(org.publicKey).GET("/api/external/memory", { params: { query: { userExternalId: "x" } } });
  t.equal(publicKey.response.status, 401);
  t.same(publicKey.error, UNAUTHORIZED);

  const unknown = await client.GET("/api/external/memory", { params: { query: { userExternalId: uniqueId("nobody") } } });
  t.equal(unknown.response.status, 404);
  t.same(unknown.error, { error: "No user or no memory found" });
});
