import t from "tap";
import { extractFacts } from "../../../src/memory/facts/extractor.ts";

/**
 * Changes read by the user's own earlier facts (src/memory/facts/changes.ts): sentences written
 * for it, none from the facts fixture, each one neither the rules nor the signals read alone. The
 * user's current fact is the anchor: a later clause of theirs with another value of the kind its
 * subject takes, that says the fact again (a word in common) or says that something changed.
 */
let nextId = 1;
const subjectsOf = (content: string, language: string, known: ReadonlyMap<string, string> = new Map()) =>
  extractFacts([{ id: nextId++, role: "user", content, createdAt: new Date(Date.UTC(2025, 5, 1)), language }], known).map((fact) => fact.subject);

/** [language, subject, the earlier fact's text, a later sentence] */
type Case = [string, string, string, string];

t.test("a value of the subject's kind with a word of change, after the user's fact of it, in each language", async (t) => {
  const cases: Case[] = [
    // An amount is the budget's, a level the language's, a count of days the runs', a name after the earlier one's word the place's.
    ["en", "budget", "My budget is $800 for the whole trip.", "Honestly we can only put $600 toward it now."],
    ["en", "home city", "We live in Bristol.", "we're settled in bath now, loving it"],
    ["en", "language learning", "I'm learning Italian.", "I'm at B1 now!"],
    ["de", "language learning", "Ich lerne Portugiesisch.", "Bin inzwischen auf B2."],
    ["de", "travel destination", "Wir fliegen im Mai nach Lissabon.", "planänderung, wir fliegen stattdessen nach faro"], // Faro: a town no list of known places holds (places.ts)
    ["de", "budget", "Unser Budget liegt bei 2.000 €.", "Jetzt haben wir nur noch 1.500 € zur Verfügung."],
    ["fr", "home city", "J'habite à Lille.", "on est à roubaix maintenant"],
    ["fr", "language learning", "J'apprends l'allemand, niveau A2.", "Je suis passé en B1 maintenant."],
    ["fr", "budget", "Mon budget est de 500 €.", "Finalement on garde 420 € pour ça."],
    ["es", "language learning", "Estoy aprendiendo alemán, tengo un A2.", "Ahora ya tengo el B1."],
    ["es", "home city", "Vivo en Cádiz.", "ahora estamos en chiclana"], // Chiclana: no known place (a known one is read alone, in lowercase too)
    ["es", "budget", "Mi presupuesto es de 900 €.", "Al final tenemos 750 € para eso."],
  ];
  for (const [language, subject, earlier, later] of cases) {
    t.same(subjectsOf(later, language), [], `${language}: "${later}" alone states nothing`);
    t.same(subjectsOf(later, language, new Map([[subject, earlier]])), [subject], `${language}: "${later}" after "${earlier}"`);
  }
});

t.test("a value of the subject's kind in a clause that says the earlier fact again, without a word of change", async (t) => {
  const cases: Case[] = [
    ["en", "budget", "We spend about £40 a month on cat food.", "Cat food is more like £55 for us these days."],
    ["de", "budget", "Für das Futter geben wir 60 € im Monat aus.", "Das Futter kostet uns 75 €."],
    ["de", "running days per week", "Ich laufe 3 Tage pro Woche im Stadtwald.", "Im Stadtwald laufe ich vier Tage."],
    ["fr", "budget", "On dépense 300 € par mois en courses.", "Les courses nous coûtent 350 € en ce moment."],
    ["es", "budget", "Gastamos 200 € al mes en la compra.", "La compra nos sale por 260 €."],
  ];
  for (const [language, subject, earlier, later] of cases) {
    t.same(subjectsOf(later, language), [], `${language}: "${later}" alone states nothing`);
    t.same(subjectsOf(later, language, new Map([[subject, earlier]])), [subject], `${language}: "${later}" after "${earlier}"`);
  }
});

t.test("not a change: another person, a condition, a wish, the same value, no anchor, two subjects as likely", async (t) => {
  const cases: Case[] = [
    ["en", "budget", "My budget is $800.", "My sister now spends $600 on hers."],
    ["en", "home city", "We live in Bristol.", "If we moved to Bath now we'd pay more."],
    ["en", "language learning", "I'm learning Italian.", "I want to reach B2 now."],
    ["de", "budget", "Unser Budget liegt bei 2.000 €.", "Jetzt sind es immer noch 2.000 €."],
    ["de", "home city", "Wir wohnen in Kassel.", "Mein Bruder wohnt jetzt in Göttingen."],
    ["fr", "home city", "J'habite à Lille.", "Ma sœur habite à Lyon maintenant."],
    ["fr", "budget", "Mon budget est de 500 €.", "Le billet coûte 80 €."],
    ["es", "language learning", "Estoy aprendiendo alemán.", "Mi hermano ya tiene el B2."],
    // A lowercase word after an article is a thing, not a place, even from a writer who does not capitalise.
    ["es", "home city", "Vivo en Málaga.", "ahora entreno en el gimnasio del barrio"],
    // … nor a lowercase word after the earlier name's word without a word of change ("à travailler").
    ["fr", "home city", "J'habite à Nantes.", "je commence à travailler lundi chez eux"],
    // A count of days with a word of change alone: the runs or the work, which one is not said.
    ["en", "work schedule", "I work night shifts at the depot.", "I can manage three days now."],
  ];
  for (const [language, subject, earlier, later] of cases) {
    t.notOk(subjectsOf(later, language, new Map([[subject, earlier]])).includes(subject), `${language}: "${later}" after "${earlier}"`);
  }
  t.notOk(subjectsOf("Ahora estamos en Sevilla.", "es", new Map([["diet", "Soy vegana en Málaga."]])).includes("diet"), "a subject whose value has no kind is read by its words only");
});

