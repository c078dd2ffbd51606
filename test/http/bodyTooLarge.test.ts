import t from "tap";
import { answerOf, openSocket, type RawAnswer } from "../helpers/rawHttp.ts";
import { freshDatabaseEnv, SLOW_START_TIMEOUT_MS, startServer } from "../helpers/processes.ts";
import { printedPrivateKey } from "../helpers/serviceClient.ts";

// The server as it runs (its own process, the default body limit of 5 MiB) and a client that writes all of an
// 11 MB body before it reads, as curl or a proxy does: the 413 must reach it, not a reset that discards the
// answer waiting in its socket buffer.
const BODY_BYTES = 11 * 1024 * 1024;
const ROUNDS = 50;

const service = await startServer(await freshDatabaseEnv(t), SLOW_START_TIMEOUT_MS);
t.teardown(() => service.child.kill("SIGKILL"));
const { url } = service;
const privateKey = printedPrivateKey(service.output());
const body = Buffer.alloc(BODY_BYTES, "x");

async function postWhole(headers: string, payload: Buffer): Promise<RawAnswer> {
  const socket = await openSocket(url);
  const answer = answerOf(socket);
  socket.write(`POST /api/external/threads HTTP/1.1\r\nhost: 127.0.0.1\r\napi-key: ${privateKey}\r\ncontent-type: application/json\r\n${headers}\r\n`);
  socket.write(payload);
  return answer;
}

const chunked = (payload: Buffer) => Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from("\r\n0\r\n\r\n")]);

for (const [name, send] of [
  ["Content-Length", () => postWhole(`content-length: ${BODY_BYTES}\r\n`, body)],
  ["chunked", () => postWhole("transfer-encoding: chunked\r\n", chunked(body))],
] as const) {
  t.test(`an 11 MB body (${name}) written whole: the 413 JSON arrives, ${ROUNDS} times in a row`, async (t) => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const answer = await send();
      if (answer.status !== 413 || answer.body !== JSON.stringify({ error: "Request body is too large" })) {
        failures.push(`round ${round}: status ${answer.status}, error ${answer.error ?? "none"}, body ${answer.body.slice(0, 80)}`);
      }
    }
    t.same(failures, []);
  });
}

// The bound of the lingering (LINGER_MS), on the wall clock: test/perf/lingeringClose.test.ts.
