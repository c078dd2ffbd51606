// Every statement of every src/**/sql.ts (and *Sql.ts), prepared against the migrated schema on PGlite, and on
// PostgreSQL when DATABASE_URL is set: a renamed column or table, or a parameter whose type
// PostgreSQL cannot tell, fails here rather than in the request that first sends the statement.
// Its named parameters are checked against the `Params` type the compiler checks callers against.
import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import t, { type Test } from "tap";
import ts from "typescript";
import { statement, type ComposedStatement, type Statement } from "../../src/db/statement.ts";
import { openMigratedPglite, openTestDatabase } from "../helpers/database.ts";

type AnyStatement = Statement<object, unknown>;

interface Found {
  /** `file: EXPORT`, and the parts of a composed statement's shape. */
  label: string;
  statement: AnyStatement;
}

const root = resolve(import.meta.dirname, "../..");
const sqlFiles = (await readdir(join(root, "src"), { recursive: true }))
  .filter((path) => /(^|\/)(sql|[a-z]+Sql)\.ts$/.test(path))
  .map((path) => join(root, "src", path))
  .sort();

const isStatement = (value: unknown): value is AnyStatement =>
  typeof value === "object" && value !== null && typeof (value as AnyStatement).text === "string" && Array.isArray((value as AnyStatement).parameters);

const isComposed = (value: unknown): value is ComposedStatement<string, object, unknown> =>
  typeof value === "object" && value !== null && Array.isArray((value as ComposedStatement<string, object, unknown>).parts);

/** A statement, or of a composed one the shape without parts, each part alone, and all parts; none for anything else. */
function statementsOf(key: string, value: unknown): Found[] {
  if (isStatement(value)) return [{ label: key, statement: value }];
  if (!isComposed(value)) return [];
  const shapes = [[], ...value.parts.map((part) => [part]), value.parts];
  return shapes.map((shape) => ({ label: `${key} [${shape.join(",")}]`, statement: value.of(shape) }));
}

/** Each exported statement, and each statement of an exported object of them (`EXPORT.key`). */
async function exportedStatements(): Promise<Map<string, Found[]>> {
  const byExport = new Map<string, Found[]>();
  for (const file of sqlFiles) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      const key = `${file.slice(root.length + 1)}: ${name}`;
      const found = statementsOf(key, value);
      if (found.length > 0) byExport.set(key, found);
      else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
        for (const [entry, inner] of Object.entries(value)) {
          const innerFound = statementsOf(`${key}.${entry}`, inner);
          if (innerFound.length > 0) byExport.set(`${key}.${entry}`, innerFound);
        }
      }
    }
  }
  return byExport;
}

/**
 * The names of each exported statement's `Params`, as the compiler sees them; of an exported object
 * of statements, each entry's (`EXPORT.key`), or all entries' of a record (`EXPORT.*`).
 */
function declaredParameters(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram(sqlFiles, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const declared = new Map<string, string[]>();
  for (const file of sqlFiles) {
    const source = program.getSourceFile(file)!;
    const paramNames = (type: ts.Type): string[] | undefined => {
      const of = type.getProperty("of");
      if (of) type = checker.getTypeOfSymbolAtLocation(of, source).getCallSignatures()[0]!.getReturnType();
      const types = type.getProperty("types");
      if (!types || !type.getProperty("parameters")) return undefined;
      const params = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(types, source)).getProperty("params")!;
      return checker.getTypeOfSymbolAtLocation(params, source).getProperties().map((property) => property.getName()).sort();
    };
    for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(source)!)) {
      const key = `${file.slice(root.length + 1)}: ${symbol.getName()}`;
      const type = checker.getTypeOfSymbolAtLocation(symbol, source);
      const names = paramNames(type);
      if (names) declared.set(key, names);
      const entries = type.getStringIndexType();
      const entryNames = entries && paramNames(entries);
      if (entryNames) declared.set(`${key}.*`, entryNames);
    }
  }
  return declared;
}

const byExport = await exportedStatements();
const all = [...byExport.values()].flat();

t.test("the statements are found: every src/**/sql.ts is read", async (t) => {
  t.ok(sqlFiles.length >= 10, `${sqlFiles.length} files`);
  t.ok(byExport.size >= 65, `${byExport.size} exported statements, ${all.length} texts`);
});

t.test("one name per distinct text: PostgreSQL prepares each name once per connection", async (t) => {
  const texts = new Map<string, string>();
  for (const { label, statement } of all) {
    if (statement.name === "") continue;
    const known = texts.get(statement.name);
    if (known !== undefined && known !== statement.text) t.fail(`${label}: the name '${statement.name}' has another text too`);
    texts.set(statement.name, statement.text);
  }
});

t.test("each statement's named parameters are exactly the names of its Params type", async (t) => {
  const declared = declaredParameters();
  const entryOf = (key: string) => key.replace(/^(.*?: \w+)\..*$/, "$1.*");
  const declaredOf = (key: string) => declared.get(key) ?? declared.get(entryOf(key));
  for (const [key, found] of byExport) {
    const inText = [...new Set(found.flatMap(({ statement }) => statement.parameters))].sort();
    t.same(inText, declaredOf(key), key);
  }
  const seen = new Set([...byExport.keys()].flatMap((key) => [key, entryOf(key)]));
  t.same([...declared.keys()].filter((key) => !seen.has(key)), [], "every statement the compiler sees is found");
});

/** Prepares `text` and answers how many parameters PostgreSQL found in it; rejects when it cannot plan it. */
type Prepare = (text: string) => Promise<number>;

async function checkEveryStatement(t: Test, prepare: Prepare): Promise<void> {
  for (const { label, statement } of all) {
    const parameters = await prepare(statement.text).catch((error: Error) => {
      t.fail(`${label}: ${error.message}`);
      return undefined;
    });
    if (parameters !== undefined) t.equal(parameters, statement.parameters.length, label);
  }
  await t.rejects(prepare(statement("renamed", `SELECT "renamedColumn" FROM "Thread" WHERE "organizationId" = :organizationId`).text), {
    message: /renamedColumn/,
  }, "a column the schema does not have fails");
}

t.test("PGlite prepares every statement", async (t) => {
  const db = await openMigratedPglite();
  t.teardown(() => db.close());
  await checkEveryStatement(t, async (text) => (await db.describeQuery(text)).queryParams.length);
});

t.test("PostgreSQL prepares every statement", { skip: process.env.DATABASE_URL ? false : "DATABASE_URL is not set" }, async (t) => {
  const database = await openTestDatabase(); // migrated
  await database.close();
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  t.teardown(() => client.end());
  await checkEveryStatement(t, async (text) => {
    await client.query(`PREPARE checked AS ${text}`);
    try {
      const { rows } = await client.query<{ count: number }>(
        `SELECT cardinality(parameter_types)::int AS "count" FROM pg_prepared_statements WHERE name = 'checked'`,
      );
      return rows[0]!.count;
    } finally {
      await client.query("DEALLOCATE checked");
    }
  });
});
