import { readdirSync, readFileSync } from "node:fs";
import t from "tap";
import { DEFAULTS, ENVIRONMENT, readConfig } from "../src/config.ts";

const docsFolder = new URL("../docs/", import.meta.url);
/** docs/configuration.md lists every variable; a feature's own page may list its variables too. */
const docs = readdirSync(docsFolder)
  .filter((name) => name.endsWith(".md"))
  .map((name) => readFileSync(new URL(name, docsFolder), "utf8"))
  .join("\n");

/** The rows of the docs' tables headed `| variable | default | meaning |`: name and default cell. */
function documentedVariables(): Map<string, string> {
  const documented = new Map<string, string>();
  for (const table of docs.split(/\n(?=\| variable \| default \| meaning \|)/).slice(1)) {
    for (const line of table.split("\n").slice(2)) {
      const row = /^\| `([A-Z0-9_]+)` \| ([^|]+) \|/.exec(line);
      if (!row) break;
      documented.set(row[1]!, row[2]!.trim());
    }
  }
  return documented;
}

t.test("the docs document every environment variable of src/config.ts, with its default, and no other", async (t) => {
  const documented = documentedVariables();
  t.same([...documented.keys()].sort(), Object.keys(ENVIRONMENT).sort());
  for (const [name, variable] of Object.entries(ENVIRONMENT)) {
    const cell = documented.get(name) ?? "";
    if (variable.default === undefined || variable.default === "") t.match(cell, /^\(none/, name);
    else t.equal(cell, `\`${variable.default}\``, name);
  }
});

t.test("each variable is checked, and empty counts as unset", async (t) => {
  t.throws(() => readConfig({ PORT: "http" }), /PORT must be a non-negative integer, got 'http'/);
  t.throws(() => readConfig({ DB_POOL_MAX: "-1" }), /DB_POOL_MAX must be a non-negative integer/);
  t.same(readConfig({ PORT: "", HOST: "" }), DEFAULTS);
  t.equal(readConfig({ BODY_LIMIT_BYTES: "1024" }).bodyLimitBytes, 1024);
  t.equal(DEFAULTS.bodyLimitBytes, 5 * 1024 * 1024);
});
