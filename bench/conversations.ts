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

/** Filler prose that real messages carry around their point: context, hedges, thanks. */
const PROSE = [
  "I tried this yesterday afternoon and again this morning, with the same result both times.",
  "We are a small team of eight and most of us work from the browser, a few from the mobile app.",
  "It started after the update last week, as far as I can tell; nothing else changed on our side.",
  "Let me know if you need anything else from me, such as screenshots or the account number.",
  "This is blocking our month-end reporting, so a quick answer would be much appreciated.",
  "That makes sense, although the documentation describes it a little differently.",
  "Thanks for the quick reply, the explanation helped a lot.",
  "The change takes effect immediately for new sessions; existing sessions pick it up at the next sign-in.",
  "If the problem persists after that, please send us the time it happened and your browser version.",
  "Most customers on your plan set this up once and never need to touch it again.",
  "I have also added a note to your account so that the next agent sees the context.",
  "You will receive a confirmation email within a few minutes; check the spam folder if it does not arrive.",
  "For security reasons we cannot change this on your behalf, but the steps only take a minute.",
  "Our engineers are aware of the issue and a fix is scheduled for the next release.",
];

const LIST_INTROS = ["Here is what to check:", "Please try these steps in order:", "The options are:", "A few things to know:"];

const LIST_ITEMS = [
  "Sign out and sign in again, so that the new permissions apply.",
  "Clear the browser cache or try a private window.",
  "Make sure the date range is at most twelve months.",
  "Check that the card has not expired and that the billing address matches.",
  "Open **Settings → Integrations** and reconnect the workspace.",
  "Export the report as CSV instead of PDF for large data sets.",
  "Ask an administrator of your organization to confirm the change.",
  "Update the app to the latest version from the store.",
];

/** Text of `min`-`max` characters (about), whole sentences from `opening` and then filler prose. */
function prose(random: Random, opening: readonly string[], min: number, max: number): string {
  const target = min + Math.floor(random() * (max - min));
  let text = pick(random, opening);
  while (text.length < target) {
    const next = pick(random, random() < 0.5 ? PROSE : opening);
    if (text.length + next.length + 1 > max) break;
    text += ` ${next}`;
  }
  return text;
}

function markdownList(random: Random): string {
  const count = 3 + Math.floor(random() * 3);
  const items = Array.from({ length: count }, () => `- ${pick(random, LIST_ITEMS)}`);
  return `${pick(random, LIST_INTROS)}\n\n${items.join("\n")}`;
}

/**
 * A conversation as real ones look (issue 26): `length` messages of 50-600 characters of prose,
 * user and assistant in turn, a third of the assistant's with a markdown list.
 */
export function realisticConversation(random: Random, length: number): GeneratedMessage[] {
  return Array.from({ length }, (_, index) => {
    if (index % 2 === 0) return { role: "user", content: prose(random, [...QUESTIONS, ...FOLLOW_UPS], 50, 400) };
    if (random() < 1 / 3) {
      const list = markdownList(random);
      return { role: "assistant", content: `${prose(random, ANSWERS, 50, Math.max(60, 560 - list.length))}\n\n${list}`.slice(0, 600) };
    }
    return { role: "assistant", content: prose(random, ANSWERS, 80, 600) };
  });
}
