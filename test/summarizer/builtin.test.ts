import t from "tap";
import { builtinSummarizer, summarizeConversation } from "../../src/summarizer/builtin.ts";
import { MAX_SUMMARY_LENGTH, type ConversationMessage } from "../../src/summarizer/summarizer.ts";

const user = (content: string): ConversationMessage => ({ role: "user", content });
const assistant = (content: string): ConversationMessage => ({ role: "assistant", content });
const summarize = (messages: ConversationMessage[], truncated = false) => summarizeConversation({ messages, truncated });

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/** Every cut of the summary falls between graphemes of the original text. */
function cutsOnGraphemeBoundary(original: string, summary: string, label: string): boolean {
  const line = summary.split("\n").find((candidate) => candidate.startsWith(label));
  if (!line) return false;
  const kept = line.slice(label.length).replace(/ ?…$/, "");
  const boundaries = new Set([...graphemes.segment(original)].map(({ index }) => index));
  return original.startsWith(kept) && boundaries.has(kept.length);
}

t.test("nothing to summarize gives an empty summary", async (t) => {
  t.equal(summarize([]), "");
  t.equal(summarize([user(""), assistant("   \n\t"), user("``` \n```".slice(0, 0))]), "");
  t.equal(await builtinSummarizer.summarize({ messages: [], truncated: false }), "");
});

t.test("a thread of one message", async (t) => {
  t.equal(summarize([user("How do I reset my password?")]), "User asked: How do I reset my password?");
  t.equal(summarize([assistant("Welcome! How can I help?")]), "Assistant said: Welcome! How can I help?");
});

t.test("one exchange: the request and its answer", async (t) => {
  t.equal(
    summarize([user("Where is my invoice?"), assistant("Under Billing, in History."), assistant("Anything else?")]),
    "User asked: Where is my invoice?\nAssistant answered: Under Billing, in History.",
  );
});

t.test("several exchanges: first and latest with their answers, the requests in between", async (t) => {
  const summary = summarize([
    user("I cannot log in."),
    assistant("Did you try resetting your password?"),
    user("Yes, the email never arrives."),
    assistant("Check your spam folder."),
    user("Found it, thanks. Can I enable two-factor authentication?"),
    assistant("Yes, under Security."),
  ]);
  t.equal(
    summary,
    [
      "User first asked: I cannot log in.",
      "Assistant answered: Did you try resetting your password?",
      "User then asked: Yes, the email never arrives.",
      "User most recently asked: Found it, thanks. Can I enable two-factor authentication?",
      "Assistant answered: Yes, under Security.",
    ].join("\n"),
  );
});

t.test("a latest request without an answer yet", async (t) => {
  t.equal(
    summarize([user("Question one?"), assistant("Answer one."), user("Question two?")]),
    "User first asked: Question one?\nAssistant answered: Answer one.\nUser most recently asked: Question two?",
  );
});

t.test("code blocks become placeholders; markdown markup disappears", async (t) => {
  const summary = summarize([
    user("Why does this fail?\n\n```python\nimport os\nprint(os.environ['HOME'])\n```\n\nIt says `KeyError`."),
    assistant(
      [
        "## Cause",
        "",
        "The **HOME** variable is *not set* in [the container](https://docs.example.com/env).",
        "",
        "- set it in the `Dockerfile`",
        "- or use `os.environ.get`",
        "",
        "~~~",
        "ENV HOME=/root",
        "~~~",
      ].join("\n"),
    ),
  ]);
  t.equal(
    summary,
    [
      "User asked: Why does this fail? [python code] It says KeyError.",
      "Assistant answered: Cause. The HOME variable is not set in the container. set it in the Dockerfile; or use os.environ.get [code]",
    ].join("\n"),
  );
  t.notMatch(summary, /print\(|https:|\*\*|##|`/);
});

t.test("an unclosed code fence hides the rest of the message, not the other messages", async (t) => {
  t.equal(summarize([user("Look:\n```js\nconst a = 1;\n"), assistant("Fine.")]), "User asked: Look: [js code]\nAssistant answered: Fine.");
});

t.test("tables, quotes and snake_case survive as text", async (t) => {
  const summary = summarize([user("> quoted line\n\n| plan | price |\n|---|---|\n| pro | 10 |\n\nWhat is my_variable_name for?")]);
  t.equal(summary, "User asked: quoted line. plan, price; pro, 10. What is my_variable_name for?");
});

t.test("non-English text is kept as it is and cut between graphemes", async (t) => {
  t.equal(
    summarize([user("Wie setze ich mein Passwort zurück?"), assistant("Öffne die Einstellungen und wähle **Passwort zurücksetzen**.")]),
    "User asked: Wie setze ich mein Passwort zurück?\nAssistant answered: Öffne die Einstellungen und wähle Passwort zurücksetzen.",
  );
  const japanese = "パスワードをリセットする方法を教えてください".repeat(60);
  const summary = summarize([user(japanese)]);
  t.ok(summary.length <= MAX_SUMMARY_LENGTH);
  t.ok(summary.endsWith("…"));
  t.ok(cutsOnGraphemeBoundary(japanese, summary, "User asked: "));

  const emoji = "👨‍👩‍👧‍👦👍🏽🇫🇷".repeat(200);
  const cut = summarize([user(emoji)]);
  t.ok(cut.length <= MAX_SUMMARY_LENGTH);
  t.notOk(hasLoneSurrogate(cut), "no surrogate pair is split");
  t.ok(cutsOnGraphemeBoundary(emoji, cut, "User asked: "), "no grapheme (family, skin tone, flag) is split");
});

t.test("a long message is cut at a sentence end, else at a word boundary", async (t) => {
  const sentence = "This sentence is about the export feature and its many options. ";
  const bySentences = summarize([user(sentence.repeat(40))]);
  t.ok(bySentences.length <= MAX_SUMMARY_LENGTH);
  t.match(bySentences, /options\. …$/);
  const words = summarize([user("word ".repeat(1000))]);
  t.ok(words.length <= MAX_SUMMARY_LENGTH);
  t.match(words, /word…$/);
});

t.test("a long thread of thousands of messages stays within 1,000 characters and keeps what matters", async (t) => {
  const messages: ConversationMessage[] = [];
  for (let i = 0; i < 3000; i++) {
    messages.push(user(`Question ${i}: how do I configure option ${i} of the product?`));
    messages.push(assistant(`Answer ${i}: open the settings page and change option ${i}. ${"More details. ".repeat(i % 7)}`));
  }
  const started = performance.now();
  const summary = summarize(messages, true);
  t.ok(performance.now() - started < 2000, "fast");
  t.ok(summary.length <= MAX_SUMMARY_LENGTH, `${summary.length} characters`);
  const lines = summary.split("\n");
  t.equal(lines[0], "User first asked: Question 0: how do I configure option 0 of the product?");
  t.match(lines[1], /^Assistant answered: Answer 0:/);
  t.match(lines[2], /^User then asked: …; Question 2\d\d\d: .*; Question 2998: how do I configure option 2998 of the product\?$/);
  t.equal(lines[3], "User most recently asked: Question 2999: how do I configure option 2999 of the product?");
  t.match(lines[4], /^Assistant answered: Answer 2999: open the settings page and change option 2999\./);
  t.equal(summarize(messages, true), summary, "deterministic");
});

t.test("huge messages on every side still give at most 1,000 characters", async (t) => {
  const huge = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(2000);
  for (const messages of [
    [user(huge)],
    [user(huge), assistant(huge)],
    [user(huge), assistant(huge), user(huge), assistant(huge), user(huge), assistant(huge)],
    [user("short"), assistant(huge), user(huge)],
  ]) {
    const summary = summarize(messages, true);
    t.ok(summary.length > 0 && summary.length <= MAX_SUMMARY_LENGTH, `${messages.length} messages: ${summary.length} characters`);
  }
});

t.test("bounded for any mix of lengths (seeded pseudo-random conversations)", async (t) => {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const alphabet = Array.from("abcdefgh ijklm.ё日🙂👍🏽\n#*`");
  const text = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
  let longest = 0;
  for (let run = 0; run < 300; run++) {
    const messages = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
      random() < 0.5 ? user(text(Math.floor(random() * 1500))) : assistant(text(Math.floor(random() * 1500))),
    );
    const summary = summarize(messages, random() < 0.5);
    longest = Math.max(longest, summary.length);
    if (summary.length > MAX_SUMMARY_LENGTH || hasLoneSurrogate(summary)) t.fail(`run ${run}: ${summary.length} characters`);
  }
  t.ok(longest > 900, `the room is used (longest: ${longest})`);
});
