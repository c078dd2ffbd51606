import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export interface ChatRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

/** What the fake answers to its nth request (0-based): a reply, or nothing at all (a hang). */
export type Behaviour = (request: ChatRequest, n: number, response: ServerResponse) => void;

export const completion = (content: string) => JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content } }] });

export const answer = (content: string): Behaviour => (_request, _n, response) => {
  response.writeHead(200, { "content-type": "application/json" }).end(completion(content));
};

export const status = (code: number, headers: Record<string, string> = {}): Behaviour => (_request, _n, response) => {
  response.writeHead(code, { "content-type": "application/json", ...headers }).end(JSON.stringify({ error: { message: "nope" } }));
};

export const hang: Behaviour = () => {};

/** A local server speaking the chat-completions protocol; each test says how it behaves. */
export async function startFakeLlm(t: { teardown(fn: () => unknown): void }, behaviour: Behaviour) {
  const requests: ChatRequest[] = [];
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let raw = "";
    for await (const chunk of request) raw += chunk;
    const chat: ChatRequest = { path: request.url ?? "", authorization: request.headers.authorization, body: JSON.parse(raw) };
    requests.push(chat);
    fake.behaviour(chat, requests.length - 1, response);
  });
  const fake = { behaviour, requests, baseUrl: "" };
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  fake.baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return fake;
}
