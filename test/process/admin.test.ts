import t from "tap";
import { freshDatabaseEnv, runAdmin as admin } from "../helpers/processes.ts";

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

  const orgs = await admin(env, "orgs", "list", "--json");
  t.equal(orgs.code, 0, orgs.stderr);
  const listed = JSON.parse(orgs.stdout).organizations.find((org: { id: number }) => org.id === created.organizationId);
  t.match(listed, { name: "Acme", projects: [{ id: created.projectId, name: "support" }, { name: "sales" }] }, "a lost organization id is found by name");
  const text = await admin(env, "orgs", "list");
  t.match(text.stdout, new RegExp(`^${created.organizationId}  Acme  created .*projects: ${created.projectId} support, \\d+ sales$`, "m"));
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
