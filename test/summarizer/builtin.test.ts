import t from "tap";
import { builtinSummarizer, summarizeConversation } from "../../src/summarizer/builtin.ts";
import { MAX_SUMMARY_LENGTH, type ConversationMessage } from "../../src/summarizer/summarizer.ts";

const user = (content: string): ConversationMessage => ({ role: "user", content });
const assistant = (content: string): ConversationMessage => ({ role: "assistant", content });
const summarize = (messages: ConversationMessage[], truncated = false) => summarizeConversation({ messages, truncated });

function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

t.test("nothing to summarize gives an empty summary", async (t) => {
  t.equal(summarize([]), "");
  t.equal(summarize([user(""), assistant("   \n\t"), user("Hi!"), assistant("Hello!")]), "", "greetings only");
  t.equal(await builtinSummarizer.summarize({ messages: [], truncated: false }), "");
});

t.test("a thread of one message", async (t) => {
  t.equal(summarize([user("How do I reset my password?")]), "Open question: How do I reset my password?");
  t.equal(summarize([user("I live in Oslo.")]), "Last message: I live in Oslo.", "an unanswered statement opens no question");
  t.equal(summarize([user("lol ok")]), "Last message: lol ok");
  t.equal(summarize([assistant("Welcome! How can I help?")]), "Assistant said: Welcome! How can I help?");
});

t.test("statements are told from questions; the latest answer closes the memory", async (t) => {
  t.equal(
    summarize([user("My order #123 has not arrived. Where is it?"), assistant("It left the depot this morning."), assistant("Anything else?")]),
    "User said: My order #123 has not arrived.\nUser asked: Where is it?\nLatest answer: Anything else?",
  );
});

t.test("the meal-planning chat of issue 16: whole facts, no greeting, statements not labelled as questions", async (t) => {
  const summary = summarize([
    user("Hi! I need help planning meals"),
    assistant("Happy to help! Any dietary needs?"),
    user("Yes: I'm vegetarian, and I'm severely allergic to peanuts and tree nuts, so please make sure nothing has nuts or traces of them. My budget is about $60 a week."),
    assistant("Got it. Do you cook every day?"),
    user("Mostly on weekends, I batch cook on Sundays."),
    assistant("Great, here is a plan with three batch-cooked dishes."),
  ]);
  t.equal(
    summary,
    [
      "User said: I need help planning meals Yes: I'm vegetarian, and I'm severely allergic to peanuts and tree nuts, so please make sure nothing has nuts or traces of them. My budget is about $60 a week. Mostly on weekends, I batch cook on Sundays.",
      "Latest answer: Great, here is a plan with three batch-cooked dishes.",
    ].join("\n"),
  );
  t.notMatch(summary, /Hi!|asked: Yes/);
});

t.test("an unanswered last message is the open question, and the answer before it stays", async (t) => {
  const summary = summarize([
    user("My site runs nginx on Ubuntu 22.04. How do I get a TLS certificate?"),
    assistant("Install certbot with `sudo apt install certbot python3-certbot-nginx`, then run `sudo certbot --nginx -d example.com`."),
    user("Does it renew automatically?"),
  ]);
  t.equal(
    summary,
    [
      "User said: My site runs nginx on Ubuntu 22.04.",
      "User asked: How do I get a TLS certificate?",
      "Latest answer: Install certbot with sudo apt install certbot python3-certbot-nginx, then run sudo certbot --nginx -d example.com.",
      "Open question: Does it renew automatically?",
    ].join("\n"),
  );
});

t.test("the user's statements about themselves win the room over small talk and generic questions", async (t) => {
  const filler = Array.from({ length: 40 }, (_, i) => [
    user(`What does option ${i} of the export do, and is it safe to change it later?`),
    assistant(`Option ${i} controls one part of the export; it is safe to change it at any time from the settings page.`),
  ]).flat();
  const summary = summarize([user("I'm Ana, I run a bakery in Porto and we have 3 employees."), assistant("Nice to meet you, Ana!"), ...filler]);
  t.ok(summary.length <= MAX_SUMMARY_LENGTH);
  t.match(summary, /^User said: I'm Ana, I run a bakery in Porto and we have 3 employees\./);
  t.match(summary, /Latest answer: Option 39 controls/);
});

t.test("a changed fact is kept only in its latest form", async (t) => {
  const summary = summarize([
    user("We're on the Pro plan with 12 seats. I live in Köln and I'm free on Wednesday."),
    assistant("Noted: 12 seats, and a visit on Wednesday."),
    user("We hired three people, so we need 15 seats now, not 12."),
    assistant("Done, 15 seats."),
    user("Sorry, Wednesday doesn't work after all, could you come on Thursday?"),
    assistant("Sure, Thursday it is."),
  ]);
  t.equal(
    summary,
    [
      "User said: I live in Köln We hired three people, so we need 15 seats now, not 12.",
      "User asked: Sorry, Wednesday doesn't work after all, could you come on Thursday?",
      "Latest answer: Sure, Thursday it is.",
    ].join("\n"),
  );
});

t.test("an unannounced new value with the same subject replaces the old one; two different things do not", async (t) => {
  const budget = summarize([user("Our budget is $1,200."), assistant("OK."), user("We can stretch the budget to $1,500."), assistant("Great.")]);
  t.notMatch(budget, /1,200/);
  t.match(budget, /\$1,500/);
  const questions = summarize([user("What does feature 1 do?"), assistant("A."), user("What does feature 2 do?"), assistant("B.")]);
  t.match(questions, /feature 1 do\? What does feature 2 do\?/, "questions are not facts that change");
});

t.test("a change replaces only what it changes, as the subjects of the user's facts tell (issue 27, item 6)", async (t) => {
  const shifts = summarize([
    user("I work night shifts at a hospital."),
    assistant("Ok."),
    user("Update: I switched to day shifts last week, so I can run in the mornings now."),
    assistant("Morning runs are great."),
    user("Also I can do four days a week now instead of three."),
    assistant("Perfect, add an easy 25-minute run on the fourth day."),
  ]);
  t.equal(
    shifts,
    [
      "User said: Update: I switched to day shifts last week, so I can run in the mornings now. Also I can do four days a week now instead of three.",
      "Latest answer: Perfect, add an easy 25-minute run on the fourth day.",
    ].join("\n"),
    "the days a week do not replace the shifts; the day shifts replace the night shifts",
  );
  const lisbon = summarize([
    user("I'm flying from Lisbon with my husband Tomás on May 3, and we need a hotel in Rome for four nights."),
    assistant("Lovely! What's your budget per night?"),
    user("Around €150 a night."),
    assistant("Trastevere has good options around €140."),
    user("Change of plan: we now fly on May 10."),
    assistant("Got it, Rome from May 10."),
  ]);
  t.equal(
    lisbon,
    [
      "User said: I'm flying from Lisbon with my husband Tomás, and we need a hotel in Rome for four nights. Around €150 a night. Change of plan: we now fly on May 10.",
      "Assistant confirmed: Trastevere has good options around €140.",
      "Latest answer: Got it, Rome from May 10.",
    ].join("\n"),
    "the new date takes out the old date, not the trip and the husband it shared a sentence with",
  );
});

t.test("code blocks and markdown markup disappear", async (t) => {
  const summary = summarize([
    user("Why does this fail on Python 3.12?\n\n```python\nimport os\nprint(os.environ['HOME'])\n```\n\nIt says `KeyError`."),
    assistant("## Cause\n\nThe **HOME** variable is *not set* in [the container](https://docs.example.com/env).\n\n- set it in the `Dockerfile`\n- or use `os.environ.get`"),
  ]);
  t.equal(
    summary,
    [
      "User said: It says KeyError.",
      "User asked: Why does this fail on Python 3.12?",
      "Latest answer: Cause. The HOME variable is not set in the container. set it in the Dockerfile; or use os.environ.get",
    ].join("\n"),
  );
  t.notMatch(summary, /print\(|https:|\*\*|##|`/);
});

t.test("non-English conversations are kept as they are", async (t) => {
  t.equal(
    summarize([user("Hallo! Ich heiße Jonas und wohne in Graz. Wie setze ich mein Passwort zurück?"), assistant("Öffne die Einstellungen und wähle **Passwort zurücksetzen**.")]),
    "User said: Ich heiße Jonas und wohne in Graz.\nUser asked: Wie setze ich mein Passwort zurück?\nLatest answer: Öffne die Einstellungen und wähle Passwort zurücksetzen.",
  );
  t.equal(
    summarize([user("こんにちは。家族は4人です。配送は土曜日でお願いします。"), assistant("承知しました。"), user("すみません、日曜日に変更してください。"), assistant("日曜日に変更しました。")]),
    "User said: 家族は4人です。 すみません、日曜日に変更してください。\nLatest answer: 日曜日に変更しました。",
  );
  const japanese = "パスワードをリセットする方法を教えてください".repeat(60);
  const summary = summarize([user(japanese)]);
  t.ok(summary.length <= MAX_SUMMARY_LENGTH && summary.endsWith("…"));
  const emoji = "👨‍👩‍👧‍👦👍🏽🇫🇷".repeat(200);
  t.notOk(hasLoneSurrogate(summarize([user(emoji), assistant(emoji)])), "no surrogate pair is split");
});

t.test("a thread of thousands of messages stays within the limit, deterministic (how fast: test/perf)", async (t) => {
  const messages: ConversationMessage[] = [];
  for (let i = 0; i < 3000; i++) {
    messages.push(user(`Question ${i}: how do I configure option ${i} of the product?`));
    messages.push(assistant(`Answer ${i}: open the settings page and change option ${i}. ${"More details. ".repeat(i % 7)}`));
  }
  const summary = summarize(messages, true);
  t.ok(summary.length <= MAX_SUMMARY_LENGTH, `${summary.length} characters`);
  t.match(summary, /Question 2998: how do I configure option 2998 of the product\? Question 2999: how do I configure option 2999 of the product\?\n/);
  t.match(summary, /Latest answer: Answer 2999: open the settings page and change option 2999\./);
  t.equal(summarize(messages, true), summary, "deterministic");
});

t.test("huge messages on every side still give at most the limit", async (t) => {
  const huge = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(2000);
  const noSpaces = "x".repeat(50_000);
  for (const messages of [
    [user(huge)],
    [user(huge), assistant(huge)],
    [user(huge), assistant(huge), user(huge), assistant(huge), user(huge), assistant(huge)],
    [user("short"), assistant(huge), user(huge)],
    [user(noSpaces), assistant(noSpaces), user(noSpaces)],
  ]) {
    const summary = summarize(messages, true);
    t.ok(summary.length > 0 && summary.length <= MAX_SUMMARY_LENGTH, `${messages.length} messages: ${summary.length} characters`);
  }
});

t.test("bounded for any mix of lengths and limits (seeded pseudo-random conversations)", async (t) => {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const alphabet = Array.from("abcdefgh ijklm.ё日🙂👍🏽\n#*`?!。0123$");
  const text = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
  let longest = 0;
  for (let run = 0; run < 150; run++) {
    const messages = Array.from({ length: 1 + Math.floor(random() * 20) }, () =>
      random() < 0.5 ? user(text(Math.floor(random() * 1500))) : assistant(text(Math.floor(random() * 1500))),
    );
    const limit = run % 3 === 0 ? 100 + Math.floor(random() * 900) : MAX_SUMMARY_LENGTH;
    const summary = summarizeConversation({ messages, truncated: random() < 0.5 }, limit);
    if (limit === MAX_SUMMARY_LENGTH) longest = Math.max(longest, summary.length);
    if (summary.length > limit || hasLoneSurrogate(summary)) t.fail(`run ${run}: ${summary.length} characters, limit ${limit}`);
  }
  t.ok(longest > 900, `the room is used (longest: ${longest})`);
});
