// <feedback-buttons>: thumbs up and down on one message of a thread, sent to POST /api/external/feedback.
// No framework and no dependency: the host page loads this one module (docs/widget.md).

type Vote = "POSITIVE" | "NEGATIVE";

/** Every text the element shows, each overridable by the attribute `label-<name>` (any language). */
const LABELS = {
  question: "Was this answer helpful?",
  up: "Helpful",
  down: "Not helpful",
  reasons: "What was the reason?",
  comment: "Comment (optional)",
  send: "Send",
  sending: "Sending…",
  thanks: "Thank you for your feedback!",
  offline: "The feedback could not be sent: the service did not answer.",
};
type Label = keyof typeof LABELS;

const COMMENT_MAX_LENGTH = 4000;
/** How long a vote waits for the service before it counts as not answered (the offline label), so that the buttons come back. */
const SEND_TIMEOUT_MS = 15_000;

// Styles live in the shadow root as a constructed sheet: a host CSP without 'unsafe-inline' still applies them.
// The host themes the element through the --feedback-* custom properties.
const CSS = `
:host{display:block;color-scheme:light dark;font:var(--feedback-font,inherit);color:var(--feedback-color,#1f2328);
--bg:var(--feedback-background,#fff);--line:var(--feedback-border,#8c959f);--accent:var(--feedback-accent,#0a58ca);
--error:var(--feedback-error,#b42318);--radius:var(--feedback-radius,.5rem)}
@media (prefers-color-scheme:dark){:host{color:var(--feedback-color,#e6edf3);--bg:var(--feedback-background,#161b22);
--line:var(--feedback-border,#6e7681);--accent:var(--feedback-accent,#6cb6ff);--error:var(--feedback-error,#ff9492)}}
:host([hidden]){display:none}
.box{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;padding:.5rem .75rem;border:1px solid var(--line);
border-radius:var(--radius);background:var(--bg)}
.question{margin-inline-end:.25rem}
button,textarea{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:var(--radius)}
button{cursor:pointer;padding:.3rem .7rem;min-height:2.25rem;min-width:2.25rem}
button:disabled{cursor:progress;opacity:.6}
button:focus-visible,input:focus-visible,textarea:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.vote svg{width:1.25rem;height:1.25rem;vertical-align:middle;fill:none;stroke:currentColor;stroke-width:2}
.down svg{transform:scaleY(-1)}
.vote[aria-pressed=true]{border-color:var(--accent);color:var(--accent);box-shadow:inset 0 0 0 1px var(--accent)}
.vote[aria-pressed=true] svg{fill:currentColor;fill-opacity:.2}
form{flex-basis:100%;display:grid;gap:.5rem}
form[hidden]{display:none}
p:empty{position:absolute}
fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .75rem}
legend{padding:0;margin-block-end:.25rem}
label{display:inline-flex;gap:.3rem;align-items:center}
.comment{display:grid;gap:.25rem}
textarea{padding:.4rem;min-height:4rem;resize:vertical;width:100%;box-sizing:border-box}
form button{justify-self:start;border-color:var(--accent);color:var(--accent)}
p{margin:0;flex-basis:100%}
[role=alert]{color:var(--error)}
`;

let sharedSheet: CSSStyleSheet | undefined;
function sheet(): CSSStyleSheet {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(CSS);
  }
  return sharedSheet;
}

const SVG = "http://www.w3.org/2000/svg";

/** Built node by node rather than from markup, so that a host requiring Trusted Types has nothing to refuse. */
function thumb(): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  const path = document.createElementNS(SVG, "path");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  path.setAttribute("d", "M7 10v11H3V10zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18.2 21H7");
  svg.append(path);
  return svg;
}

/** `a|b|c` as its non-empty items. */
const list = (value: string | null): string[] => (value ?? "").split("|").map((item) => item.trim()).filter(Boolean);

function element<K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}

export class FeedbackButtons extends HTMLElement {
  static readonly observedAttributes = ["reasons", "reason-options", "reason-labels", "comment", ...Object.keys(LABELS).map((name) => `label-${name}`)];

  #root: ShadowRoot;
  #buttons: HTMLButtonElement[] = [];
  #form!: HTMLFormElement;
  #send!: HTMLButtonElement;
  #status!: HTMLParagraphElement;
  #alert!: HTMLParagraphElement;
  #chosen: Vote | null = null;
  /** The vote the service stored, shown pressed again when a later one is refused. */
  #stored: Vote | null = null;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open" });
    this.#root.adoptedStyleSheets = [sheet()];
  }

  connectedCallback(): void {
    this.#render();
  }

  /** A change after the first render redraws; the attributes present at upgrade wait for connectedCallback. */
  attributeChangedCallback(): void {
    if (this.#root.firstElementChild) this.#render();
  }

  #label(name: Label): string {
    return this.getAttribute(`label-${name}`) ?? LABELS[name];
  }

  /** Reasons and comment are asked for after the thumb and sent with it, in one request: a public key cannot replace a vote. */
  get #asksDetails(): boolean {
    return this.#reasonOptions().length > 0 || this.hasAttribute("comment");
  }

  #reasonOptions(): string[] {
    return this.getAttribute("reasons") ? list(this.getAttribute("reason-options")) : [];
  }

  #render(): void {
    this.#chosen = null;
    this.#stored = null;
    const question = element("span", { className: "question", id: "question", textContent: this.#label("question") });
    this.#buttons = (["POSITIVE", "NEGATIVE"] as const).map((vote) => {
      const button = element("button", { type: "button", className: `vote ${vote === "POSITIVE" ? "up" : "down"}`, title: this.#label(vote === "POSITIVE" ? "up" : "down") }, thumb());
      button.setAttribute("aria-label", button.title);
      button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", () => this.#choose(vote));
      return button;
    });

    this.#form = element("form", { hidden: true });
    this.#form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.#submit();
    });
    const options = this.#reasonOptions();
    if (options.length > 0) {
      const labels = list(this.getAttribute("reason-labels"));
      const fieldset = element("fieldset", {}, element("legend", { textContent: this.#label("reasons") }));
      options.forEach((option, index) =>
        fieldset.append(element("label", {}, element("input", { type: "radio", name: "reason", value: option }), labels[index] ?? option)),
      );
      this.#form.append(fieldset);
    }
    if (this.hasAttribute("comment")) {
      this.#form.append(element("label", { className: "comment" }, this.#label("comment"), element("textarea", { name: "comment", maxLength: COMMENT_MAX_LENGTH, rows: 3 })));
    }
    this.#send = element("button", { type: "submit", textContent: this.#label("send") });
    this.#form.append(this.#send);

    this.#status = element("p", { role: "status" });
    this.#alert = element("p", { role: "alert" });
    const box = element("div", { className: "box", role: "group" }, question, ...this.#buttons, this.#form, this.#status, this.#alert);
    box.setAttribute("aria-labelledby", "question");
    this.#root.replaceChildren(box);
  }

  #choose(vote: Vote): void {
    this.#chosen = vote;
    this.#press(vote);
    this.#say("", "");
    if (!this.#asksDetails) {
      void this.#submit();
      return;
    }
    this.#form.hidden = false;
    this.#form.querySelector<HTMLElement>("input,textarea")?.focus();
  }

  #press(vote: Vote | null): void {
    this.#buttons.forEach((button, index) => button.setAttribute("aria-pressed", String(vote !== null && (index === 0) === (vote === "POSITIVE"))));
  }

  #say(status: string, error: string): void {
    this.#status.textContent = status;
    this.#alert.textContent = error;
  }

  #busy(busy: boolean): void {
    for (const button of [...this.#buttons, this.#send]) button.disabled = busy;
    this.#root.firstElementChild?.setAttribute("aria-busy", String(busy));
  }

  /** The request body of decisions.md; `externalUser` only with a public key (a token names its user). */
  #body(): Record<string, unknown> {
    const data = new FormData(this.#form);
    const reason = data.get("reason");
    const comment = String(data.get("comment") ?? "").trim();
    const project = Number(this.getAttribute("project"));
    const user = this.getAttribute("user");
    return {
      feedbackType: this.#chosen,
      externalThreadId: this.getAttribute("thread"),
      ...(this.getAttribute("message") ? { externalMessageId: this.getAttribute("message") } : {}),
      ...(Number.isInteger(project) && project > 0 ? { projectId: project } : {}),
      ...(comment ? { feedbackText: comment } : {}),
      ...(typeof reason === "string" ? { attributes: { [this.getAttribute("reasons")!]: reason } } : {}),
      ...(!this.hasAttribute("token") && user ? { externalUser: { externalId: user } } : {}),
    };
  }

  async #submit(): Promise<void> {
    if (!this.#chosen) return;
    const endpoint = (this.getAttribute("endpoint") ?? "").replace(/\/+$/, "");
    const key = this.getAttribute("token") ?? this.getAttribute("public-key") ?? "";
    // Disabled while sending, the focused button loses the focus: it gets it back when the vote fails.
    const focused = this.#root.activeElement;
    this.#busy(true);
    this.#say(this.#label("sending"), "");
    let response: Response;
    let answer: unknown;
    try {
      response = await fetch(`${endpoint}/api/external/feedback`, {
        method: "POST",
        headers: { "api-key": key, "content-type": "application/json" },
        body: JSON.stringify(this.#body()),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      answer = await response.json().catch(() => null);
    } catch {
      this.#busy(false);
      this.#fail(this.#label("offline"), 0, focused);
      return;
    }
    this.#busy(false);
    if (!response.ok) {
      this.#fail(answer && typeof answer === "object" && "error" in answer ? String(answer.error) : `HTTP ${response.status}`, response.status, focused);
      return;
    }
    this.#stored = this.#chosen;
    this.#form.hidden = true;
    this.#say(this.#label("thanks"), "");
    // The focused Send button just went away: keyboard users continue from their vote.
    this.#buttons[this.#chosen === "POSITIVE" ? 0 : 1]!.focus();
    this.dispatchEvent(new CustomEvent("feedback-sent", { detail: answer, bubbles: true, composed: true }));
  }

  /** A vote not stored: said in the alert; a thumb sent alone shows the stored vote again; the focus goes back where it was. */
  #fail(error: string, status: number, focused: Element | null): void {
    this.#say("", error);
    if (this.#form.hidden) {
      this.#chosen = this.#stored;
      this.#press(this.#stored);
    }
    if (focused instanceof HTMLElement && focused.isConnected) focused.focus();
    this.dispatchEvent(new CustomEvent("feedback-error", { detail: { status, error }, bubbles: true, composed: true }));
  }
}

if (!customElements.get("feedback-buttons")) customElements.define("feedback-buttons", FeedbackButtons);

declare global {
  interface HTMLElementTagNameMap {
    "feedback-buttons": FeedbackButtons;
  }
}
