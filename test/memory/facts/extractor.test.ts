import t from "tap";
import { createBuiltinFactExtractor, extractFacts, MAX_FACT_TEXT, type FactMessage } from "../../../src/memory/facts/extractor.ts";
import { FACTS_USERS } from "../../fixtures/memory/facts/index.ts";

let nextId = 1;
const message = (role: "user" | "assistant", content: string, language?: string): FactMessage => ({
  id: nextId++,
  role,
  content,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, nextId)),
  ...(language ? { language } : {}),
});
const user = (content: string, language?: string) => message("user", content, language);
const assistant = (content: string) => message("assistant", content);
/** subject → text of the facts of one user message. */
const factsOf = (content: string, language?: string) => Object.fromEntries(extractFacts([user(content, language)]).map((fact) => [fact.subject, fact.text]));

t.test("one message can state several facts, one per subject, each with the clause that states it", async (t) => {
  const tomas = user("I'm flying from Lisbon with my husband Tomás on May 3, and we need a hotel in Rome for four nights.");
  const facts = extractFacts([tomas]);
  t.same(
    facts.map((fact) => fact.subject).sort(),
    ["partner", "travel date", "travel destination", "travel origin"],
  );
  t.ok(facts.every((fact) => fact.messageId === tomas.id));
  t.same(factsOf("I'm flying from Lisbon with my husband Tomás on May 3, and we need a hotel in Rome for four nights."), {
    "travel origin": "I'm flying from Lisbon with my husband Tomás on May 3",
    partner: "I'm flying from Lisbon with my husband Tomás on May 3",
    "travel date": "I'm flying from Lisbon with my husband Tomás on May 3",
    "travel destination": "We need a hotel in Rome for four nights.",
  });
});

t.test("a message gives at most one fact per subject: the last it states", async (t) => {
  t.same(factsOf("I live in Paris. Actually we moved to Lyon in March."), { "home city": "Actually we moved to Lyon in March." });
});

t.test("the same subjects in English, German, French and Spanish", async (t) => {
  const cases: [string, Record<string, string>][] = [
    ["We moved to Lyon last month.", { "home city": "We moved to Lyon last month." }],
    ["Wir sind nach Lyon gezogen.", { "home city": "Wir sind nach Lyon gezogen." }],
    ["Nous avons déménagé à Lyon.", { "home city": "Nous avons déménagé à Lyon." }],
    ["Nos mudamos a Lyon en mayo.", { "home city": "Nos mudamos a Lyon en mayo." }],
    ["My budget is now $120.", { budget: "My budget is now $120." }],
    ["Mein Budget liegt bei 600 Euro.", { budget: "Mein Budget liegt bei 600 Euro." }],
    ["Notre budget est de 900 euros.", { budget: "Notre budget est de 900 euros." }],
    ["Mi presupuesto es de 700 euros.", { budget: "Mi presupuesto es de 700 euros." }],
    ["I'm vegetarian.", { diet: "I'm vegetarian." }],
    ["Ich bin Vegetarier.", { diet: "Ich bin Vegetarier." }],
    ["Je suis végétarien.", { diet: "Je suis végétarien." }],
    ["Soy vegetariano.", { diet: "Soy vegetariano." }],
    ["I'm allergic to sesame.", { allergy: "I'm allergic to sesame." }],
    ["Ich bin allergisch gegen Nüsse.", { allergy: "Ich bin allergisch gegen Nüsse." }],
    ["Je suis allergique au gluten.", { allergy: "Je suis allergique au gluten." }],
    ["Soy alérgico a los mariscos.", { allergy: "Soy alérgico a los mariscos." }],
    ["I work as a nurse.", { job: "I work as a nurse." }],
    ["Ich arbeite als Lehrer.", { job: "Ich arbeite als Lehrer." }],
    ["Je travaille comme comptable.", { job: "Je travaille comme comptable." }],
    ["Trabajo como profesora de inglés.", { job: "Trabajo como profesora de inglés." }],
    ["We just got a puppy!", { pet: "We just got a puppy!" }],
    ["Wir haben jetzt eine Katze.", { pet: "Wir haben jetzt eine Katze." }],
    ["Nous avons adopté un chat.", { pet: "Nous avons adopté un chat." }],
    ["Tenemos un perro nuevo.", { pet: "Tenemos un perro nuevo." }],
  ];
  for (const [content, expected] of cases) t.same(factsOf(content), expected, content);
});

t.test("a German date's dot does not end the statement; inflected plurals and trip nouns count, in every language", async (t) => {
  const trip = (text: string) => ({ "travel date": text, "travel origin": text, "travel destination": text });
  t.same(factsOf("Wir fliegen am 5. Mai ab München nach Rom."), trip("Wir fliegen am 5. Mai ab München nach Rom."));
  t.same(factsOf("Am 3. Oktober fahren wir von Hamburg nach Wien, mit unseren drei Söhnen."), {
    ...trip("Am 3. Oktober fahren wir von Hamburg nach Wien"),
    children: "Mit unseren drei Söhnen.",
  });
  const prag = "Nächsten Monat machen wir einen Kurztrip nach Prag mit unseren Töchtern.";
  t.same(factsOf(prag), { children: prag, "travel destination": prag });
  for (const content of ["Planeamos una escapada a Sevilla en mayo.", "On prépare une escapade à Porto en juin.", "We're planning a getaway to Vienna in October."]) {
    t.same(factsOf(content), { "travel date": content, "travel destination": content }, content);
  }
  t.same(factsOf("Our honeymoon is in Bali."), { "travel destination": "Our honeymoon is in Bali." });
});

t.test("the language of a message, when given, picks its rules", async (t) => {
  t.same(factsOf("Vivo en Madrid.", "es"), { "home city": "Vivo en Madrid." });
  t.same(factsOf("Vivo en Madrid.", "de"), {}, "no German rule reads Spanish");
  t.same(factsOf("東京に住んでいます。私はベジタリアンです。"), {}, "no rules for Japanese");
});

t.test("a statement followed by a question states its fact; questions, thanks, conditions and other people's words state none", async (t) => {
  t.same(factsOf("I'm vegetarian, any good road-trip snacks?"), { diet: "I'm vegetarian" });
  t.same(factsOf("Soy celíaca, ¿es fácil comer sin gluten en México?"), { "health condition": "Soy celíaca" });
  t.same(factsOf("Ich bin Vegetarier, was esse ich vor langen Läufen?"), { diet: "Ich bin Vegetarier" });
  for (const content of [
    "Can we stretch the budget to €180 a night?",
    "Should I move to Lyon, or stay in Paris?",
    "Is a vegetarian diet healthy?",
    "Thanks, that's great!",
    "If we move to Berlin, will the rent be higher?",
    "Wenn wir nach Berlin ziehen, brauchen wir ein Auto.",
    "We're back from Rome, it was wonderful!",
    "We're moving to Fly.io next month.",
  ]) {
    t.same(factsOf(content), {}, content);
  }
  t.same(factsOf("My fiancée is allergic to shellfish."), { partner: "My fiancée is allergic to shellfish." }, "her allergy is not the user's");
  const assistantOnly = [assistant("Since you live in Paris and you're vegetarian, try Le Potager du Marais."), assistant("Your budget is $800.")];
  t.same(extractFacts(assistantOnly), [], "the assistant's sentences are not the user's facts");
});

t.test("an answer to the assistant's question on the budget is the budget; the same amount without that question is not", async (t) => {
  const asked = [assistant("Lovely! What's your budget per night?"), user("Around €150 a night.")];
  t.same(extractFacts(asked).map(({ subject, text }) => [subject, text]), [["budget", "Around €150 a night."]]);
  t.same(extractFacts([assistant("Which room do you want?"), user("Around €150 a night.")]), []);
});

t.test("days a week count runs in a thread about running, and work in a sentence about work", async (t) => {
  const running = [user("Update: I switched to day shifts last week, so I can run in the mornings now."), assistant("Great."), user("Also I can do four days a week now instead of three.")];
  t.same(
    extractFacts(running).map(({ subject, text }) => [subject, text]),
    [
      ["work schedule", "Update: I switched to day shifts last week"],
      ["running days per week", "Also I can do four days a week now instead of three."],
    ],
  );
  t.same(factsOf("I work from home three days a week."), { "work schedule": "I work from home three days a week." });
  t.same(factsOf("I can do four days a week now."), {}, "no running in the thread: nothing counted");
});

t.test("a fact's text is at most 300 characters; the extractor is deterministic", async (t) => {
  const long = `I live in Paris, ${"and I really like the small bakeries near the canal where we walk every evening ".repeat(8)}.`;
  const [fact] = extractFacts([user(long)]);
  t.equal(fact?.subject, "home city");
  t.ok(fact!.text.length <= MAX_FACT_TEXT);
  const messages = [user("Ich wohne in München und mein Budget liegt bei 600 Euro."), user("Wir sind nach Hamburg gezogen.")];
  t.same(await createBuiltinFactExtractor().extract(messages), extractFacts(messages));
  t.same(extractFacts(messages), extractFacts(messages));
});

t.test("no text makes the extractor throw: every fixture message as written and in lowercase, with and without facts known", async (t) => {
  // It runs inside Create Thread's transaction: a throw is a 500 and a thread not stored ("im on ubuntu now" was one).
  const known = new Map([["home city", "I live in Leeds"], ["budget", "My budget is $500"], ["weight", "I weigh 80 kg"], ["operating system", "im on linux"], ["job", "I am a nurse"]]);
  const texts = FACTS_USERS.flatMap((fixtureUser) => fixtureUser.threads.flatMap((thread) => thread.messages.map(([, content]) => [fixtureUser.language, content] as const)));
  let thrown = 0;
  for (const [language, content] of texts) {
    for (const variant of [content, content.toLowerCase()]) {
      for (const facts of [new Map<string, string>(), known]) {
        try {
          extractFacts([user(variant, language)], facts);
        } catch (error) {
          thrown++;
          t.fail(`${language}: ${variant.slice(0, 80)}: ${String(error)}`);
        }
      }
    }
  }
  t.equal(thrown, 0, `${texts.length * 4} extractions`);
});
