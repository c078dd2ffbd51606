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

t.test("what is not there is one line without the usage; names an export could not carry are refused; extra words are refused", async (t) => {
  const env = await freshDatabaseEnv(t);
  const { organizationId, privateKey } = JSON.parse((await admin(env, "init", "--org", "Acme", "--project", "p", "--json")).stdout);

  const unknownOrg = await admin(env, "keys", "list", "--org", "999");
  t.equal(unknownOrg.code, EXIT_CODES.usage);
  t.equal(unknownOrg.stderr, "admin: organization 999 does not exist\n", "one line");

  t.equal((await admin(env, "keys", "revoke", privateKey)).code, 0);
  const again = await admin(env, "keys", "revoke", privateKey, "--json");
  t.equal(again.code, EXIT_CODES.usage);
  t.same(JSON.parse(again.stdout), { error: `key ${privateKey.slice(0, 11)} is revoked already` });
  t.equal(again.stderr, `admin: key ${privateKey.slice(0, 11)} is revoked already\n`);

  const long = "p".repeat(256);
  for (const args of [["init", "--org", long, "--project", "p"], ["init", "--org", "Other", "--project", long], ["projects", "create", "--org", String(organizationId), "--name", long]]) {
    const refused = await admin(env, ...args, "--json");
    t.equal(refused.code, EXIT_CODES.usage, args.join(" ").slice(0, 40));
    t.match(JSON.parse(refused.stdout), { error: /must be 1 to 255 characters/ });
  }
  t.match((await admin(env, "orgs", "list", "--json")).stdout, /"Acme"/);
  t.notMatch((await admin(env, "orgs", "list", "--json")).stdout, /"Other"/, "nothing created");

  const missing = await admin(env, "import", "/nonexistent/export.jsonl", "--json");
  t.equal(missing.code, EXIT_CODES.usage);
  t.same(JSON.parse(missing.stdout), { error: "no file /nonexistent/export.jsonl" });
  const folder = await admin(env, "import", "/tmp", "--json");
  t.same([folder.code, JSON.parse(folder.stdout)], [EXIT_CODES.usage, { error: "/tmp is not a file" }]);

  const extra = await admin(env, "orgs", "list", "extra", "--json");
  t.same([extra.code, JSON.parse(extra.stdout)], [EXIT_CODES.usage, { error: "unexpected argument: extra" }]);
  const bare = await admin(env, "keys", "--json");
  t.same([bare.code, JSON.parse(bare.stdout)], [EXIT_CODES.usage, { error: "keys takes create, list, revoke" }]);
});
