import t from "tap";
import { EXIT_CODES } from "../../src/exitCodes.ts";
import { freshDatabaseEnv, runScript } from "../helpers/processes.ts";

const admin = (env: NodeJS.ProcessEnv, ...args: string[]) => runScript(["scripts/admin.ts", ...args], env);

t.test("init, projects, keys: one JSON object on stdout with --json", async (t) => {
  const env = await freshDatabaseEnv(t);
  const init = await admin(env, "init", "--org", "Acme", "--project", "support", "--json");
  t.equal(init.code, 0, init.stderr);
  const created = JSON.parse(init.stdout);
  t.match(created, { organizationId: Number, projectId: Number, privateKey: /^sk_/, publicKey: /^pk_/ });
  t.equal(init.stdout.trim().split("\n").length, 1, "nothing but the object");

  const project = await admin(env, "projects", "create", "--org", String(created.organizationId), "--name", "sales", "--json");
  t.equal(project.code, 0, project.stderr);
  t.same(Object.keys(JSON.parse(project.stdout)), ["projectId"]);
  t.not(JSON.parse(project.stdout).projectId, created.projectId);

  const key = await admin(env, "keys", "create", "--org", String(created.organizationId), "--kind", "public", "--json");
  t.equal(key.code, 0, key.stderr);
  const newKey = JSON.parse(key.stdout);
  t.match(newKey, { kind: "public", key: /^pk_/, prefix: /^pk_/ });

  const list = await admin(env, "keys", "list", "--org", String(created.organizationId), "--json");
  const { keys } = JSON.parse(list.stdout);
  t.equal(keys.length, 3);
  t.notMatch(list.stdout, newKey.key.slice(11), "listing never shows a key");

  const revoke = await admin(env, "keys", "revoke", newKey.prefix, "--json");
  t.equal(revoke.code, 0, revoke.stderr);
  const after = JSON.parse((await admin(env, "keys", "list", "--org", String(created.organizationId), "--json")).stdout);
  t.ok(after.keys.find((k: { prefix: string; revokedAt: string | null }) => k.prefix === newKey.prefix).revokedAt);
});

t.test("mistakes exit non-zero with a message", async (t) => {
  const env = await freshDatabaseEnv(t);
  const missing = await admin(env, "init", "--org", "Acme");
  t.equal(missing.code, 2);
  t.match(missing.stderr, /--project is required/);
  const unknownOrg = await admin(env, "keys", "create", "--org", "999", "--kind", "private", "--json");
  t.equal(unknownOrg.code, 2);
  t.match(JSON.parse(unknownOrg.stdout), { error: /organization 999 does not exist/ });
  const badKind = await admin(env, "keys", "create", "--org", "1", "--kind", "secret");
  t.not(badKind.code, 0);
  const unknown = await admin(env, "frobnicate");
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /unknown command/);
});

t.test("expected failures: one clear line, one {error} object with --json, an exit code of their own", async (t) => {
  const env = await freshDatabaseEnv(t);
  const { organizationId } = JSON.parse((await admin(env, "init", "--org", "Acme", "--project", "support", "--json")).stdout);

  const duplicate = await admin(env, "projects", "create", "--org", String(organizationId), "--name", "support", "--json");
  t.equal(duplicate.code, EXIT_CODES.conflict);
  t.same(JSON.parse(duplicate.stdout), { error: `organization ${organizationId} already has a project named 'support'` });
  t.equal(duplicate.stdout.trim().split("\n").length, 1);
  t.equal(duplicate.stderr, `admin: organization ${organizationId} already has a project named 'support'\n`);
  t.notMatch(duplicate.stdout + duplicate.stderr, /prisma|invocation|\.ts:/i, "no internals");

  const unknownOption = await admin(env, "keys", "list", "--organisation", "1", "--json");
  t.equal(unknownOption.code, EXIT_CODES.usage);
  t.match(JSON.parse(unknownOption.stdout), { error: /Unknown option '--organisation'/ });
  t.equal(unknownOption.stdout.trim().split("\n").length, 1);

  const unknownKey = await admin(env, "keys", "revoke", "sk_nothing-like-this-exists", "--json");
  t.equal(unknownKey.code, EXIT_CODES.usage);
  t.same(JSON.parse(unknownKey.stdout), { error: "no active key is or starts with sk_nothing-" });
});

t.test("keys revoke takes the whole key as well as its prefix", async (t) => {
  const env = await freshDatabaseEnv(t);
  const { organizationId, privateKey, publicKey } = JSON.parse((await admin(env, "init", "--org", "Acme", "--project", "p", "--json")).stdout);
  const revoked = await admin(env, "keys", "revoke", privateKey, "--json");
  t.equal(revoked.code, 0, revoked.stderr);
  t.same(JSON.parse(revoked.stdout), { revoked: privateKey.slice(0, 11) });
  t.notMatch(revoked.stdout, privateKey.slice(11), "the secret part is not echoed");

  const wrongTail = await admin(env, "keys", "revoke", `${publicKey.slice(0, 11)}${"x".repeat(publicKey.length - 11)}`, "--json");
  t.equal(wrongTail.code, EXIT_CODES.usage, "a whole key must match the key, not only its prefix");

  const { keys } = JSON.parse((await admin(env, "keys", "list", "--org", String(organizationId), "--json")).stdout);
  t.ok(keys.find((key: { kind: string }) => key.kind === "private").revokedAt);
  t.equal(keys.find((key: { kind: string }) => key.kind === "public").revokedAt, null);
});
