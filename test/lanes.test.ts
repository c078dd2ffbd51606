import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { minimatch } from "minimatch";
import t from "tap";
import { importsOf, isDatabaseAccess, sourceFiles } from "./helpers/imports.ts";

// CI runs package.json's config.databaseFreeFiles in the embedded lane only (`npm run test:database`
// leaves them out on PostgreSQL): their outcome cannot depend on the database, so a second run adds
// nothing. This holds them to that: nothing they import, however deeply, opens a database or starts a
// process (which could open one).

const root = fileURLToPath(new URL("../", import.meta.url));
const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { config: { databaseFreeFiles: string } };

/** The first import chain from `file` that reaches a database or a process, or null. */
function databaseChain(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  let source: string;
  try {
    source = readFileSync(join(root, file), "utf8");
  } catch {
    return null; // a package, or generated code outside generated/prisma
  }
  for (const { to } of importsOf(file, source)) {
    if (isDatabaseAccess(to) || to === "node:child_process" || to === "child_process") return [file, to];
    const chain = to.endsWith(".ts") ? databaseChain(to, seen) : null;
    if (chain) return [file, ...chain];
  }
  return null;
}

const testFiles = sourceFiles(root, "test").filter((file) => file.endsWith(".test.ts"));
const databaseFree = testFiles.filter((file) => minimatch(file, packageJson.config.databaseFreeFiles));

t.test("the files CI runs on one database only reach no database and start no process", async (t) => {
  t.ok(databaseFree.length >= 10, `${databaseFree.length} files: ${databaseFree.join(", ")}`);
  t.same(
    databaseFree.map((file) => databaseChain(file)).filter((chain) => chain !== null),
    [],
    "each chain names a file that must run on both databases: take it out of config.databaseFreeFiles",
  );
});

t.test("the check finds a database behind a helper and a process", async (t) => {
  t.match(databaseChain("test/threads/listingSearch.test.ts"), ["test/threads/listingSearch.test.ts"]);
  t.match(databaseChain("test/process/seed.test.ts"), ["test/process/seed.test.ts"]);
  t.equal(databaseChain("test/summarizer/text.test.ts"), null);
});
