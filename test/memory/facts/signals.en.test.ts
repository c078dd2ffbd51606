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
    ["We just relocated from Leeds to Manchester.", "home city"],
    ["finally settled in Cork after the move", "home city"],
    ["Been living in Denver for two years now.", "home city"],
    ["we're in Lisbon these days", "home city"],
    ["We finally bought our first house!", "housing"],
    ["moved into a houseshare with three others", "housing"],
    ["We're renting now, sold the flat in June.", "housing"],
    ["I got promoted to team lead.", "job"],
    ["I handed in my notice at the bank.", "job"],
    ["I'm now a freelance illustrator.", "job"],
    ["started as a junior designer at an agency", "job"],
    ["I retired in March.", "job"],
    ["Switched careers, I'm a nurse now.", "job"],
    ["I've gone down to four days a week at work.", "work schedule"],
    ["I'm working from home full time now.", "work schedule"],
    ["I do night shifts at the hospital.", "work schedule"],
    ["back in the office three days a week", "work schedule"],
    ["My husband and I separated in the summer.", "partner"],
    ["I'm seeing someone new, his name is Dan.", "partner"],
    ["we got married in June!!", "partner"],
    ["I'm single again.", "partner"],
    ["We're expecting our first in March.", "children"],
    ["I have two kids, 5 and 8.", "children"],
    ["our little one started nursery", "children"],
    ["I'm a mum of three now.", "children"],
    ["We lost our old cat in May.", "pet"],
    ["got a kitten last weekend!", "pet"],
    ["I have two rescue dogs.", "pet"],
    ["we rehomed the rabbit", "pet"],
    ["I've been plant-based since January.", "diet"],
    ["I cut out dairy completely.", "diet"],
    ["no longer vegetarian, I eat chicken again", "diet"],
    ["I'm doing keto now.", "diet"],
    ["I'm lactose intolerant.", "allergy"],
    ["turns out I'm allergic to penicillin", "allergy"],
    ["I've got a nut allergy.", "allergy"],
    ["I have asthma.", "health condition"],
    ["I was diagnosed with ADHD last year.", "health condition"],
    ["I've got a bad back.", "health condition"],
    ["My shoulder's still sore after the fall.", "health condition"],
    ["I'm recovering from knee surgery.", "health condition"],
    ["I have high blood pressure.", "health condition"],
    ["I weigh 85kg.", "weight"],
    ["I'm 12 stone.", "weight"],
    ["I just turned 30.", "age"],
    ["I'm 45 this year.", "age"],
    ["We've got about £3k to spend.", "budget"],
    ["I can only afford £50 a month.", "budget"],
    ["our budget went up to $2,000", "budget"],
    ["I've entered the Manchester 10k.", "training goal"],
    ["my goal is a sub-2 half marathon", "training goal"],
    ["I'm doing my first triathlon in June.", "training goal"],
    ["I'm running five days a week now.", "running days per week"],
    ["We traded in the Golf for a Tesla.", "car"],
    ["I drive a Honda Civic.", "car"],
    ["I don't have a car anymore.", "car"],
    ["I've got an iPhone 15 now.", "phone"],
    ["switched from Android to iPhone", "phone"],
    ["I'm using a Dell XPS 13.", "laptop"],
    ["I upgraded to a new MacBook Pro.", "laptop"],
    ["I switched to Linux Mint.", "operating system"],
    ["Our stack is TypeScript and Node.", "programming language"],
    ["I mostly code in Python.", "programming language"],
    ["I've started Spanish lessons.", "language learning"],
    ["I'm trying to learn Italian before the trip.", "language learning"],
    ["I take a 42 in shoes.", "shoe size"],
    ["I'm usually a size 12.", "clothing size"],
    ["I went down a size, I'm a medium now.", "clothing size"],
    ["we ended up in Bath instead of Bristol", "home city"],
    ["Just moved back to Glasgow.", "home city"],
    ["We're now based in Oxford.", "home city"],
    ["we moved out of the flat and into a house", "housing"],
    ["I'm house-sitting for my parents for now, we gave up the flat", "housing"],
    ["Left teaching last summer, I'm in sales now.", "job"],
    ["I'm between jobs at the moment.", "job"],
    ["I start at Google on Monday!", "job"],
    ["got the nursing job!!", "job"],
    ["switched to early shifts", "work schedule"],
    ["no more night shifts for me", "work schedule"],
    ["I'm going freelance, so flexible hours from now on", "work schedule"],
    ["we broke up in May", "partner"],
    ["our twins turned one", "children"],
    ["our old dog passed away in March", "pet"],
    ["we now have two cats", "pet"],
    ["the hamster died", "pet"],
    ["I'm eating meat again.", "diet"],
    ["went back to eating fish", "diet"],
    ["I've quit sugar and gone low carb", "diet"],
    ["my allergy to cats got worse", "allergy"],
    ["I've developed a gluten intolerance.", "allergy"],
    ["I'm off crutches now", "health condition"],
    ["my asthma is under control now", "health condition"],
    ["I've been signed off with stress.", "health condition"],
    ["I'm down 6kg to 74", "weight"],
    ["I'm turning 35 next month.", "age"],
    ["we upped the budget to £900", "budget"],
    ["Budget's now 1500.", "budget"],
    ["switched from the marathon to the half", "training goal"],
    ["I've deferred my place to next year's marathon.", "training goal"],
    ["dropping to 2 runs a week", "running days per week"],
    ["we got rid of the car", "car"],
    ["I lease an electric Kia now", "car"],
    ["I'm back on Android.", "phone"],
    ["my old laptop died so I got a Lenovo", "laptop"],
    ["we migrated the codebase to Go", "programming language"],
    ["dropped French, doing German now", "language learning"],
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
    "What's the best way to learn Spanish?",
    "My brother lives in Dublin.",
    "Thanks so much!",
    "If I get the job I'll move to Leeds.",
    "I'd like to try running one day.",
    "Is 70kg a healthy weight?",
  ];
  for (const sentence of cases) t.same(subjectsOf(sentence), [], sentence);
  t.notOk(subjectsOf("We moved to York for Sophie's new job.").includes("job"), "someone else's new job is not the user's");
  t.notOk(subjectsOf("my allergy to cats got worse").includes("pet"), "an allergy to an animal is no pet");
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
