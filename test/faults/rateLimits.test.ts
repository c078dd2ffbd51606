import { randomBytes } from "node:crypto";
import t from "tap";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedKey, printedPrivateKey } from "../helpers/serviceClient.ts";

const TOO_MANY = /^Too many requests - retry after \d+ seconds$/;

t.test("the server's rate limits from outside: failed authentications, public keys per address, private keys unlimited", async (t) => {
  const service = await startServer(
    { ...(await freshDatabaseEnv(t)), RATE_LIMIT_FAILED_AUTH_PER_MINUTE: "5", RATE_LIMIT_PUBLIC_PER_MINUTE: "3", REDIS_URL: "" },
    SLOW_START_TIMEOUT_MS,
  );
  t.teardown(() => service.child.kill("SIGKILL"));
  const privateKey = printedPrivateKey(service.output());
  const publicKey = printedKey(service.output(), "public");
  const send = (key: string | null, method = "GET", path = "/api/external/projects") =>
    fetch(`${service.url}${path}`, {
      method,
      headers: { ...(key ? { "api-key": key } : {}), ...(method === "POST" ? { "content-type": "application/json" } : {}) },
      ...(method === "POST" ? { body: "{}" } : {}),
    });

  const failures = [];
  for (let i = 0; i < 5; i++) failures.push((await send(i === 0 ? null : `sk_${randomBytes(24).toString("base64url")}`)).status);
  t.same(failures, [401, 401, 401, 401, 401]);
  const refused = await send(`sk_${randomBytes(24).toString("base64url")}`);
  t.equal(refused.status, 429, "the 6th failed authentication");
  t.match(await refused.json(), { error: TOO_MANY });
  t.ok(Number(refused.headers.get("retry-after")) >= 1, `Retry-After ${refused.headers.get("retry-after")}`);

  for (let i = 0; i < 10; i++) {
    const served = await send(privateKey);
    t.equal(served.status, 200, "a valid private key from the same address is served, without limit by default");
    t.equal(served.headers.get("x-ratelimit-limit"), null);
  }

  const publicStatuses = [];
  for (let i = 0; i < 4; i++) publicStatuses.push((await send(publicKey, "POST", "/api/external/feedback")).status);
  t.same(publicStatuses, [400, 400, 400, 429], "3 public-key requests a minute from this address");
  t.equal((await fetch(`${service.url}/health`)).status, 200, "probes are not limited");
  t.equal(await service.stop(), 0);
});
