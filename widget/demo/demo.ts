// The demo page (GET /widget/demo): what a site's backend does, done in the page with the console's key for
// the show. A real site keeps its private key on its server and puts only the minted token in the page.

const DEMO_USER = "console-demo";
const TOKEN_LIFETIME_SECONDS = 3600;

interface Thread {
  id: number;
  externalId: string;
  project: { id: number };
  messages: { externalId: string; role: string; content: string }[];
}
interface Attribute {
  name: string;
  options: { name: string }[];
}

const notice = document.getElementById("demo-status")!;
const key = sessionStorage.getItem("console.apiKey");

/** The API's answer, or its error text. */
async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, { ...init, headers: { "api-key": key!, "content-type": "application/json" } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path.split("?")[0]}: ${body?.error ?? `HTTP ${response.status}`}`);
  return body as T;
}

async function show(): Promise<void> {
  if (!key) {
    notice.textContent = "Sign in to the console (/console) in this tab first: the demo mints its token with the console's key.";
    return;
  }
  const { rows } = await call<{ rows: Thread[] }>("/api/external/threads?pageSize=1");
  const thread = rows[0];
  // The answer the widget asks about: the thread's last assistant message (a tool's JSON is none).
  const message = thread?.messages.findLast((candidate) => candidate.role === "assistant");
  if (!thread || !message) {
    notice.textContent = "The organization has no thread with an assistant's answer yet: create one (POST /api/external/threads), then reload.";
    return;
  }
  document.getElementById("answer")!.textContent = message.content;
  const [{ token }, attributes] = await Promise.all([
    call<{ token: string }>("/api/external/feedback-tokens", {
      method: "POST",
      body: JSON.stringify({ userExternalId: DEMO_USER, threadId: thread.id, externalMessageIds: [message.externalId], expiresInSeconds: TOKEN_LIFETIME_SECONDS }),
    }),
    call<Attribute[]>(`/api/external/attributes?projectId=${thread.project.id}`),
  ]);
  const widget = document.createElement("feedback-buttons");
  const reasons = attributes.find((attribute) => attribute.options.length > 0);
  const settings: Record<string, string> = { endpoint: location.origin, token, thread: thread.externalId, message: message.externalId, project: String(thread.project.id), comment: "" };
  if (reasons) Object.assign(settings, { reasons: reasons.name, "reason-options": reasons.options.map((option) => option.name).join("|") });
  for (const [name, value] of Object.entries(settings)) widget.setAttribute(name, value);
  document.getElementById("widget")!.append(widget);
  notice.textContent = "";
}

show().catch((error: Error) => {
  notice.textContent = `The demo could not start: ${error.message}`;
});
