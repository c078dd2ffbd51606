import t from "tap";
import { readConfig } from "../../src/config.ts";
import { startService } from "../helpers/app.ts";
import { feedbackFixtures } from "../helpers/feedback.ts";

// Preflights (OPTIONS) are no operation of openapi.yaml, and prism answers CORS itself: these requests stay in-process.
const service = await startService(t);
const { app, org } = service;
const { thread } = feedbackFixtures(service);

const WIDGET = "https://shop.example";
const preflight = (url: string, method: string, origin = WIDGET) =>
  app.inject({
    method: "OPTIONS",
    url,
    headers: { origin, "access-control-request-method": method, "access-control-request-headers": "api-key, content-type" },
  });

t.test("the feedback operation answers a preflight from any origin, without credentials", async (t) => {
  const response = await preflight("/api/external/feedback", "POST");
  t.equal(response.statusCode, 204);
  t.equal(response.headers["access-control-allow-origin"], "*");
  t.match(response.headers["access-control-allow-methods"], /\bPOST\b/);
  t.equal(response.headers["access-control-allow-headers"], "api-key, authorization, content-type");
  t.notOk(response.headers["access-control-allow-credentials"]);
});

t.test("a cross-origin feedback POST gets its answer, errors included, readable by the page", async (t) => {
  const target = await thread();
  const headers = { origin: WIDGET, "api-key": org.publicKey, "content-type": "application/json" };
  const payload = { feedbackType: "POSITIVE", externalThreadId: target.externalId };
  const created = await app.inject({ method: "POST", url: "/api/external/feedback", headers, payload });
  t.equal(created.statusCode, 201);
  t.equal(created.headers["access-control-allow-origin"], "*");
  const unauthorized = await app.inject({ method: "POST", url: "/api/external/feedback", headers: { ...headers, "api-key": "pk_unknown" }, payload });
  t.equal(unauthorized.statusCode, 401);
  t.equal(unauthorized.headers["access-control-allow-origin"], "*");
});

t.test("no other operation answers cross-origin", async (t) => {
  for (const [url, method] of [
    ["/api/external/threads", "GET"],
    ["/api/external/threads", "POST"],
    ["/api/external/users", "PUT"],
    ["/api/external/memory?userExternalId=u", "GET"],
    ["/api/external/feedback", "GET"],
    ["/api/external/feedback", "DELETE"],
  ]) {
    const response = await preflight(url!, method!);
    t.equal(response.statusCode, 404, `preflight ${method} ${url}`);
    t.notOk(response.headers["access-control-allow-origin"]);
    t.match(response.json(), { error: /not found/i });
  }
  const projects = await app.inject({ method: "GET", url: "/api/external/projects", headers: { origin: WIDGET, "api-key": org.privateKey } });
  t.equal(projects.statusCode, 200);
  t.notOk(projects.headers["access-control-allow-origin"], "a private operation's answer carries no CORS header");
  for (const url of ["/health", "/metrics", "/api/external/nothing-here"]) {
    const response = await app.inject({ method: "GET", url, headers: { origin: WIDGET } });
    t.notOk(response.headers["access-control-allow-origin"], `GET ${url} (${response.statusCode}) carries no CORS header`);
  }
  const unknownPreflight = await preflight("/api/external/nothing-here", "GET");
  t.equal(unknownPreflight.statusCode, 404);
  t.notOk(unknownPreflight.headers["access-control-allow-origin"]);
});

t.test("CORS_ORIGINS limits the origins", async (t) => {
  t.same(readConfig({ CORS_ORIGINS: " https://a.example ,https://b.example," }).corsOrigins, ["https://a.example", "https://b.example"]);
  t.same(readConfig({}).corsOrigins, [], "unset: any origin");
  const limited = await startService(t, { cors: { origins: ["https://a.example"] } });
  const allowed = await limited.app.inject({
    method: "OPTIONS",
    url: "/api/external/feedback",
    headers: { origin: "https://a.example", "access-control-request-method": "POST" },
  });
  t.equal(allowed.statusCode, 204);
  t.equal(allowed.headers["access-control-allow-origin"], "https://a.example");
  t.match(allowed.headers.vary, /Origin/);
  const other = await limited.app.inject({
    method: "OPTIONS",
    url: "/api/external/feedback",
    headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
  });
  t.notOk(other.headers["access-control-allow-origin"], "another origin is not allowed");
});
