import t from "tap";
import { extractFacts, type FactMessage } from "../../../src/memory/facts/extractor.ts";

/**
 * German phrasings of each subject and of its change (moving, switching, quitting, starting, "nicht
 * mehr", "jetzt", "statt"), in informal spelling too ("hab", "bin", no "ich", no umlauts, lowercase):
 * sentence -> the subject it states; questions, conditions and other people state none.
 */
let nextId = 1;
const message = (role: string, content: string): FactMessage => ({ id: nextId++, role, content, createdAt: new Date(Date.UTC(2025, 0, 1)), language: "de" });
const subjectsOf = (content: string) => extractFacts([message("user", content)]).map((fact) => fact.subject);

t.test("German statements of a subject and of its change", async (t) => {
  const cases: [string, string][] = [
    ["Wir sind letzten Monat nach Leipzig gezogen.", "home city"],
    ["Seit dem Umzug wohnen wir in Bochum.", "home city"],
    ["Wir leben jetzt in Freiburg, nicht mehr in Ulm.", "home city"],
    ["Ich hab eine Stelle in Toulouse bekommen, wir ziehen dorthin im Mai.", "home city"],
    ["Wir haben die Wohnung gekündigt und sind in ein Haus mit Garten gezogen.", "housing"],
    ["Ich bin bei meinen Eltern ausgezogen und hab jetzt eine eigene Wohnung.", "housing"],
    ["Ich hab in eine Uniklinik gewechselt.", "job"],
    ["Seit Januar leite ich das Team.", "job"],
    ["Ich hab die Teamleitung übernommen.", "job"],
    ["Bin jetzt bei einer Agentur als Grafikerin.", "job"],
    ["Ich hab meinen Job gekündigt und mach mich selbstständig.", "job"],
    ["Ich hab ein Praktikum bei Siemens angefangen.", "job"],
    ["Ich arbeite jetzt als Krankenpfleger im Klinikum.", "job"],
    ["Ich mach nur noch Frühschicht.", "work schedule"],
    ["Ich arbeite im Schichtdienst und ich würde gern tagsüber arbeiten.", "work schedule"],
    ["Ich bin auf 30 Stunden runtergegangen.", "work schedule"],
    ["Hab auf 32 Stunden reduziert.", "work schedule"],
    ["Zwei Tage die Woche bin ich im Homeoffice.", "work schedule"],
    ["Maximal 1.600 warm können wir zahlen.", "budget"],
    ["Mehr als 300 will ich dafür nicht ausgeben.", "budget"],
    ["Maximal 200 €", "budget"],
    ["Höchstens 80 Euro.", "budget"],
    ["Wir haben jetzt einen Hund aus dem Tierschutz.", "pet"],
    ["Unser Kater ist leider gestorben.", "pet"],
    ["Wir haben wieder zwei: Krümel und Paule 🐹", "pet"],
    ["Die Jungs sind übrigens jetzt 8.", "children"],
    ["Unser Sohn ist im März zur Welt gekommen.", "children"],
    ["Die Kleine ist jetzt 2 Jahre alt.", "children"],
    ["Ich bin wieder Single.", "partner"],
    ["Meine Freundin und ich haben uns getrennt.", "partner"],
    ["Ich bin mit Jonas zusammengezogen.", "partner"],
    ["Ich hab mich verlobt!", "partner"],
    ["Ich ess kein Fleisch mehr.", "diet"],
    ["Ich lebe seit März vegan.", "diet"],
    ["Ich ernähre mich jetzt glutenfrei.", "diet"],
    ["mein Allergologe meint, ich reagier jetzt auch auf Gräser.", "allergy"],
    ["Ich vertrag keine Nüsse.", "allergy"],
    ["Ich hab mir den Fuß gebrochen.", "health condition"],
    ["Bei mir wurde Bluthochdruck festgestellt.", "health condition"],
    ["Ich wiege jetzt 82 Kilo.", "weight"],
    ["Der Golf ist durch den TÜV gefallen, hab ihn verkauft und fahr jetzt mit dem Deutschlandticket.", "car"],
    ["Wir haben jetzt einen gebrauchten Skoda.", "car"],
    ["Ich hab das Auto abgeschafft.", "car"],
    ["Hab mir das Pixel 8a geholt.", "phone"],
    ["Ich bin von Android auf ein iPhone umgestiegen.", "phone"],
    ["Ich hab mir ein ThinkPad gekauft.", "laptop"],
    ["Italienisch hab ich wieder aufgegeben.", "language learning"],
    ["Ich konzentrier mich jetzt auf Spanisch.", "language learning"],
    ["Ich mache einen Französischkurs an der VHS.", "language learning"],
    ["hab jetzt 44,5 bei den Laufschuhen", "shoe size"],
    ["Ich trage Schuhgröße 42.", "shoe size"],
    ["Ich bin mittlerweile 45.", "age"],
    ["Ich laufe jetzt den Halbmarathon in Berlin im April.", "training goal"],
    ["Ich hab mich für einen 10-km-Lauf angemeldet.", "training goal"],
    ["Wir fliegen jetzt erst im September.", "travel date"],
    ["Statt ab München fliegen wir ab Nürnberg.", "travel origin"],
    ["Meine Schwester zieht nach Graz, also fliege ich dorthin.", "travel destination"],
    ["Die Laufschuhe waren in 44 zu eng, hab jetzt 44,5.", "shoe size"],
    ["Wir sind umgezogen und wohnen jetzt in Kassel.", "home city"],
    ["Bin nach Hamburg gezogen.", "home city"],
    ["Wir wohnen seit kurzem in Muenchen.", "home city"],
    ["Ich hab gekuendigt und fang im Mai woanders an.", "job"],
    ["Ich bin in Rente gegangen.", "job"],
    ["Ich wurde befoerdert.", "job"],
    ["ich hab nen neuen job als lehrerin", "job"],
    ["Ich arbeite jetzt remote.", "work schedule"],
    ["Ich arbeite seit März nur noch 20 Stunden.", "work schedule"],
    ["Ich hab jetzt Gleitzeit.", "work schedule"],
    ["Ich hab 5 Kilo abgenommen, wiege jetzt 75.", "weight"],
    ["Ich fahr jetzt ein E-Auto.", "car"],
    ["Ich lerne jetzt Japanisch statt Koreanisch.", "language learning"],
    ["Ich spreche inzwischen fließend Spanisch.", "language learning"],
    ["hab mich von meinem freund getrennt", "partner"],
    ["Unsere Katze ist weggelaufen.", "pet"],
    ["Ich bin schwanger!", "children"],
    ["Ich trainiere jetzt für den Berlin-Marathon.", "training goal"],
    ["Wir fliegen doch nicht nach Rom, sondern nach Neapel.", "travel destination"],
    ["Die Reise geht jetzt nach Kroatien statt Italien.", "travel destination"],
    ["Der Flug ist jetzt am 14. Oktober.", "travel date"],
    ["Wir können jetzt bis 1500 Euro ausgeben.", "budget"],
    ["bin jetzt vegan", "diet"],
    ["Ich trag inzwischen Groesse 43 bei Schuhen.", "shoe size"],
    ["Ich hab ne neue Freundin.", "partner"],
    ["Mein Mann ist letztes Jahr gestorben.", "partner"],
    ["Ich mach jetzt Intervallfasten.", "diet"],
    ["Bin seit letzter Woche krankgeschrieben wegen Burnout.", "health condition"],
    ["Ich bin auf Teilzeit gewechselt.", "work schedule"],
    ["Wir haben uns einen Hund zugelegt.", "pet"],
    ["Ich hab mein Handy gegen ein Pixel getauscht.", "phone"],
  ];
  for (const [sentence, subject] of cases) t.ok(subjectsOf(sentence).includes(subject), `${sentence} -> ${subject}`);
});

t.test("German questions, conditions, other people and small talk state nothing", async (t) => {
  const cases = [
    "Wie viel kostet ein Hund im Monat?",
    "Wenn wir nach Hamburg ziehen, brauchen wir ein Auto?",
    "Falls wir irgendwann einen Hund holen, wie groß sollte der Garten sein?",
    "Meine Schwester ist Veganerin.",
    "Übrigens mein Bruder zieht nach Köln.",
    "Danke, das hilft mir sehr!",
    "Ich würde gern mal nach Japan reisen.",
    "Mein Chef hat ein neues Auto.",
    "Mein Sohn hängt nur noch an seinem Handy.",
    "Mein Budget für alles außer Miete sind 900 € im Monat.",
    "Ab jetzt trainiere ich für das Rennen am 12. Mai.",
    "Ich bin 29, also noch lange Zeit bis zur Rente.",
  ];
  for (const sentence of cases) {
    const subjects = subjectsOf(sentence);
    if (sentence.startsWith("Ich bin 29")) t.same(subjects, ["age"], sentence);
    else if (sentence.startsWith("Mein Sohn")) t.same(subjects, ["children"], sentence);
    else if (sentence.startsWith("Mein Budget")) t.same(subjects, ["budget"], sentence);
    else if (sentence.startsWith("Ab jetzt")) t.notOk(subjects.includes("travel date"), sentence);
    else t.same(subjects, [], sentence);
  }
});
