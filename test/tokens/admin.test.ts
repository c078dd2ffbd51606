import t from "tap";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.ts";
import { openDatabase, type Database } from "../../src/db/database.ts";
import { readClaims } from "../../src/tokens/token.ts";
import { UNAUTHORIZED } from "../helpers/contract.ts";
import { freshDatabaseEnv, runAdmin as admin } from "../helpers/processes.ts";

// `npm run admin -- tokens rotate --org ID`, run as its own process as an operator runs it: a running
// service refuses tokens issued before (here, a service started after it, whose cache is empty).

/** The service on the database of `env`, in this process for as long as `work` runs (PGlite admits one process at a time). */
async function withService<T>(env: NodeJS.ProcessEnv, work: (app: FastifyInstance, database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR, pool: { max: 2 } });
  const app = await buildApp({ database });
  try {
    return await work(app, database);
  } finally {
    await app.close();
    await database.close();
  }
}

t.test("tokens rotate: a new key id, the secret never printed, older tokens refused", async (t) => {
  const env = await freshDatabaseEnv(t);
  const init = JSON.parse((await admin(env, "init", "--org", "Acme", "--project", "support", "--json")).stdout);
  const org = init.organizationId as number;
  const minted = await withService(env, async (app) => {
    const headers = { "api-key": init.privateKey };
    const thread = { externalId: "chat-1", externalUser: { externalId: "owner" }, messages: [{ role: "assistant", content: "hello" }] };
    t.equal((await app.inject({ method: "POST", url: "/api/external/threads", headers, payload: thread })).statusCode, 201);
    const response = await app.inject({ method: "POST", url: "/api/external/feedback-tokens", headers, payload: { userExternalId: "visitor", externalThreadId: "chat-1" } });
    return response.json().token as string;
  });

  const rotated = await admin(env, "tokens", "rotate", "--org", String(org), "--json");
  t.equal(rotated.code, 0, rotated.stderr);
  const { keyId } = JSON.parse(rotated.stdout);
  t.ok(keyId > readClaims(minted)!.keyId, "a new key id");
  const text = await admin(env, "tokens", "rotate", "--org", String(org));
  t.match(text.stdout, /feedback tokens are now signed with key \d+/);

  await withService(env, async (app, database) => {
    const [stored] = await database.prisma.feedbackTokenSecret.findMany({ where: { organizationId: org } });
    for (const output of [rotated.stdout, rotated.stderr, text.stdout, text.stderr]) t.notMatch(output, stored!.secret, "the secret is never printed");
    const vote = await app.inject({ method: "POST", url: "/api/external/feedback", headers: { "api-key": minted }, payload: { feedbackType: "POSITIVE", externalThreadId: "chat-1" } });
    t.equal(vote.statusCode, 401);
    t.same(vote.json(), UNAUTHORIZED);
    t.equal(await database.prisma.feedback.count({ where: { organizationId: org } }), 0);
  });

  const unknown = await admin(env, "tokens", "rotate", "--org", "999999", "--json");
  t.equal(unknown.code, 2);
  t.match(JSON.parse(unknown.stdout), { error: /organization 999999 does not exist/ });
});
