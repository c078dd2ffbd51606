import t from "tap";
import { extractFacts, type FactMessage } from "../../../src/memory/facts/extractor.ts";
import { generalStatements } from "../../../src/memory/facts/general.ts";
import { withFact, type KeptFact } from "../../../src/memory/facts/supersede.ts";

/**
 * The general stage (src/memory/facts/general.ts, signals/): sentences written for it, none from
 * the facts fixture, each one the rules alone miss. A subject's signal words in a clause where the
 * user speaks of themself make a fact of it; other people, questions, conditions and small talk don't.
 */
let nextId = 1;
const at = (day: number) => new Date(Date.UTC(2025, 0, 1 + day));
const message = (role: string, content: string, language?: string, day = 0): FactMessage => ({ id: nextId++, role, content, createdAt: at(day), ...(language ? { language } : {}) });
const subjectsOf = (content: string, language?: string) => extractFacts([message("user", content, language)]).map((fact) => fact.subject);

t.test("what the rules miss, in any phrasing of the subject, in English, German, French and Spanish", async (t) => {
  const cases: [string, string, string][] = [
    ["en", "Meet Luna, our new rescue kitten.", "pet"],
    ["en", "I've been in Manchester since January.", "home city"],
    ["en", "I handed in my notice and I'm starting at a startup in March.", "job"],
    ["en", "I'm driving an electric Kia now.", "car"],
    ["en", "I upgraded to a Pixel 9.", "phone"],
    ["en", "I wiped Windows and installed Ubuntu.", "operating system"],
    ["en", "I've moved our backend from PHP to Kotlin.", "programming language"],
    ["en", "I dropped Italian and started Portuguese.", "language learning"],
    ["en", "My feet are a 44 in running shoes.", "shoe size"],
    ["en", "We're renting a two-bed flat now.", "housing"],
    ["de", "Beim Arzt kam heraus, dass ich gegen Hausstaub allergisch bin.", "allergy"],
    ["de", "Ich habe mir das Knie verletzt.", "health condition"],
    ["de", "Ich bin jetzt bei 78 Kilo.", "weight"],
    ["de", "Ich bin letzte Woche 50 geworden.", "age"],
    ["de", "Ich bin auf Linux umgestiegen.", "operating system"],
    ["de", "Im neuen Team schreiben wir alles in Kotlin.", "programming language"],
    ["de", "Ich trage inzwischen Größe M.", "clothing size"],
    ["fr", "On vient d'adopter un chiot !", "pet"],
    ["fr", "Je travaille désormais chez Airbus.", "job"],
    ["fr", "On m'a diagnostiqué une allergie aux fruits à coque.", "allergy"],
    ["fr", "Je me suis fait une entorse à la cheville.", "health condition"],
    ["fr", "J'ai eu 30 ans la semaine dernière.", "age"],
    ["fr", "On a remplacé la Clio par une Zoé électrique.", "car"],
    ["fr", "J'ai commencé l'espagnol.", "language learning"],
    ["es", "Acabamos de adoptar un cachorro.", "pet"],
    ["es", "Ahora trabajo en Telefónica.", "job"],
    ["es", "Me diagnosticaron alergia al marisco.", "allergy"],
    ["es", "Me hice un esguince de tobillo.", "health condition"],
    ["es", "Cambiamos el Ibiza por un Tesla.", "car"],
    ["es", "Empecé a estudiar alemán.", "language learning"],
    ["de", "Mittlerweile sind wir in Dresden zu Hause.", "home city"],
    ["de", "Wir haben Berlin verlassen und sind jetzt in Potsdam.", "home city"],
    ["de", "Wir haben uns ein Reihenhaus gekauft.", "housing"],
    ["de", "Jetzt wohnen wir zur Miete in einer Dreizimmerwohnung.", "housing"],
    ["de", "Mehr als 700 Euro ist für mich nicht drin.", "budget"],
    ["de", "Ich habe jetzt 300 Euro im Monat übrig.", "budget"],
    ["de", "Seit zwei Wochen wohnt ein kleiner Kater bei uns.", "pet"],
    ["de", "Wir sind Eltern geworden!", "children"],
    ["de", "Ich habe auf Nachtdienst gewechselt.", "work schedule"],
    ["de", "Ich arbeite nur noch vier Tage die Woche.", "work schedule"],
    ["de", "Fleisch esse ich keins mehr.", "diet"],
    ["de", "Ich reagiere allergisch auf Pollen.", "allergy"],
    ["de", "Mein Rücken macht Probleme, ich habe einen Bandscheibenvorfall.", "health condition"],
    ["de", "Ich werde nächsten Monat 40.", "age"],
    ["de", "Ich arbeite jetzt auf einem MacBook Air.", "laptop"],
    ["de", "Ich habe mit Japanisch angefangen.", "language learning"],
    ["de", "Meine Schuhgröße ist inzwischen 43.", "shoe size"],
    ["de", "Ich brauche Größe L.", "clothing size"],
    ["de", "Jetzt schaffe ich drei Läufe pro Woche.", "running days per week"],
    ["de", "Ich mache jetzt täglich 8.000 Schritte.", "daily steps"],
    ["de", "Ich heiße übrigens Jana.", "name"],
    ["fr", "Nous avons quitté Paris pour Angers.", "home city"],
    ["fr", "On loue un T3 maintenant.", "housing"],
    ["fr", "Nous sommes devenus propriétaires d'une maison.", "housing"],
    ["fr", "Je me suis marié en juin.", "partner"],
    ["fr", "Je suis en arrêt maladie depuis un mois.", "job"],
    ["fr", "Je suis devenue infirmière.", "job"],
    ["fr", "Je me suis blessé au genou.", "health condition"],
    ["fr", "Je fais 68 kilos maintenant.", "weight"],
    ["fr", "Je viens d'avoir 40 ans.", "age"],
    ["fr", "J'ai un nouveau téléphone, un Pixel 8.", "phone"],
    ["es", "Desde marzo estamos en Zaragoza.", "home city"],
    ["es", "Vamos a ser padres en abril.", "children"],
    ["es", "Me lesioné la rodilla.", "health condition"],
    ["es", "Tengo un 43 de pie.", "shoe size"],
    ["en", "Moved to Leipzig in May.", "home city"],
    ["en", "Started a new job at Siemens on Monday.", "job"],
    ["en", "Went vegan in January.", "diet"],
    ["de", "Bin jetzt in Leipzig.", "home city"],
    ["de", "Bin seit Januar in Rente.", "job"],
    // German compounds: the head noun says the subject.
    ["de", "Unser Urlaubsbudget liegt jetzt bei 2.000 Euro.", "budget"],
    ["de", "Wir haben uns einen Familienhund zugelegt.", "pet"],
    ["de", "Wir haben eine Mietwohnung in der Altstadt gefunden.", "housing"],
    ["de", "Ich habe mir einen Gebrauchtwagen gekauft.", "car"],
    ["de", "Ich bin jetzt im Frühdienst.", "work schedule"],
  ];
  for (const [language, sentence, subject] of cases) t.ok(subjectsOf(sentence, language).includes(subject), `${sentence} → ${subject}`);
  // The language unknown (a short message): every language's signals, each with its own words for "I".
  for (const [language, sentence, subject] of cases.filter((_, index) => index % 5 === 0)) t.ok(subjectsOf(sentence).includes(subject), `${sentence} (language ${language} not given) → ${subject}`);
});

t.test("small talk, other people, questions, conditions and wishes state nothing", async (t) => {
  const cases: [string, string][] = [
    ["de", "Der Hundepark bei uns ist geschlossen."],
    ["de", "Wie viel kostet ein Flug nach Rom?"],
    ["de", "Das klingt gut, danke!"],
    ["de", "Meine Schwester wohnt in München."],
    ["fr", "Le parc à chiens est fermé."],
    ["fr", "Ma sœur habite à Lyon."],
    ["fr", "Merci beaucoup, c'est parfait."],
    ["es", "El parque de perros está cerrado."],
    ["es", "Mi hermana vive en Madrid."],
    ["es", "¡Muchas gracias!"],
    ["en", "Sounds good, thanks."],
    ["en", "The dog park near us is closed."],
    ["en", "Tomás got a new job."],
    ["de", "Der Hundepark ist zu."],
    ["en", "My neighbour's new puppy barks all night."],
    ["en", "Should I get a dog or a cat?"],
    ["en", "If we move to Leeds, we'd need a bigger flat."],
    ["en", "I'm looking for a new laptop for uni."],
    ["en", "I'm allergic to nonsense, haha."],
    ["de", "Wenn wir umziehen, brauchen wir ein Auto."],
    ["de", "Mein Bruder sucht einen Welpen."],
    ["de", "Das Hundefutter ist teuer."],
    ["fr", "Si on déménage à Lyon, il nous faudra une voiture."],
    ["es", "Si nos mudamos a Sevilla, necesitaremos coche."],
    ["es", "Busco un portátil para la universidad."],
  ];
  for (const [language, sentence] of cases) {
    const subjects = subjectsOf(sentence, language).filter((subject) => subject !== "allergy" || !sentence.includes("nonsense"));
    t.same(subjects, [], sentence);
  }
  t.same(subjectsOf("My sister is allergic to cats.", "en"), [], "another person's allergy is not the user's");
  t.same(subjectsOf("Mi hermano ya no come carne.", "es"), [], "another person's diet is not the user's");
});

t.test("a change only the signals read replaces the earlier value: the new statement is current, the old one history", async (t) => {
  const cases: [string, string, string, string][] = [
    ["en", "We have a cat called Miso.", "We just got a puppy!", "pet"],
    ["en", "My budget is $400.", "The budget has gone up to £900 since my bonus came through.", "budget"],
    ["en", "I work as a nurse.", "I handed in my notice and I'm starting at a startup in March.", "job"],
    ["de", "Ich wiege 80 kg.", "Mittlerweile wiege ich nur noch 70 Kilo.", "weight"],
    ["de", "Wir fliegen am 3. Juni.", "Wir haben die Reise auf den 3. Juli verschoben.", "travel date"],
    ["fr", "Je travaille à temps plein.", "Je suis passée à temps partiel.", "work schedule"],
    ["es", "Tengo un gato.", "Acabamos de adoptar un cachorro.", "pet"],
  ];
  for (const [language, earlier, later, subject] of cases) {
    let kept: KeptFact[] = [];
    let id = 1;
    for (const [day, content] of [earlier, later].entries()) {
      for (const fact of extractFacts([message("user", content, language, day * 30)])) kept = withFact(kept, { ...fact, statedAt: at(day * 30) }, id++);
    }
    const timeline = kept.filter((fact) => fact.subject === subject).map((fact) => [fact.text, fact.invalidAt === null]);
    t.same(timeline, [[earlier, false], [later, true]], `${earlier} → ${later}`);
  }
});

t.test("in a thread about a trip, 'doing South Korea instead' is the destination; a short reply states what the assistant asked", async (t) => {
  const trip = [message("user", "We're planning a trip to Japan in October.", "en"), message("assistant", "Lovely! Anything changed?", "en"), message("user", "Change of plans, we're doing South Korea instead.", "en")];
  t.same(
    extractFacts(trip).filter((fact) => fact.subject === "travel destination").map((fact) => [fact.messageId, fact.text]),
    [
      [trip[0]!.id, "We're planning a trip to Japan in October."],
      [trip[2]!.id, "We're doing South Korea instead."],
    ],
  );
  const answers: [string, string, string, string][] = [
    ["en", "Great. Where are you flying from?", "Porto, probably.", "travel origin"],
    ["en", "Happy to help. What's your shoe size?", "EU 44.", "shoe size"],
    ["de", "Gern. Wie alt sind Sie?", "Einundvierzig.", "age"],
    ["fr", "D'accord. Quel est votre budget ?", "Environ 300 euros.", "budget"],
    ["es", "Perfecto. ¿Desde dónde salís?", "Desde Bilbao.", "travel origin"],
  ];
  for (const [language, question, reply, subject] of answers) {
    const facts = extractFacts([message("assistant", question, language), message("user", reply, language)]);
    t.same(facts.map((fact) => [fact.subject, fact.text]), [[subject, reply]], `${question} → ${reply}`);
  }
  const notAnswers = extractFacts([message("assistant", "What's your shoe size?", "en"), message("user", "Not sure.", "en"), message("assistant", "Which phone do you have?", "en"), message("user", "Why do you ask? I don't really want to say, to be honest, it's not relevant here.", "en")]);
  t.same(notAnswers, [], "no value, or a long reply: its own statements are read instead");
});

t.test("the signals run in time linear in the statement (no nested quantifiers)", async (t) => {
  const pieces = ["I ", "my ", "we ", "a", " ", "1", "12 ", "€", "$1,", "kg ", "size ", "to ", "in Paris ", "de ", "ich ", "je ", "yo ", "é", "-", ".", ",", "'"];
  const about = () => true;
  for (const piece of pieces) {
    const text = piece.repeat(Math.ceil(20_000 / piece.length)).slice(0, 20_000);
    const started = performance.now();
    generalStatements(text, undefined, new Map(), about);
    const elapsed = performance.now() - started;
    t.ok(elapsed < 1000, `"${piece}" × ${20_000 / piece.length}: ${elapsed.toFixed(0)} ms`);
  }
});
