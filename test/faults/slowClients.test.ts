import t from "tap";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { answerOf, openSocket } from "../helpers/rawHttp.ts";
import { printedPrivateKey } from "../helpers/serviceClient.ts";
import { sleep } from "../helpers/wait.ts";

const REQUEST_TIMEOUT_MS = 4_000;
const HEADERS_TIMEOUT_MS = 3_000;
const BYTE_EVERY_MS = 2_500;
/** Node checks the timeouts every second; the rest is a busy machine's slack. */
const SLACK_MS = 3_000;

/** Writes one byte of `text` every BYTE_EVERY_MS until the socket closes or the text runs out. */
async function trickle(socket: import("node:net").Socket, text: string): Promise<void> {
  for (const byte of text) {
    if (socket.destroyed || !socket.writable) return;
    socket.write(byte);
    await sleep(BYTE_EVERY_MS);
  }
}

t.test("slow clients are cut off: a body or headers at one byte every 2.5 s get a 408 and the connection closes", async (t) => {
  const service = await startServer(
    { ...(await freshDatabaseEnv(t)), REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) },
    SLOW_START_TIMEOUT_MS,
  );
  t.teardown(() => service.child.kill("SIGKILL"));
  const key = printedPrivateKey(service.output());

  const slowBody = async () => {
    const socket = await openSocket(service.url);
    const answer = answerOf(socket);
    socket.write(`PUT /api/external/users HTTP/1.1\r\nHost: x\r\napi-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`);
    void trickle(socket, `{"externalId":"${"s".repeat(80)}"}`);
    return answer;
  };
  const slowHeaders = async () => {
    const socket = await openSocket(service.url);
    const answer = answerOf(socket);
    void trickle(socket, "GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: yes\r\n\r\n");
    return answer;
  };

  const answers = await Promise.all([...Array.from({ length: 5 }, slowBody), ...Array.from({ length: 5 }, slowHeaders)]);
  for (const [index, answer] of answers.entries()) {
    const kind = index < 5 ? "body" : "headers";
    const bound = (kind === "body" ? REQUEST_TIMEOUT_MS : HEADERS_TIMEOUT_MS) + SLACK_MS;
    t.equal(answer.status, 408, `slow ${kind}: 408`);
    t.match(JSON.parse(answer.body || "{}"), { error: /Request Timeout/ }, `slow ${kind}: the service's error shape`);
    t.ok(answer.closedAfterMs < bound, `slow ${kind}: closed after ${answer.closedAfterMs} ms (bound ${bound} ms)`);
  }
  const health = await fetch(`${service.url}/health`);
  t.equal(health.status, 200, "the service still answers");
  t.equal(await service.stop(), 0);
});
