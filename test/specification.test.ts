import { readFileSync } from "node:fs";
import t from "tap";
import { parse } from "yaml";
import { parseSpecification, readSpecification, specificationPath } from "../src/specification.ts";

const yaml = readFileSync(specificationPath, "utf8");

t.test("the specification read is openapi.yaml parsed as YAML, frozen", async (t) => {
  const specification = readSpecification();
  t.same(specification, parse(yaml));
  t.ok(Object.isFrozen(specification));
  t.equal(readSpecification(), specification, "parsed once per process");
});

t.test("a text other than the one the JSON copy was made from is parsed as YAML (an edited openapi.yaml before npm run generate)", async (t) => {
  const edited = `${yaml}\nx-edited: true\n`;
  t.same(parseSpecification(edited), { ...parse(yaml), "x-edited": true });
  t.same(parseSpecification("openapi: 3.1.0\n"), { openapi: "3.1.0" });
});

t.test("openapi.yaml's error examples are in the words the service answers with ('Invalid field …', not ajv's 'body property …')", async (t) => {
  const errors: string[] = [];
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    const value = (node as { value?: { error?: unknown } }).value;
    if (typeof value?.error === "string") errors.push(value.error);
    for (const child of Object.values(node)) walk(child);
  };
  walk(readSpecification());
  t.ok(errors.length > 50, `${errors.length} error examples`);
  t.same(errors.filter((error) => /body property|^body\/|^querystring/.test(error)), []);
});
