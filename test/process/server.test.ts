import { createServer, type AddressInfo } from "node:net";
import t from "tap";
import { EXIT_CODES } from "../../src/exitCodes.ts";
import { freshDatabaseEnv, runScript, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";

const keyLine = (output: string, kind: string) => new RegExp(`${kind} key:\\s+(\\S+)`).exec(output)?.[1];

t.test("first start creates the default organization and prints its keys once; data survives a restart", async (t) => {
  const env = await freshDatabaseEnv(t, { emptyFolder: true });
  const first = await startServer(env, SLOW_START_TIMEOUT_MS);
  const privateKey = keyLine(first.output(), "private");
  const publicKey = keyLine(first.output(), "public");
  t.match(privateKey, /^sk_/);
  t.match(publicKey, /^pk_/);

  const headers = { "api-key": privateKey!, "content-type": "application/json" };
  const projects = await (await fetch(`${first.url}/api/external/projects`, { headers })).json();
  t.match(projects, [{ name: "default" }]);
  const created = await fetch(`${first.url}/api/external/users`, { method: "PUT", headers, body: JSON.stringify({ externalId: "kept", name: "Ada" }) });
  t.equal(created.status, 201);
  const forbidden = await fetch(`${first.url}/api/external/projects`, { headers: { "api-key": publicKey! } });
  t.equal(forbidden.status, 403);
  t.equal(await first.stop(), 0, "SIGTERM exits 0");
  t.equal(first.output().split(privateKey!).length, 2, "the key appears once, in the announcement, never in the logs");

  const second = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => second.child.kill());
  t.notMatch(second.output(), /private key:/, "keys are printed on the first start only");
  const again = await fetch(`${second.url}/api/external/users`, { method: "PUT", headers, body: JSON.stringify({ externalId: "kept" }) });
  t.equal(again.status, 200, "the user is still there");
  t.equal((await again.json()).name, "Ada");
  t.equal(await second.stop(), 0);
});

t.test("a busy port: the service says so and exits before creating the default organization", async (t) => {
  const env = await freshDatabaseEnv(t);
  const occupant = createServer();
  await new Promise<void>((resolve) => occupant.listen(0, "127.0.0.1", resolve));
  t.teardown(() => occupant.close());
  const port = (occupant.address() as AddressInfo).port;

  const refused = await runScript(["src/server.ts"], { ...env, PORT: String(port), HOST: "127.0.0.1" });
  t.equal(refused.code, EXIT_CODES.portInUse);
  t.match(refused.stderr, new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: another process is using that port`));
  t.notMatch(refused.stdout + refused.stderr, /private key:/, "no keys printed by a process that cannot serve");

  const started = await startServer(env, SLOW_START_TIMEOUT_MS);
  t.teardown(() => started.child.kill());
  t.match(keyLine(started.output(), "private"), /^sk_/, "the next start is still the first: it prints the keys");
  t.equal(await started.stop(), 0);
});
