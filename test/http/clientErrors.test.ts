import t from "tap";
import { startService } from "../helpers/app.ts";
import { sendRaw } from "../helpers/rawHttp.ts";

// What Node's HTTP parser refuses before Fastify sees a request needs a real socket (inject bypasses the parser).
const service = await startService(t);
const url = await service.app.listen({ port: 0, host: "127.0.0.1" });
const UUID = /^[0-9a-f-]{36}$/;

const cases: [string, string | Buffer, number, RegExp][] = [
  ["headers over the limit", `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431, /header fields too large/i],
  ["an unencoded non-ASCII query", Buffer.concat([Buffer.from("GET /api/external/threads?search="), Buffer.from("ü ö", "utf8"), Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n")]), 400, /URL is not valid.*percent-encode/],
  ["a malformed request line", "GET\r\n\r\n", 400, /not valid/],
  ["an invalid method", "G@T /health HTTP/1.1\r\nHost: x\r\n\r\n", 400, /method/],
  ["a malformed header", "GET /health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", 400, /header/],
  ["a broken Content-Length", "POST /api/external/users HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400, /Content-Length/],
  ["a broken chunked body", "POST /api/external/users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n", 400, /chunked/],
];

for (const [what, request, status, error] of cases) {
  t.test(`${what}: ${status} in the service's shape, with a request id`, async (t) => {
    const answer = await sendRaw(url, request);
    t.equal(answer.status, status);
    t.match(answer.headers["content-type"], /application\/json/);
    t.match(answer.headers["x-request-id"], UUID);
    const body = JSON.parse(answer.body);
    t.same(Object.keys(body), ["error"], answer.body);
    t.match(body.error, error);
  });
}

t.test("framework errors after parsing (bad JSON, a bad percent-encoding in the path) carry a request id too", async (t) => {
  const badJson = await sendRaw(url, 'PUT /api/external/users HTTP/1.1\r\nHost: x\r\nConnection: close\r\napi-key: ' + service.org.privateKey + '\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":');
  t.equal(badJson.status, 400);
  t.same(JSON.parse(badJson.body), { error: "Request body is not valid JSON" });
  t.match(badJson.headers["x-request-id"], UUID);
  const badPath = await sendRaw(url, "GET /api/external/users/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  t.equal(badPath.status, 400);
  t.match(JSON.parse(badPath.body), { error: String });
  t.match(badPath.headers["x-request-id"], UUID);
});
