import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A server process under benchmark: the service, or a baseline answering the same requests. */
export interface BenchTarget {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  /** Options of the target's node process, e.g. --cpu-prof. */
  nodeOptions?: string[];
}

export interface RunningTarget {
  child: ChildProcess;
  url: string;
}

/** The service without rate limits, which would cap any benchmark. */
export const SERVICE: BenchTarget = { name: "service", script: "src/server.ts", env: { LOG_LEVEL: "warn", RATE_LIMIT_PUBLIC_PER_MINUTE: "0", RATE_LIMIT_FAILED_AUTH_PER_MINUTE: "0" } };

/** The lean node:http + pg server answering the same requests (bench/baseline/). */
export const BASELINE: BenchTarget = { name: "baseline", script: "bench/baseline/server.ts", env: {} };

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** Starts the target on 127.0.0.1 (on a free port unless given) and resolves once it answers HTTP at all. */
export async function startTarget(target: BenchTarget, databaseUrl: string, port?: number): Promise<RunningTarget> {
  port ??= await freePort();
  const child = spawn(process.execPath, [...(target.nodeOptions ?? []), "--import", "tsx", target.script], {
    cwd: ROOT,
    env: { ...process.env, ...target.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${target.name} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${target.name} did not start within 60 s`);
    if (await fetch(url).then(() => true, () => false)) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGTERM, and SIGKILL after 5 s. */
export async function stopTarget(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}
