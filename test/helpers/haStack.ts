import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { sleep } from "./wait.ts";

const run = promisify(execFile);
const STACK_SCRIPT = new URL("../../scripts/ha/stack.sh", import.meta.url).pathname;
/** What scripts/ha/stack.sh exits with when patroni, etcd-server or haproxy is missing and cannot be installed. */
const EXIT_UNAVAILABLE = 3;

export interface Member {
  name: string;
  role: "leader" | "sync_standby" | "replica";
  state: string;
  timeline?: number;
}

/** A running scripts/ha/stack.sh stack: etcd, Patroni nodes and HAProxy, in a folder and on ports of its own. */
export interface HaStack {
  dir: string;
  /** The service's URL: through HAProxy to whichever node is the primary. */
  databaseUrl: string;
  members(): Promise<Member[]>;
  leader(): Promise<string>;
  /** SIGKILL of the leader's Patroni and postmaster at once, as a machine dying would; resolves to its name. */
  killLeader(): Promise<string>;
  /** Starts the Patroni of a node whose processes are gone: it rejoins as a replica (pg_rewind if needed). */
  restart(node: string): Promise<void>;
  /** A planned switchover with patronictl, to the synchronous standby. */
  switchover(): Promise<void>;
  /** Resolves once every node runs with one leader and a synchronous standby. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** The first moment a node other than `former` accepts writes, polled directly on the nodes every 50 ms. */
  waitForWritablePrimary(former: string, timeoutMs?: number): Promise<{ node: string; at: number }>;
  down(): Promise<void>;
}

function stackScript(command: string, env: NodeJS.ProcessEnv, ...args: string[]) {
  return run("bash", [STACK_SCRIPT, command, ...args], { env: { ...process.env, ...env }, maxBuffer: 16 << 20 });
}

function parseEnv(text: string): Record<string, string> {
  return Object.fromEntries(text.split("\n").filter((line) => line.includes("=")).map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
}


/**
 * The stack's 30 ports from a random base below Linux's ephemeral range (32768 and up), where the
 * connections of the tests running beside it take their local ports and a node could find its port taken.
 */
const randomBasePort = () => String(20_000 + 100 * Math.floor(Math.random() * 126));

/**
 * Brings a stack up on random ports in a fresh folder, a second time on other ports if the first does
 * not come up. Resolves to the reason instead when the packages are missing and cannot be installed,
 * so that a test can skip saying why.
 */
export async function startHaStack(nodes = 3): Promise<HaStack | { unavailable: string }> {
  let dir = "";
  let env: NodeJS.ProcessEnv = {};
  for (let attempt = 1; ; attempt++) {
    dir = join(tmpdir(), `feedback-ha-test-${process.pid}-${Date.now()}`);
    env = { HA_DIR: dir, HA_BASE_PORT: randomBasePort(), HA_NODES: String(nodes) };
    try {
      await stackScript("up", env);
      break;
    } catch (error) {
      const { code, stderr } = error as { code?: number; stderr?: string };
      await stackScript("down", env).catch(() => {});
      if (code === EXIT_UNAVAILABLE) return { unavailable: stderr?.trim() || "the HA packages cannot be installed" };
      if (attempt === 2) throw new Error(`scripts/ha/stack.sh up failed twice: ${stderr}`);
      process.stderr.write(`scripts/ha/stack.sh up failed, trying again on other ports: ${stderr}\n`);
    }
  }
  const settings = parseEnv(await readFile(join(dir, "stack.env"), "utf8"));
  const restUrls = Array.from({ length: nodes }, (_, i) => settings[`NODE${i + 1}_REST`]!);
  const nodeUrl = (node: string) => {
    const url = new URL(settings.SUPERUSER_URL!);
    url.port = settings[`${node.toUpperCase()}_PG_PORT`]!;
    return url.toString();
  };

  async function members(): Promise<Member[]> {
    for (const rest of restUrls) {
      try {
        const response = await fetch(`${rest}/cluster`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return ((await response.json()) as { members: Member[] }).members;
      } catch {
        // that node's Patroni is down: ask the next one
      }
    }
    throw new Error("no Patroni REST API answers");
  }

  async function leader(): Promise<string> {
    const found = (await members()).find((member) => member.role === "leader");
    if (!found) throw new Error("the cluster has no leader");
    return found.name;
  }

  async function pidIn(file: string): Promise<number> {
    return Number((await readFile(file, "utf8")).split("\n")[0]);
  }

  async function isWritable(node: string): Promise<boolean> {
    const client = new pg.Client({ connectionString: nodeUrl(node), connectionTimeoutMillis: 500 });
    client.on("error", () => {});
    try {
      await client.connect();
      const { rows } = await client.query("SELECT pg_is_in_recovery() AS recovery");
      return rows[0].recovery === false;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }

  return {
    dir,
    databaseUrl: settings.DATABASE_URL!,
    members,
    leader,
    async killLeader() {
      const node = await leader();
      const patroni = await pidIn(join(dir, `${node}.pid`));
      const postmaster = await pidIn(join(dir, node, "data", "postmaster.pid"));
      process.kill(patroni, "SIGKILL");
      process.kill(postmaster, "SIGKILL");
      return node;
    },
    async restart(node) {
      await stackScript("restart", env, node);
    },
    async switchover() {
      await stackScript("switchover", env);
    },
    async waitHealthy(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const current = await members().catch(() => []);
        const roles = current.map((member) => member.role);
        const running = current.every((member) => member.state === "running" || member.state === "streaming");
        if (current.length === nodes && running && roles.filter((role) => role === "leader").length === 1 && roles.includes("sync_standby")) return;
        if (Date.now() > deadline) throw new Error(`the cluster is not healthy after ${timeoutMs} ms: ${JSON.stringify(current)}`);
        await sleep(500);
      }
    },
    async waitForWritablePrimary(former, timeoutMs = 60_000) {
      const candidates = Array.from({ length: nodes }, (_, i) => `node${i + 1}`).filter((node) => node !== former);
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        for (const node of candidates) if (await isWritable(node)) return { node, at: Date.now() };
        await sleep(50);
      }
      throw new Error(`no node took over from ${former} within ${timeoutMs} ms`);
    },
    async down() {
      await stackScript("down", env);
    },
  };
}
