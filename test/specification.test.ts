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
