import t from "tap";
import type { components } from "../../client/src/index.ts";
import { startService, uniqueId } from "../helpers/app.ts";
import { contractViolations, FORBIDDEN, UNAUTHORIZED } from "../helpers/contract.ts";

const service = await startService(t);
const { org, api, call } = service;
const { prisma } = service.database;

const ATTRIBUTE_KEYS = ["createdAt", "id", "name", "options", "organizationId", "projectId", "updatedAt"];
const OPTION_KEYS = ["attributeId", "createdAt", "id", "name", "updatedAt"];

const putAttribute = (body: components["schemas"]["AttributeInput"], key = org.privateKey) => api(key).PUT("/api/external/attributes", { body });
const getAttributes = (projectId?: number, key = org.privateKey) => api(key).GET("/api/external/attributes", { params: { query: { projectId } } });
const putInvalid = (key: string | null, body: unknown) => call(key, { method: "PUT", url: "/api/external/attributes", payload: body as object });

const optionNames = (attribute: { options: { name: string }[] }) => attribute.options.map((option) => option.name);
const newProject = () => prisma.project.create({ data: { organizationId: org.organizationId, name: uniqueId("project") } });

t.test("PUT creates the attribute in the default project: 201 and the Attribute object", async (t) => {
  const name = uniqueId("reason");
  const response = await putAttribute({ name, options: ["outdated", "wrong", "rude"] });
  t.equal(response.response.status, 201);
  const body = response.data!;
  t.same(contractViolations("Attribute", body), [], "the body matches openapi.yaml's Attribute");
  t.same(Object.keys(body).sort(), ATTRIBUTE_KEYS);
  t.match(body, { name, organizationId: org.organizationId, projectId: org.projectId });
  t.same(optionNames(body), ["outdated", "wrong", "rude"], "options in the order given, by id");
  for (const option of body.options) {
    t.same(Object.keys(option).sort(), OPTION_KEYS, "options carry no nested attribute");
    t.equal(option.attributeId, body.id);
  }
  t.ok(body.options[0]!.id < body.options[1]!.id && body.options[1]!.id < body.options[2]!.id);

  const stored = await prisma.attribute.findUniqueOrThrow({ where: { id: body.id }, include: { options: true } });
  t.match(stored, { organizationId: org.organizationId, projectId: org.projectId, name });
  t.equal(stored.options.length, 3);
});

t.test("PUT again adds the missing options and removes none: 200, same id", async (t) => {
  const name = uniqueId("reason");
  const created = (await putAttribute({ name, options: ["outdated", "wrong"] })).data!;
  const response = await putAttribute({ name, options: ["rude", "wrong", "rude", "Wrong"] });
  t.equal(response.response.status, 200);
  const body = response.data!;
  t.same(contractViolations("Attribute", body), []);
  t.equal(body.id, created.id);
  t.same(optionNames(body), ["outdated", "wrong", "rude", "Wrong"], "kept, then added once each, names case-sensitive");
  t.equal(body.options[1]!.id, created.options[1]!.id, "existing options keep their id");
  t.ok(Date.parse(body.updatedAt) >= Date.parse(created.updatedAt));

  const unchanged = await putAttribute({ name, options: [] });
  t.equal(unchanged.response.status, 200);
  t.same(optionNames(unchanged.data!), ["outdated", "wrong", "rude", "Wrong"], "an empty list removes nothing");
  t.equal(await prisma.attributeOption.count({ where: { attributeId: created.id } }), 4);
});

t.test("names are case-sensitive and scoped to the project", async (t) => {
  const name = uniqueId("reason");
  const second = await newProject();
  const lower = await putAttribute({ name, options: ["a"] });
  const upper = await putAttribute({ name: name.toUpperCase(), options: ["a"] });
  const inSecond = await putAttribute({ name, options: ["b"], projectId: second.id });
  t.same([lower.response.status, upper.response.status, inSecond.response.status], [201, 201, 201]);
  t.equal(inSecond.data!.projectId, second.id);
  t.equal(new Set([lower.data!.id, upper.data!.id, inSecond.data!.id]).size, 3);
  t.same(optionNames(lower.data!), ["a"], "the other project's attribute did not touch this one");
});

t.test("GET lists the organization's attributes by id with all their options by id", async (t) => {
  const mine = await service.newOrganization();
  const put = (body: components["schemas"]["AttributeInput"]) => putAttribute(body, mine.privateKey);
  const second = await prisma.project.create({ data: { organizationId: mine.organizationId, name: "second" } });
  const a = (await put({ name: "a", options: ["x", "y"] })).data!;
  const b = (await put({ name: "b", options: ["z"], projectId: second.id })).data!;
  await put({ name: "a", options: ["w"] });
  await putAttribute({ name: "someone else's", options: ["x"] });

  const all = await getAttributes(undefined, mine.privateKey);
  t.equal(all.response.status, 200);
  const list = all.data!;
  for (const attribute of list) t.same(contractViolations("Attribute", attribute), []);
  t.same(list.map((attribute) => attribute.id), [a.id, b.id], "only this organization's, ordered by id");
  t.same(optionNames(list[0]!), ["x", "y", "w"]);
  t.same(list[0]!.options.map((o) => o.id), list[0]!.options.map((o) => o.id).sort((p, q) => p - q));

  const onlySecond = await getAttributes(second.id, mine.privateKey);
  t.equal(onlySecond.response.status, 200);
  t.same(onlySecond.data!.map((attribute) => attribute.id), [b.id]);

  const emptyProject = await prisma.project.create({ data: { organizationId: mine.organizationId, name: "empty" } });
  const none = await getAttributes(emptyProject.id, mine.privateKey);
  t.equal(none.response.status, 200);
  t.same(none.data, []);
});

t.test("another organization's project, or an unknown one: 404 Project not found", async (t) => {
  const other = await service.newOrganization();
  const name = uniqueId("reason");
  for (const projectId of [other.projectId, 2147483647]) {
    const put = await putAttribute({ name, options: ["x"], projectId });
    t.equal(put.response.status, 404);
    t.same(put.error, { error: "Project not found" });
    const get = await getAttributes(projectId);
    t.equal(get.response.status, 404);
    t.same(get.error, { error: "Project not found" });
  }
  t.equal(await prisma.attribute.count({ where: { name } }), 0, "nothing written");
});

t.test("keys: a public key is 403, none or an unknown one 401, on both operations", async (t) => {
  const name = uniqueId("reason");
  const publicPut = await putAttribute({ name, options: ["x"] }, org.publicKey);
  t.equal(publicPut.response.status, 403);
  t.same(publicPut.error, FORBIDDEN);
  const publicGet = await getAttributes(undefined, org.publicKey);
  t.equal(publicGet.response.status, 403);
  t.same(publicGet.error, FORBIDDEN);

  t.same((await putInvalid(null, { name, options: ["x"] })).json(), UNAUTHORIZED);
  t.equal((await call(null, { method: "GET", url: "/api/external/attributes" })).statusCode, 401);
  t.same((await putAttribute({ name, options: ["x"] }, "sk_unknown")).error, UNAUTHORIZED);
  t.equal((await getAttributes(undefined, "sk_unknown")).response.status, 401);

  t.equal((await putInvalid(null, { name: 5 })).statusCode, 401, "the key is checked before the body");
  t.equal(await prisma.attribute.count({ where: { name } }), 0);
});

t.test("bad input is a 400 naming the field, and writes nothing", async (t) => {
  const name = uniqueId("reason");
  const cases: [string, unknown, RegExp][] = [
    ["missing name", { options: ["x"] }, /Missing required field: name/],
    ["missing options", { name }, /Missing required field: options/],
    ["numeric name", { name: 5, options: [] }, /'name'/],
    ["empty name", { name: "", options: [] }, /'name'/],
    ["name over 255 characters", { name: "n".repeat(256), options: [] }, /'name'/],
    ["options not an array", { name, options: "x" }, /'options'/],
    ["an empty option", { name, options: ["x", ""] }, /'options\[1\]'/],
    ["a numeric option", { name, options: [1] }, /'options\[0\]'/],
    ["string projectId", { name, options: [], projectId: "1" }, /'projectId'/],
    ["unknown field", { name, options: [], kind: "x" }, /Unknown field: kind/],
  ];
  for (const [label, body, error] of cases) {
    const response = await putInvalid(org.privateKey, body);
    t.equal(response.statusCode, 400, label);
    t.match(response.json(), { error }, label);
  }
  const badQuery = await call(org.privateKey, { method: "GET", url: "/api/external/attributes?projectId=abc" });
  t.equal(badQuery.statusCode, 400);
  t.match(badQuery.json(), { error: /projectId/ });
  t.equal(await prisma.attribute.count({ where: { name } }), 0);
});

t.test("10 concurrent PUTs of one attribute: one attribute, one 201, every option once, never a 500", async (t) => {
  const name = uniqueId("reason");
  const responses = await Promise.all(
    Array.from({ length: 10 }, (_, i) => putAttribute({ name, options: [`o${i % 4}`, `o${(i + 1) % 4}`, "shared"] })),
  );
  const statuses = responses.map((response) => response.response.status).sort();
  t.same(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  const attributes = await prisma.attribute.findMany({ where: { organizationId: org.organizationId, name }, include: { options: true } });
  t.equal(attributes.length, 1);
  t.same(attributes[0]!.options.map((option) => option.name).sort(), ["o0", "o1", "o2", "o3", "shared"]);
});
