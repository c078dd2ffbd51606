import t from "tap";
import { freshDatabaseEnv, startServer } from "../helpers/processes.ts";

const keyLine = (output: string, kind: string) => new RegExp(`${kind} key:\\s+(\\S+)`).exec(output)?.[1];

t.test("first start creates the default organization and prints its keys once; data survives a restart", async (t) => {
  const env = await freshDatabaseEnv(t);
  const first = await startServer(env);
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

  const second = await startServer(env);
  t.teardown(() => second.child.kill());
  t.notMatch(second.output(), /private key:/, "keys are printed on the first start only");
  const again = await fetch(`${second.url}/api/external/users`, { method: "PUT", headers, body: JSON.stringify({ externalId: "kept" }) });
  t.equal(again.status, 200, "the user is still there");
  t.equal((await again.json()).name, "Ada");
  t.equal(await second.stop(), 0);
});
