import { spawn } from "node:child_process";

const root = new URL("../../", import.meta.url).pathname;

/**
 * Starts `prism proxy openapi.yaml <upstream> --errors` and resolves with its URL. Prism checks
 * every response against the contract and marks one that breaks it with an `sl-violations` header
 * (and, for an error, turns it into a 500). With `validateRequest` false, requests that break the
 * contract on purpose (a missing key, a bad body) reach the service instead of being answered by prism.
 */
export function startPrismProxy(t: { teardown(fn: () => unknown): void }, upstream: string, validateRequest: boolean): Promise<string> {
  const child = spawn(
    `${root}node_modules/.bin/prism`,
    ["proxy", "openapi.yaml", upstream, "--errors", `--validate-request=${validateRequest}`, "-h", "127.0.0.1", "-p", "0"],
    { cwd: root, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
  );
  let output = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  t.teardown(() => {
    child.kill("SIGTERM");
    return exited;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const listening = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!listening) return;
      clearTimeout(timer);
      resolve(listening[1]!);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => reject(new Error(`prism exited:\n${output}`)));
  });
}
