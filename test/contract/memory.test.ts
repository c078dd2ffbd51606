import t from "tap";
import { uniqueId } from "../helpers/app.ts";
import { startContractTarget, UNAUTHORIZED } from "../helpers/contractTarget.ts";

const { service, client, clientForInvalidRequests } = await startContractTarget(t);
const { org } = service;
const api = client(org.privateKey);

t.test("getMemory: 200 with the summary of the user's most recent thread, key as Bearer", async (t) => {
  const userExternalId = uniqueId("user");
  const thread = await api.POST("/api/external/threads", {
    body: {
      externalUser: { externalId: userExternalId },
      messages: [
        { role: "user", content: "How do I reset my password?" },
        { role: "assistant", content: "Use the link on the login page." },
      ],
    },
  });
  t.equal(thread.response.status, 201);

  const memory = await api.GET("/api/external/memory", { params: { query: { userExternalId } } });
  t.equal(memory.response.status, 200);
  t.match(memory.data, { userExternalId, threadId: thread.data!.id, threadExternalId: null, summary: /reset my password/ });
  t.equal(memory.response.headers.get("content-type")?.startsWith("application/json"), true);
});

t.test("getMemory errors: 400, 401, 404 with the specification's strings", async (t) => {
  const missing = await clientForInvalidRequests(org.privateKey).GET("/api/external/memory", { params: { query: { userExternalId: "" } } });
  t.equal(missing.response.status, 400);
  t.same(missing.error, { error: "Missing required parameter: userExternalId" });

  const noKey = await clientForInvalidRequests().GET("/api/external/memory", { params: { query: { userExternalId: "x" } } });
  t.equal(noKey.response.status, 401);
  t.same(noKey.error, UNAUTHORIZED);

  const publicKey = await client(org.publicKey).GET("/api/external/memory", { params: { query: { userExternalId: "x" } } });
  t.equal(publicKey.response.status, 401);
  t.same(publicKey.error, UNAUTHORIZED);

  const unknown = await api.GET("/api/external/memory", { params: { query: { userExternalId: uniqueId("nobody") } } });
  t.equal(unknown.response.status, 404);
  t.same(unknown.error, { error: "No user or no memory found" });
});
