import { parseArgs } from "node:util";
import { readConfig } from "../src/config.ts";
import { openDatabase, type Database } from "../src/db/database.ts";
import { createApiKey, listApiKeys, revokeApiKey, type KeyKind } from "../src/keys/keys.ts";
import { initOrganization, organizationExists } from "../src/organizations/organizations.ts";
import { createProject } from "../src/projects/projects.ts";

const USAGE = `Usage: npm run admin -- <command> [--json]
  init --org NAME --project NAME            an organization, its first project and one key of each kind
  projects create --org ID --name NAME      another project of the organization
  keys create --org ID --kind private|public
  keys list --org ID
  keys revoke PREFIX                        revoke the key whose listed prefix this is`;

class UsageError extends Error {}

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    org: { type: "string" },
    project: { type: "string" },
    name: { type: "string" },
    kind: { type: "string" },
    json: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

function required(name: "org" | "project" | "name" | "kind"): string {
  const value = options[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

async function organizationId(database: Database): Promise<number> {
  const id = Number(required("org"));
  if (!Number.isInteger(id) || id < 1) throw new UsageError("--org takes an organization id");
  if (!(await organizationExists(database.prisma, id))) throw new UsageError(`organization ${id} does not exist`);
  return id;
}

function keyKind(): KeyKind {
  const kind = required("kind");
  if (kind !== "private" && kind !== "public") throw new UsageError("--kind is private or public");
  return kind;
}

/** Runs one command; returns what to print (as JSON with --json, as text otherwise). */
async function run(database: Database, [command, sub, argument]: string[]): Promise<{ json: object; text: string }> {
  const { prisma } = database;
  switch (`${command} ${sub ?? ""}`.trim()) {
    case "init": {
      const created = await initOrganization(prisma, required("org"), required("project"));
      return {
        json: created,
        text: `organization ${created.organizationId}, project ${created.projectId}\nprivate key: ${created.privateKey}\npublic key:  ${created.publicKey}\n(shown this once)`,
      };
    }
    case "projects create": {
      const project = await createProject(prisma, await organizationId(database), required("name"));
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
      if (!argument) throw new UsageError("keys revoke takes the key's PREFIX");
      if (!(await revokeApiKey(prisma, argument))) throw new UsageError(`no active key has prefix ${argument}`);
      return { json: { revoked: argument }, text: `revoked ${argument}` };
    }
    default:
      throw new UsageError(command ? `unknown command: ${positionals.join(" ")}` : "a command is required");
  }
}

async function main(): Promise<number> {
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.pool });
  try {
    await database.migrate();
    const result = await run(database, positionals);
    process.stdout.write(`${options.json ? JSON.stringify(result.json) : result.text}\n`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (options.json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    process.stderr.write(`admin: ${message}\n${error instanceof UsageError ? `${USAGE}\n` : ""}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await database.close();
  }
}

process.exit(await main());
