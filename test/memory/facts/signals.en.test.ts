import t from "tap";
import { extractFacts, type FactMessage } from "../../../src/memory/facts/extractor.ts";
import { withFact, type KeptFact } from "../../../src/memory/facts/supersede.ts";

/**
 * English phrasings of each subject and of its change (moving, switching, quitting, "no longer",
 * "now", "instead"), informal spelling and lowercase included; none from the facts fixture. They
 * are the dev set of signals/en.ts: each sentence states its subject, and the no-fact ones
 * (questions, other people, conditions, small talk) state nothing.
 */
let nextId = 1;
const at = (day: number) => new Date(Date.UTC(2025, 0, 1 + day));
const message = (role: string, content: string, day = 0): FactMessage => ({ id: nextId++, role, content, createdAt: at(day), language: "en" });
const subjectsOf = (content: string) => extractFacts([message("user", content)]).map((fact) => fact.subject);

t.test("each subject, said and changed", async (t) => {
  const cases: [string, string][] = [
    ["We moved to Glasgow in the spring.", "home city"],
    ["we left London, we're in Bristol now", "home city"],
    ["Relocated to Austin for good.", "home city"],
    ["Renting a flat near the station for now.", "housing"],
    ["We bought a little two-bed semi last month.", "housing"],
    ["I've moved back in with my parents.", "housing"],
    ["I'm a backend dev at a bank.", "job"],
    ["i quit my job last week", "job"],
    ["Got laid off in March.", "job"],
    ["I'm working as a paramedic now.", "job"],
    ["Started a new role as a data analyst.", "job"],
    ["I'm on nights now.", "work schedule"],
    ["we're 4 days in office", "work schedule"],
    ["I went part-time after the baby.", "work schedule"],
    ["Fully remote since May.", "work schedule"],
    ["I got engaged to Sam!", "partner"],
    ["Me and my boyfriend split up.", "partner"],
    ["My wife and I are separated now.", "partner"],
    ["Our son was born on Tuesday, 3.4kg.", "children"],
    ["Leo arrived last night, 7lbs 2oz, everyone's fine.", "children"],
    ["I'm pregnant with our second.", "children"],
    ["We adopted a rescue greyhound.", "pet"],
    ["our cat died last month", "pet"],
    ["I've gone vegan.", "diet"],
    ["i stopped eating meat in january", "diet"],
    ["I eat fish again now, so pescatarian I guess.", "diet"],
    ["Turns out I'm allergic to shellfish.", "allergy"],
    ["The allergist said it's tree nuts too.", "allergy"],
    ["I was diagnosed with type 2 diabetes.", "health condition"],
    ["hurt my knee on a trail run", "health condition"],
    ["I pulled my hamstring at football.", "health condition"],
    ["knee's fine now, physio cleared me", "health condition"],
    ["I'm down to 82 kg.", "weight"],
    ["Lost 5 kilos, down to 65 now.", "weight"],
    ["I turned 40 last week.", "age"],
    ["I'm 29.", "age"],
    ["Our budget is £1,200 a month.", "budget"],
    ["I can spend up to $800 on it.", "budget"],
    ["I'm training for the Berlin marathon.", "training goal"],
    ["I signed up for a half in October.", "training goal"],
    ["I run three times a week.", "running days per week"],
    ["I bought a Tesla Model 3.", "car"],
    ["sold the car, cycling everywhere now", "car"],
    ["Switched to a Pixel 8.", "phone"],
    ["My laptop is a ThinkPad X1.", "laptop"],
    ["i'm on windows 11 rn", "operating system"],
    ["I bought a MacBook Air in the end.", "operating system"],
    ["I'm writing Rust at work now.", "programming language"],
    ["Starting next month as a senior Go engineer.", "programming language"],
    ["I'm learning Japanese on Duolingo.", "language learning"],
    ["I'm a size 9 in running shoes.", "shoe size"],
    ["I wear a medium in jackets.", "clothing size"],
  ];
  for (const [sentence, subject] of cases) t.ok(subjectsOf(sentence).includes(subject), `${sentence} → ${subject}`);
});

t.test("questions, other people, conditions, wishes and small talk state nothing", async (t) => {
  const cases = [
    "What's a good knee brace?",
    "My sister is vegetarian now.",
    "He moved to Leeds last year.",
    "If we moved to Lisbon would taxes be a nightmare?",
    "I'd love a dog one day.",
    "Thanks, that's really helpful!",
    "Should I switch to Linux?",
    "My friend is vegan.",
    "haha ok",
    "My boss is allergic to cats.",
  ];
  for (const sentence of cases) t.same(subjectsOf(sentence), [], sentence);
  t.notOk(subjectsOf("We moved to York for Sophie's new job.").includes("job"), "someone else's new job is not the user's");
});

t.test("a change is read as the same subject: the new statement is current, the old one history", async (t) => {
  const cases: [string, string, string][] = [
    ["I live in Leeds.", "We ended up moving to York last month.", "home city"],
    ["I'm a teacher.", "I quit teaching and joined a startup as a product manager.", "job"],
    ["We have a beagle.", "We had to rehome the dog, we have a cat now.", "pet"],
    ["I'm vegetarian.", "I've gone fully vegan since April.", "diet"],
    ["I hurt my ankle playing football.", "Ankle's healed, the physio cleared me.", "health condition"],
    ["I'm on Windows.", "I switched to Ubuntu last week.", "operating system"],
    ["I write Java at work.", "Moved teams, it's all Kotlin now.", "programming language"],
    ["We rent a studio.", "We're renting a two bed flat now.", "housing"],
  ];
  for (const [earlier, later, subject] of cases) {
    let kept: KeptFact[] = [];
    let id = 1;
    for (const [day, content] of [earlier, later].entries()) {
      for (const fact of extractFacts([message("user", content, day * 30)])) kept = withFact(kept, { ...fact, statedAt: at(day * 30) }, id++);
    }
    const timeline = kept.filter((fact) => fact.subject === subject).map((fact) => fact.invalidAt === null);
    t.same(timeline, [false, true], `${earlier} → ${later}`);
  }
});

t.test("in a thread about a trip or running, a lowercase destination and days said briefly are read", async (t) => {
  const cases: [string, string, string][] = [
    ["We're planning a trip to Italy.", "change of plans, we're doing japan instead", "travel destination"],
    ["I'm training for a 10k.", "3 runs is fine, I'm free tue thu sat", "running days per week"],
  ];
  for (const [thread, later, subject] of cases) {
    const stating = message("user", later);
    const facts = extractFacts([message("user", thread), stating]);
    t.ok(facts.some((fact) => fact.subject === subject && fact.messageId === stating.id), `${later} → ${subject}`);
  }
});
