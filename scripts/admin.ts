import { once } from "node:events";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import { parseArgs } from "node:util";
import { readConfig } from "../src/config.ts";
import { openDatabase, type Database } from "../src/db/database.ts";
import { isDatabaseUnavailable } from "../src/db/failures.ts";
import { DatabaseInUseError } from "../src/db/folderLock.ts";
import { ClientError } from "../src/errors.ts";
import { EXIT_CODES } from "../src/exitCodes.ts";
import { createApiKey, displayPrefix, isRevoked, listApiKeys, revokeApiKey, type KeyKind } from "../src/keys/keys.ts";
import { initOrganization, listOrganizations, organizationExists } from "../src/organizations/organizations.ts";
import { createProject } from "../src/projects/projects.ts";
import { rotateSigningSecret } from "../src/tokens/tokens.ts";
import { exportOrganization } from "../src/transfer/exporter.ts";
import { ImportError, importOrganization } from "../src/transfer/importer.ts";
import { isName, NAME_RULE, type Counts } from "../src/transfer/records.ts";
import { progressBar } from "./progress.ts";

const USAGE = `Usage: npm run admin -- <command> [--json]
  init --org NAME --project NAME            an organization, its first project and one key of each kind
  orgs list                                 every organization with its id and projects
  projects create --org ID --name NAME      another project of the organization
  keys create --org ID --kind KIND          a new key; KIND is private (sk_…) or public (pk_…)
  keys list --org ID
  keys revoke KEY|PREFIX                    revoke a key, given whole or by the prefix keys list shows
  tokens rotate --org ID                    a new signing secret for feedback tokens: every token issued before is refused
  export --org ID [--project ID] [--since ISO-8601] > FILE.jsonl
                                            threads with messages, users with segments, feedback (JSON Lines)
  import FILE.jsonl [--name NAME]           a new organization (with one key of each kind) from an export`;

/** A command line that is wrong: its line, then the usage. */
class UsageError extends Error {}
/** A command that names what is not there (an organization, a key, a file): its line alone. */
class NotFoundError extends Error {}

function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        org: { type: "string" },
        project: { type: "string" },
        name: { type: "string" },
        kind: { type: "string" },
        since: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    exit(fail(new UsageError((error as Error).message), process.argv.includes("--json")));
  }
}

/** Expected failures as one line and an exit code of their own; never a stack or a database's internals. */
function failure(error: unknown): { message: string; exitCode: number } {
  if (error instanceof UsageError || error instanceof NotFoundError) return { message: error.message, exitCode: EXIT_CODES.usage };
  if (error instanceof DatabaseInUseError) return { message: error.message, exitCode: EXIT_CODES.databaseInUse };
  if (error instanceof ClientError) return { message: error.message, exitCode: error.statusCode === 409 ? EXIT_CODES.conflict : EXIT_CODES.usage };
  if (error instanceof ImportError) return { message: `import refused: ${error.message}`, exitCode: EXIT_CODES.usage };
  if (isDatabaseUnavailable(error)) return { message: "the database did not answer (check DATABASE_URL)", exitCode: EXIT_CODES.failed };
  const lastLine = (error instanceof Error ? error.message : String(error)).trim().split("\n").at(-1) ?? "";
  return { message: `unexpected error: ${lastLine.slice(0, 300)}`, exitCode: EXIT_CODES.failed };
}

/** Reports the failure (with --json also as exactly one {"error"} object on stdout); returns the exit code. */
function fail(error: unknown, json: boolean): number {
  const { message, exitCode } = failure(error);
  if (json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  process.stderr.write(`admin: ${message}\n${error instanceof UsageError && !json ? `${USAGE}\n` : ""}`);
  return exitCode;
}

function exit(code: number): never {
  process.exit(code);
}

const { values: options, positionals } = parseCommandLine();

function required(name: "org" | "project" | "name" | "kind"): string {
  const value = options[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

/** An organization's or a project's name, as an export carries it and an import takes it back. */
function named(option: "org" | "project" | "name"): string {
  const value = required(option);
  if (!isName(value)) throw new UsageError(`--${option} ${NAME_RULE}`);
  return value;
}

async function organizationId(database: Database): Promise<number> {
  const id = positiveId("org");
  if (!(await organizationExists(database.prisma, id))) throw new NotFoundError(`organization ${id} does not exist`);
  return id;
}

function positiveId(name: "org" | "project"): number {
  const id = Number(required(name));
  if (!Number.isInteger(id) || id < 1) throw new UsageError(`--${name} takes an id`);
  return id;
}

function sinceOption(): Date | undefined {
  if (options.since === undefined) return undefined;
  const since = new Date(options.since);
  if (Number.isNaN(since.getTime())) throw new UsageError("--since takes an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z");
  return since;
}

/** Writes to stdout, waiting whenever the reader is slower than the export. */
async function writeStdout(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, "drain");
}

const describeCounts = (counts: Counts) =>
  `${counts.project} projects, ${counts.user} users, ${counts.thread} threads, ${counts.message} messages, ${counts.feedback} feedback`;

async function exportToStdout(database: Database): Promise<Counts> {
  let bar: ReturnType<typeof progressBar> | undefined;
  const counts = await exportOrganization(
    database.prisma,
    { organizationId: await organizationId(database), projectId: options.project === undefined ? undefined : positiveId("project"), since: sinceOption() },
    writeStdout,
    { start: (messages) => (bar = progressBar("export messages", messages)), update: (messages) => bar?.update(messages) },
  );
  bar?.finish();
  return counts;
}

/** The file's size, or a one-line refusal when there is no such file or it is none. */
async function fileStat(path: string): Promise<{ size: number }> {
  const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") throw new NotFoundError(`no file ${path}`);
    throw error;
  });
  if (!found.isFile()) throw new NotFoundError(`${path} is not a file`);
  return found;
}

/**
 * The file's lines, read only as fast as they are consumed, with a progress bar of the bytes read.
 * (readline's iterator reads on regardless and buffers the lines a slow consumer has not taken.)
 */
async function* fileLines(path: string): AsyncGenerator<string> {
  const { size } = await fileStat(path);
  const stream = createReadStream(path);
  const decoder = new StringDecoder("utf8");
  const bar = progressBar("import read", size);
  let partial = "";
  for await (const chunk of stream) {
    const lines = (partial + decoder.write(chunk)).split("\n");
    partial = lines.pop()!;
    yield* lines;
    bar.update(stream.bytesRead);
  }
  yield partial + decoder.end();
  bar.finish();
  process.stderr.write("import: writing the organization…\n");
}

function keyKind(): KeyKind {
  const kind = required("kind");
  if (kind !== "private" && kind !== "public") throw new UsageError("--kind is private or public");
  return kind;
}

interface Output {
  json: object;
  text: string;
  /** Where to print it: stdout unless the command's data goes there. */
  stream?: NodeJS.WriteStream;
}

/** Each command's words, and how many arguments it takes after them (keys revoke's key, import's file). */
const COMMANDS = new Map([["init", 0], ["orgs list", 0], ["projects create", 0], ["keys create", 0], ["keys list", 0], ["keys revoke", 1], ["tokens rotate", 0], ["export", 0], ["import", 1]]);

/** The command the positionals name; refused with a line that says what is wrong when they name none or say more. */
function commandOf(positionals: string[]): string {
  const [first = "", second = ""] = positionals;
  if (!first) throw new UsageError("a command is required");
  const name = COMMANDS.has(first) ? first : `${first} ${second}`;
  const takes = COMMANDS.get(name);
  if (takes === undefined) {
    const subcommands = [...COMMANDS.keys()].filter((known) => known.startsWith(`${first} `)).map((known) => known.split(" ")[1]);
    throw new UsageError(subcommands.length > 0 ? `${first} takes ${subcommands.join(", ")}` : `unknown command: ${positionals.join(" ")}`);
  }
  const extra = positionals.slice(name.split(" ").length + takes);
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra.join(" ")}`);
  return name;
}

/** Runs one command; returns what to print (as JSON with --json, as text otherwise). */
async function run(database: Database, positionals: string[]): Promise<Output> {
  const { prisma } = database;
  const command = commandOf(positionals);
  const argument = positionals[command.split(" ").length];
  switch (command) {
    case "init": {
      const created = await initOrganization(prisma, named("org"), named("project"));
      return {
        json: created,
        text: `organization ${created.organizationId}, project ${created.projectId}\nprivate key: ${created.privateKey}\npublic key:  ${created.publicKey}\n(shown this once)`,
      };
    }
    case "orgs list": {
      const organizations = await listOrganizations(prisma);
      const lines = organizations.map(
        (org) => `${org.id}  ${org.name}  created ${org.createdAt.toISOString()}  projects: ${org.projects.map((p) => `${p.id} ${p.name}`).join(", ")}`,
      );
      return { json: { organizations }, text: lines.join("\n") || "no organizations" };
    }
    case "projects create": {
      const project = await createProject(prisma, await organizationId(database), named("name"));
      return { json: { projectId: project.id }, text: `project ${project.id} '${project.name}'` };
    }
    case "keys create": {
      const key = await createApiKey(prisma, await organizationId(database), keyKind());
      return { json: key, text: `${key.kind} key: ${key.key}\n(shown this once; its prefix is ${key.prefix})` };
    }
    case "keys list": {
      const keys = await listApiKeys(prisma, await organizationId(database));
      const lines = keys.map((key) => `${key.prefix}  ${key.kind.padEnd(7)}  created ${key.createdAt.toISOString()}${key.revokedAt ? `  revoked ${key.revokedAt.toISOString()}` : ""}`);
      return { json: { keys }, text: lines.join("\n") || "no keys" };
    }
    case "keys revoke": {
      if (!argument) throw new UsageError("keys revoke takes the key, or the prefix keys list shows");
      const prefix = displayPrefix(argument);
      if (!(await revokeApiKey(prisma, argument))) {
        throw new NotFoundError((await isRevoked(prisma, argument)) ? `key ${prefix} is revoked already` : `no active key is or starts with ${prefix}`);
      }
      return { json: { revoked: prefix }, text: `revoked ${prefix}` };
    }
    case "tokens rotate": {
      const { keyId } = await rotateSigningSecret(database, await organizationId(database));
      return { json: { keyId }, text: `feedback tokens are now signed with key ${keyId}; tokens issued before are refused (within seconds on running instances)` };
    }
    case "export": {
      const counts = await exportToStdout(database);
      return { json: { counts }, text: `exported ${describeCounts(counts)}`, stream: process.stderr };
    }
    case "import": {
      if (!argument) throw new UsageError("import takes the export file's path");
      const imported = await importOrganization(prisma, fileLines(argument), { name: options.name });
      return {
        json: imported,
        text: `organization ${imported.organizationId} imported: ${describeCounts(imported.counts)}\nprivate key: ${imported.privateKey}\npublic key:  ${imported.publicKey}\n(shown this once)`,
      };
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

async function main(): Promise<number> {
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT_CODES.ok;
  }
  const config = readConfig();
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.pool });
    await database.migrate();
    const result = await run(database, positionals);
    (result.stream ?? process.stdout).write(`${options.json ? JSON.stringify(result.json) : result.text}\n`);
    return EXIT_CODES.ok;
  } catch (error) {
    return fail(error, options.json);
  } finally {
    await database?.close();
  }
}

exit(await main());
