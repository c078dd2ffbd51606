// Synthetic support conversations: varied lengths, markdown, code and a few languages, so that
// the stored summaries look like those of real threads.

import { USER_SENTENCES } from "../scripts/seed/vocabulary.ts";

export type Random = () => number;

/** A small deterministic PRNG (mulberry32): the same seed gives the same data set. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** The seed's questions, and a few in other languages and scripts. */
const QUESTIONS = [
  ...USER_SENTENCES,
  "Wie ändere ich die Rechnungsadresse?",
  "Comment exporter mes données au format PDF ?",
  "パスワードを変更するにはどうすればいいですか？",
  "¿Puedo pagar con transferencia bancaria?",
];

const ANSWERS = [
  "Open **Settings → Security** and choose *Reset password*; the link is valid for 24 hours.",
  "I have refunded the duplicate charge; it will appear within five business days.",
  "Please try a smaller date range. Large exports are split into files of 100k rows.",
  "Invoices are listed under [Billing](https://example.com/billing), in the History tab.",
  "Annual billing saves two months compared with monthly billing.",
  "You can connect Slack from Integrations by clicking *Add to Slack*.",
  "Your subscription is cancelled at the end of the current period.",
  "Card declines usually come from the bank; please contact them or try another card.",
  "Two-factor authentication is under Security; we support authenticator apps and hardware keys.",
  "Here is a request that works:\n\n```bash\ncurl -H 'api-key: sk_...' https://api.example.com/orders?limit=10\n```\n\nThe 500 came from a missing `limit`.",
  "The differences:\n\n| Plan | Seats | SSO |\n|---|---|---|\n| Pro | 5 | no |\n| Team | 50 | yes |",
  "Ja: unter *Einstellungen → Abrechnung* können Sie die Adresse ändern.",
  "Oui, depuis **Exporter**, choisissez le format PDF.",
  "設定画面の「セキュリティ」から変更できます。",
  "Sí, los datos bancarios están en la factura.",
];

const FOLLOW_UPS = [
  "Thanks, and how long does that take?",
  "It still does not work.",
  "Can you do that for my colleague too?",
  "Where exactly is that setting?",
  "Here is the error:\n\n```\nError: ETIMEDOUT at Socket.connect\n```",
  "OK, that worked.",
];

export interface GeneratedMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A conversation of about `length` messages (0 for an empty thread). */
export function conversation(random: Random, length: number): GeneratedMessage[] {
  const messages: GeneratedMessage[] = [];
  if (length > 0 && random() < 0.3) messages.push({ role: "system", content: "You are the support assistant of Example Inc." });
  while (messages.length < length) {
    const opening = messages.filter((message) => message.role === "user").length === 0 || random() < 0.4;
    messages.push({ role: "user", content: opening ? pick(random, QUESTIONS) : pick(random, FOLLOW_UPS) });
    if (messages.length < length) messages.push({ role: "assistant", content: pick(random, ANSWERS) });
  }
  return messages;
}
