import t from "tap";
import { EXIT_CODES } from "../../src/exitCodes.ts";
import { freshDatabaseEnv, runAdmin as admin } from "../helpers/processes.ts";

// Beside admin.test.ts, so that each file's processes fit in tap's timeout on a busy machine.
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
