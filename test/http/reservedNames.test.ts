import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";

// Keys and names that JavaScript gives a meaning to. Raw bodies stay in-process: a proxy would re-encode them.
const service = await startService(t);
const { app, org } = service;
const { prisma } = service.database;

const send = (method: "PUT" | "POST", url: string, payload: string) =>
  app.inject({ method, url, headers: { "api-key": org.privateKey, "content-type": "application/json" }, payload });
const usersNamed = (prefix: string) => prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId: { startsWith: prefix } } });

t.test("a key named __proto__ or constructor anywhere in a JSON body: 400 naming it, nothing stored", async (t) => {
  const prefix = uniqueId("reserved");
  const cases = [
    ["PUT", "/api/external/users", `{"externalId":"${prefix}-1","__proto__":{}}`, "__proto__", "__proto__"],
    ["PUT", "/api/external/users", `{"externalId":"${prefix}-2","\\u005f_proto__":{"admin":true}}`, "__proto__", "__proto__"],
    ["PUT", "/api/external/users", `{"externalId":"${prefix}-3","segments":{"constructor":"pro"}}`, "segments.constructor", "constructor"],
    ["PUT", "/api/external/users", `{"externalId":"${prefix}-4","constructor":{"prototype":{}}}`, "constructor", "constructor"],
    [
      "POST",
      "/api/external/threads",
      `{"externalUser":{"externalId":"${prefix}-5"},"messages":[{"role":"user","content":"hi","metadata":{"__proto__":{}}}]}`,
      "messages[0].metadata.__proto__",
      "__proto__",
    ],
    ["POST", "/api/external/threads", `{"externalUser":{"externalId":"${prefix}-6"},"metadata":{"__proto__":{}}}`, "metadata.__proto__", "__proto__"],
  ] as const;
  for (const [method, url, payload, field, key] of cases) {
    const response = await send(method, url, payload);
    t.same([response.statusCode, response.json()], [400, { error: `Invalid field '${field}': '${key}' is a reserved name` }], payload);
  }
  t.equal(await usersNamed(prefix), 0);
});

t.test("a field's path of thousands of characters is named by its ends: the error stays within the 2,000 characters an error has", async (t) => {
  const long = "k".repeat(5_000);
  const reserved = await send("PUT", "/api/external/users", `{"externalId":"${uniqueId("long")}","segments":{"${long}":{"__proto__":{}}}}`);
  const named = `segments.${"k".repeat(91)}…${"k".repeat(89)}.__proto__`;
  t.same([reserved.statusCode, reserved.json()], [400, { error: `Invalid field '${named}': '__proto__' is a reserved name` }]);
  const unknown = await send("PUT", "/api/external/users", `{"externalId":"${uniqueId("long")}","${long}":1}`);
  t.same([unknown.statusCode, unknown.json()], [400, { error: `Unknown field: ${"k".repeat(100)}…${"k".repeat(99)}` }]);
});

t.test("the words themselves are fine as values and inside longer keys", async (t) => {
  const externalId = uniqueId("__proto__");
  const response = await send("PUT", "/api/external/users", JSON.stringify({ externalId, name: "constructor", segments: { my__proto__: "x-constructor" } }));
  t.equal(response.statusCode, 201);
  t.equal(await usersNamed(externalId), 1);
});

t.test("an attribute, option or segment named __proto__ or constructor cannot be created: 400, nothing stored", async (t) => {
  const reserved = "'__proto__' and 'constructor' are reserved names";
  const attribute = uniqueId("attribute");
  const cases = [
    ["/api/external/attributes", { name: "__proto__", options: ["a"] }, "name"],
    ["/api/external/attributes", { name: "constructor", options: ["a"] }, "name"],
    ["/api/external/attributes", { name: attribute, options: ["fine", "constructor"] }, "options[1]"],
    ["/api/external/attributes", { name: attribute, options: ["__proto__"] }, "options[0]"],
    ["/api/external/users", { externalId: uniqueId("user"), segments: { plan: "__proto__" } }, "segments.plan"],
    ["/api/external/users", { externalId: uniqueId("user"), segments: { plan: "constructor" } }, "segments.plan"],
  ] as const;
  for (const [url, body, field] of cases) {
    const response = await send("PUT", url, JSON.stringify(body));
    t.same([response.statusCode, response.json()], [400, { error: `Invalid field '${field}': ${reserved}` }], JSON.stringify(body));
  }
  const attributes = await prisma.attribute.findMany({ where: { organizationId: org.organizationId, name: { in: ["__proto__", "constructor", attribute] } } });
  t.same(attributes, []);
  const options = await prisma.attributeOption.count({ where: { attribute: { organizationId: org.organizationId }, name: { in: ["__proto__", "constructor"] } } });
  t.equal(options, 0);
  const segments = await prisma.segment.count({ where: { organizationId: org.organizationId, name: { in: ["__proto__", "constructor"] } } });
  t.equal(segments, 0);
});
