import t from "tap";
import { extractFacts } from "../../../src/memory/facts/extractor.ts";
import { withFact, type KeptFact } from "../../../src/memory/facts/supersede.ts";

/**
 * Phrasings written apart from the facts fixture (none of its sentences), to check that the rules
 * read a subject in its usual forms and not one fixture sentence each.
 */
let nextId = 1;
const subjectsOf = (content: string, language: string) =>
  extractFacts([{ id: nextId++, role: "user", content, createdAt: new Date(Date.UTC(2025, 0, 1)), language }]).map((fact) => fact.subject);

t.test("each subject in its usual phrasings, in English, German, French and Spanish", async (t) => {
  const cases: [string, string, string][] = [
    ["en", "We've been living in Glasgow for about three years now.", "home city"],
    ["en", "I recently relocated to Denver for work.", "home city"],
    ["en", "We rent a small two-bed apartment downtown.", "housing"],
    ["en", "I'd like to keep it under $500.", "budget"],
    ["en", "I can't spend more than €200 on it.", "budget"],
    ["en", "My max is around 300 dollars.", "budget"],
    ["en", "I don't eat meat anymore.", "diet"],
    ["en", "I went vegan last year.", "diet"],
    ["en", "I can't have dairy, I'm lactose intolerant.", "allergy"],
    ["en", "I was diagnosed with type 1 diabetes as a kid.", "health condition"],
    ["en", "I currently weigh about 72 kg.", "weight"],
    ["en", "I turned 35 last week.", "age"],
    ["en", "I'm a 28-year-old designer.", "job"],
    ["en", "I teach maths at a secondary school.", "job"],
    ["en", "I've just been promoted to team lead.", "job"],
    ["en", "I work nights at the moment.", "work schedule"],
    ["en", "I usually run three times a week.", "running days per week"],
    ["en", "I'm training for the Berlin marathon in September.", "training goal"],
    ["en", "My boyfriend Sam is coming with me.", "partner"],
    ["en", "We have two kids, 4 and 7.", "children"],
    ["en", "We adopted a rescue greyhound in spring.", "pet"],
    ["en", "We're flying out of Boston on July 12.", "travel date"],
    ["en", "We're heading to Lisbon for our anniversary.", "travel destination"],
    ["en", "I drive an old Volvo estate.", "car"],
    ["en", "I've got a Pixel 8.", "phone"],
    ["en", "I'm learning Japanese for a trip next year.", "language learning"],
    ["de", "Wir leben seit zwei Jahren in Hamburg.", "home city"],
    ["de", "Ich bin letztes Jahr nach München umgezogen.", "home city"],
    ["de", "Wir wohnen zur Miete in einer kleinen Wohnung.", "housing"],
    ["de", "Mehr als 200 Euro möchte ich nicht ausgeben.", "budget"],
    ["de", "Ich esse seit einem Jahr vegetarisch.", "diet"],
    ["de", "Ich vertrage keine Laktose.", "allergy"],
    ["de", "Ich habe eine Erdnussallergie.", "allergy"],
    ["de", "Bei mir wurde Diabetes festgestellt.", "health condition"],
    ["de", "Ich wiege momentan 80 Kilo.", "weight"],
    ["de", "Ich bin 34 Jahre alt.", "age"],
    ["de", "Ich bin Krankenschwester in einer Klinik.", "job"],
    ["de", "Ich arbeite seit März im Homeoffice.", "work schedule"],
    ["de", "Ich laufe dreimal pro Woche.", "running days per week"],
    ["de", "Meine Frau kommt auch mit.", "partner"],
    ["de", "Wir haben zwei Kinder.", "children"],
    ["de", "Wir haben uns einen Hund angeschafft.", "pet"],
    ["de", "Wir fliegen am 3. Mai nach Lissabon.", "travel destination"],
    ["fr", "Nous habitons à Bordeaux depuis l'an dernier.", "home city"],
    ["fr", "On vient de s'installer à Lille.", "home city"],
    ["fr", "Je ne veux pas dépasser 150 euros.", "budget"],
    ["fr", "Je ne mange plus de viande depuis un an.", "diet"],
    ["fr", "Je suis allergique aux arachides.", "allergy"],
    ["fr", "J'ai 45 ans.", "age"],
    ["fr", "Je suis infirmière de nuit.", "job"],
    ["fr", "Je cours trois fois par semaine.", "running days per week"],
    ["fr", "Mon mari Paul vient avec moi.", "partner"],
    ["fr", "Nous avons deux enfants.", "children"],
    ["fr", "Nous avons adopté un chaton.", "pet"],
    ["fr", "Nous partons à Rome le 12 mai.", "travel date"],
    ["fr", "Je pèse 65 kilos.", "weight"],
    ["es", "Vivimos en Sevilla desde hace años.", "home city"],
    ["es", "Me mudé a Bilbao el mes pasado.", "home city"],
    ["es", "No quiero gastar más de 300 euros.", "budget"],
    ["es", "No como carne desde hace dos años.", "diet"],
    ["es", "Soy alérgico a las nueces.", "allergy"],
    ["es", "Tengo 38 años.", "age"],
    ["es", "Trabajo de enfermera en un hospital.", "job"],
    ["es", "Corro tres veces por semana.", "running days per week"],
    ["es", "Mi marido viene conmigo.", "partner"],
    ["es", "Tenemos dos hijos.", "children"],
    ["es", "Adoptamos un gato hace poco.", "pet"],
    ["es", "Volamos a Roma el 5 de junio.", "travel date"],
    ["es", "Peso 70 kilos.", "weight"],
    ["en", "Since the move to Utrecht my commute is much shorter.", "home city"],
    ["en", "We sold the house and now rent a flat near the station.", "housing"],
    ["en", "Our son just started school.", "children"],
    ["en", "We tied the knot in August.", "partner"],
    ["en", "I switched to an iPhone 15 last month.", "phone"],
    ["en", "We traded the Golf for a Tesla Model 3.", "car"],
    ["en", "Our cat Miso is 12 now.", "pet"],
    ["en", "I'm a big fan of running, I do four runs a week.", "running days per week"],
    ["en", "I've signed up for a half marathon in October.", "training goal"],
    ["en", "We land in Tokyo on the 3rd of April.", "travel date"],
    ["en", "Our flight to Tokyo leaves on April 3.", "travel destination"],
    ["en", "I moved over to Linux at home.", "operating system"],
    ["en", "I lost my job in March.", "job"],
    ["en", "I'm retired now.", "job"],
    ["en", "I'm self-employed.", "job"],
    ["en", "My doctor says I'm pre-diabetic.", "health condition"],
    ["en", "I'm celiac so no bread please.", "health condition"],
    ["en", "My partner is vegetarian.", "partner"],
    ["en", "My husband works as a chef.", "partner"],
    ["de", "Nach dem Umzug nach Bremen ist alles neu.", "home city"],
    ["de", "Unser Sohn kommt im Herbst in die Schule.", "children"],
    ["de", "Wir haben im Mai geheiratet.", "partner"],
    ["de", "Ich habe mir ein iPhone 15 gekauft.", "phone"],
    ["de", "Wir fahren einen alten Passat.", "car"],
    ["de", "Ich habe meinen Job verloren.", "job"],
    ["de", "Ich bin seit Januar in Rente.", "job"],
    ["de", "Ich arbeite jetzt Teilzeit.", "work schedule"],
    ["de", "Ich habe mich für den Berlin-Marathon angemeldet.", "training goal"],
    ["de", "Wir haben eine Katze namens Minka.", "pet"],
    ["de", "Mein Budget beträgt 500 Euro.", "budget"],
    ["de", "Ich lerne seit einem Jahr Spanisch.", "language learning"],
    ["fr", "Depuis notre déménagement à Lyon, tout va mieux.", "home city"],
    ["fr", "Notre fille entre au CP en septembre.", "children"],
    ["fr", "Nous nous sommes mariés en juin.", "partner"],
    ["fr", "J'ai un iPhone 13.", "phone"],
    ["fr", "J'ai perdu mon emploi.", "job"],
    ["fr", "Je suis à la retraite.", "job"],
    ["fr", "Je travaille à temps partiel.", "work schedule"],
    ["fr", "Je suis inscrite au marathon de Paris.", "training goal"],
    ["fr", "Mon budget est de 400 euros.", "budget"],
    ["fr", "Je suis végétarienne depuis dix ans.", "diet"],
    ["es", "Desde la mudanza a Málaga estamos mejor.", "home city"],
    ["es", "Nuestra hija empieza el colegio en septiembre.", "children"],
    ["es", "Nos casamos en junio.", "partner"],
    ["es", "Tengo un iPhone 13.", "phone"],
    ["es", "Perdí mi trabajo en marzo.", "job"],
    ["es", "Estoy jubilado.", "job"],
    ["es", "Trabajo a media jornada.", "work schedule"],
    ["es", "Me inscribí en el maratón de Valencia.", "training goal"],
    ["es", "Soy vegetariana desde hace años.", "diet"],
    ["es", "Estoy aprendiendo alemán.", "language learning"],
  ];
  for (const [language, sentence, subject] of cases) t.ok(subjectsOf(sentence, language).includes(subject), `${sentence} → ${subject}`);
});

t.test("other people's facts, plans and places visited are not the user's", async (t) => {
  const cases: [string, string, string][] = [
    ["en", "My brother lives in a tiny flat in Leeds.", "home city"],
    ["en", "My mum moved into a care home in Bath.", "home city"],
    ["en", "The hotel is in a quiet street in Rome.", "home city"],
    ["en", "Is twice a week enough?", "running days per week"],
    ["en", "I'm in Paris for a conference this week.", "home city"],
    ["en", "I'm trying to lose 10 kg.", "weight"],
    ["en", "I want to spend less time on my phone.", "budget"],
    ["en", "My dog's vet is in Bristol.", "home city"],
    ["en", "I'm on the fence about it.", "laptop"],
    ["en", "I got the role of Hamlet in the school play.", "job"],
    ["en", "We started with the basics.", "programming language"],
    ["en", "My son is allergic to eggs.", "allergy"],
    ["en", "I went to the vegan restaurant.", "diet"],
    ["en", "The flight from Tokyo lands at 9.", "travel date"],
    ["de", "Meine Eltern wohnen in einem Haus in Kassel.", "home city"],
    ["de", "Mein Bruder ist gegen Pollen allergisch.", "allergy"],
    ["de", "Der Zug von Berlin nach Wien fährt stündlich?", "travel destination"],
    ["de", "Meine Schwester isst kein Fleisch.", "diet"],
    ["de", "Ich arbeite in der Nähe vom Bahnhof.", "home city"],
    ["fr", "Mes parents habitent dans une maison à Rennes.", "home city"],
    ["fr", "Mon frère ne mange plus de viande.", "diet"],
    ["es", "Mis padres viven en una casa en Cádiz.", "home city"],
    ["es", "Mi hermano ya no come carne.", "diet"],
  ];
  for (const [language, sentence, subject] of cases) t.notOk(subjectsOf(sentence, language).includes(subject), `${sentence} → no ${subject}`);
  t.same(subjectsOf("My sister is allergic to cats.", "en"), [], "My sister is allergic to cats.");
  t.same(subjectsOf("If we move to Berlin, what would rent cost?", "en"), [], "If we move to Berlin, what would rent cost?");
  t.same(subjectsOf("Meine Schwester ist gegen Nüsse allergisch.", "de"), [], "Meine Schwester ist gegen Nüsse allergisch.");
  t.same(subjectsOf("Ma sœur est allergique au gluten.", "fr"), [], "Ma sœur est allergique au gluten.");
  t.same(subjectsOf("Mi hermana es alérgica al gluten.", "es"), [], "Mi hermana es alérgica al gluten.");
  t.same(subjectsOf("Would a vegan diet help?", "en"), [], "Would a vegan diet help?");
  t.same(subjectsOf("My friend lives in Paris.", "en"), [], "My friend lives in Paris.");
});

t.test("a change said in a later thread is read as the same subject: the new statement is current, the old one history", async (t) => {
  const cases: [string, string, string, string][] = [
    ["en", "We live in Leeds.", "We've since moved out of the city to Harrogate.", "home city"],
    ["en", "We live in Leeds.", "I'm now based out of Austin.", "home city"],
    ["en", "My budget is $100.", "My budget went up to $150.", "budget"],
    ["en", "My budget is $100.", "I can now stretch to £60 a month.", "budget"],
    ["en", "I'm vegetarian.", "I'm eating fish again.", "diet"],
    ["en", "I'm vegetarian.", "I've started eating meat again.", "diet"],
    ["en", "I work from home.", "I'm back to working in the office.", "work schedule"],
    ["en", "I work from home.", "I switched to nights last month.", "work schedule"],
    ["en", "I work as a nurse.", "I'm now a senior engineer.", "job"],
    ["en", "I work as a nurse.", "I left nursing and now work as a paramedic.", "job"],
    ["en", "I run three times a week.", "We're now down to two runs a week.", "running days per week"],
    ["en", "I weigh 90 kg.", "I've dropped to 80 kg.", "weight"],
    ["en", "My boyfriend and I are saving up.", "We split up in the spring.", "partner"],
    ["en", "We have a dog.", "Our dog passed away and we adopted a kitten.", "pet"],
    ["en", "We fly on May 3.", "The trip is now on June 9 instead.", "travel date"],
    ["en", "We're flying to Madrid.", "We changed the destination to Porto.", "travel destination"],
    ["en", "I have a Samsung Galaxy S21.", "I swapped my Android for an iPhone 16.", "phone"],
    ["en", "I code in Python.", "I've switched to Rust for the backend.", "programming language"],
    ["de", "Wir wohnen in Kassel.", "Inzwischen wohnen wir in Freiburg.", "home city"],
    ["de", "Mein Budget liegt bei 600 Euro.", "Mein Budget liegt jetzt bei 900 Euro.", "budget"],
    ["de", "Ich bin Vegetarierin.", "Ich esse wieder Fisch.", "diet"],
    ["de", "Ich arbeite als Erzieherin.", "Ich bin jetzt Teamleiterin.", "job"],
    ["de", "Ich wiege 80 kg.", "Ich wiege jetzt 70 kg.", "weight"],
    ["de", "Wir fliegen am 3. Juni.", "Wir fliegen jetzt erst am 20. Juni.", "travel date"],
    ["de", "Wir fliegen nach Lissabon.", "Wir fliegen doch nach Porto.", "travel destination"],
    ["de", "Ich arbeite in Teilzeit.", "Ich arbeite wieder Vollzeit.", "work schedule"],
    ["fr", "J'habite à Lyon.", "Nous vivons maintenant à Nice.", "home city"],
    ["fr", "Mon budget est de 100 euros.", "Mon budget passe à 200 euros.", "budget"],
    ["fr", "Je mange de la viande.", "Je suis redevenue végétarienne.", "diet"],
    ["fr", "Je suis infirmière.", "Je suis désormais cheffe de projet.", "job"],
    ["fr", "Je pèse 70 kg.", "Je pèse maintenant 60 kg.", "weight"],
    ["fr", "Nous partons le 5 juin.", "Finalement nous partons le 3 juillet.", "travel date"],
    ["es", "Vivo en Madrid.", "Ahora vivimos en Granada.", "home city"],
    ["es", "Mi presupuesto es de 300 euros.", "El presupuesto sube a 500 euros.", "budget"],
    ["es", "Soy vegetariana.", "Ahora soy vegana.", "diet"],
    ["es", "Trabajo como camarera.", "Ahora trabajo como jefa de cocina.", "job"],
    ["es", "Peso 75 kilos.", "Ya peso 68 kilos.", "weight"],
    ["es", "Viajamos el 10 de julio.", "Al final viajamos el 2 de agosto.", "travel date"],
  ];
  for (const [language, earlier, later, subject] of cases) {
    let kept: KeptFact[] = [];
    let id = 1;
    for (const [day, content] of [earlier, later].entries()) {
      const createdAt = new Date(Date.UTC(2025, 0, 1 + day * 30));
      for (const fact of extractFacts([{ id: nextId++, role: "user", content, createdAt, language }])) kept = withFact(kept, { ...fact, statedAt: createdAt }, id++);
    }
    const timeline = kept.filter((fact) => fact.subject === subject).map((fact) => [fact.text, fact.invalidAt === null]);
    t.same(timeline, [[earlier, false], [later, true]], `${earlier} → ${later}`);
  }
});
