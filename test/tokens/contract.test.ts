import t from "tap";
import { TOKEN_EXPIRED, UNAUTHORIZED } from "../../src/http/authentication.ts";
import { loadSpecification, operationContract } from "../../src/http/contract.ts";
import { NOT_COVERED, OTHER_USER } from "../../src/tokens/grant.ts";

// What openapi.yaml says of feedback tokens is what the service does: the kinds of credential each operation
// takes, and the words of every refusal, for a client generated from it.

const spec = loadSpecification();
type Examples = Record<string, { value: { error: string } }>;
const examples = (path: string, method: string, status: string): string[] => {
  const response = (spec.paths[path]![method] as unknown as { responses: Record<string, { content?: { "application/json": { examples: Examples } } }> }).responses[status];
  return Object.values(response?.content?.["application/json"].examples ?? {}).map((example) => example.value.error);
};

t.test("a token is taken on createFeedback only, where a public key is, and cross-origin like it", async (t) => {
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const method of Object.keys(operations)) {
      const contract = operationContract(spec, method, path);
      const takesToken = contract.keyKinds.includes("token");
      t.equal(takesToken, contract.operationId === "createFeedback", `${contract.operationId}: ${takesToken ? "takes" : "refuses"} tokens`);
      if (takesToken) t.ok(contract.keyKinds.includes("public") && contract.crossOrigin, "wherever a public key is taken, cross-origin");
    }
  }
  t.same(operationContract(spec, "POST", "/api/external/feedback-tokens").keyKinds, ["private"]);
});

t.test("createFeedback documents the token's refusals in the service's words", async (t) => {
  t.same(examples("/api/external/feedback", "post", "401").sort(), [TOKEN_EXPIRED, UNAUTHORIZED].sort());
  t.same(examples("/api/external/feedback", "post", "403").sort(), [NOT_COVERED, OTHER_USER].sort());
  t.equal(TOKEN_EXPIRED, "Unauthorized - token expired");
  t.equal(OTHER_USER, "Forbidden - the token is for another user");
  t.equal(NOT_COVERED, "Forbidden - the token does not cover this message");
});

t.test("createFeedbackToken: every status it answers is documented", async (t) => {
  const documented = Object.keys((spec.paths["/api/external/feedback-tokens"]!.post as unknown as { responses: object }).responses);
  for (const status of ["201", "400", "401", "403", "404", "409", "413", "415", "429", "500", "503"]) t.ok(documented.includes(status), status);
  t.same(examples("/api/external/feedback-tokens", "post", "404"), ["Thread not found"]);
});
