import { connect, type Socket } from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfterMs: number;
  /** How the connection failed, e.g. ECONNRESET when the server reset it. */
  error?: string;
}

/** Opens a TCP connection to an http://host:port URL. */
export function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once("error", reject);
  });
}

function parse(raw: string, closedAfterMs: number, error?: string): RawAnswer {
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
  return { status: Number(statusLine.split(" ")[1] ?? 0), headers, body: rest.join("\r\n\r\n"), closedAfterMs, ...(error && { error }) };
}

/** Everything the server sends on the socket until it closes it. */
export function answerOf(socket: Socket, startedAt = Date.now()): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let raw = "";
    let error: string | undefined;
    socket.on("data", (chunk) => (raw += chunk.toString("latin1")));
    socket.on("error", (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
    socket.on("close", () => resolve(parse(raw, Date.now() - startedAt, error)));
  });
}

/** Sends bytes exactly as given (no client library fixes them up) and reads the answer until the server closes. */
export async function sendRaw(url: string, request: string | Buffer): Promise<RawAnswer> {
  const socket = await openSocket(url);
  const answer = answerOf(socket);
  socket.write(request);
  return answer;
}
