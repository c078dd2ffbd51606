import t from "tap";
import { phrasingCases } from "./phrasingCases.ts";

/**
 * What users commonly say of themselves beyond the fixtures' subjects (issue 27: who they are, what
 * they prefer): favorites, how to be contacted and answered, seats, languages spoken, studies,
 * birthday, height, time zone, smoking, income, pastimes, origin, nationality, food liked and disliked,
 * training other than running; and a home written in lowercase. Each
 * language: sentence -> its subject, a change of it, and what must state none of them (questions,
 * other people, wishes, look-alikes).
 */
const NEW_SUBJECTS = /^(?:favorite |contact preference|answer style|seat preference|languages spoken|education|birthday|height|time zone|smoking|income|hobby|origin|nationality|food likes|food dislikes|exercise)/u;

const CASES: Record<string, { states: [string, string][]; changes: [string, string, string][]; none: string[] }> = {
  en: {
    states: [
      ["My favorite food is sushi.", "favorite food"],
      ["my fave band is Radiohead", "favorite band"],
      ["I prefer to be contacted by email.", "contact preference"],
      ["Please reach me on WhatsApp.", "contact preference"],
      ["I prefer short answers.", "answer style"],
      ["I always book an aisle seat.", "seat preference"],
      ["I speak French and German fluently.", "languages spoken"],
      ["My native language is Portuguese.", "languages spoken"],
      ["I study computer science at Stanford.", "education"],
      ["I'm doing a PhD in marine biology.", "education"],
      ["My birthday is on March 3rd.", "birthday"],
      ["I'm 1.80 m tall.", "height"],
      ["I'm 6'2\" so legroom matters.", "height"],
      ["I'm in the Pacific time zone.", "time zone"],
      ["I smoke about ten cigarettes a day.", "smoking"],
      ["I quit smoking last year.", "smoking"],
      ["I earn about 60k a year.", "income"],
      ["I make $4,000 a month after tax.", "income"],
      ["I play the guitar.", "hobby"],
      ["I'm into photography these days.", "hobby"],
      ["i live in toronto", "home city"],
      ["we live in brooklyn now", "home city"],
      ["I'm colorblind.", "health condition"],
      ["I'm from Manchester originally.", "origin"],
      ["I grew up in Lagos.", "origin"],
      ["I'm Canadian.", "nationality"],
      ["I don't like spicy food.", "food dislikes"],
      ["I hate cilantro.", "food dislikes"],
      ["I love Thai food.", "food likes"],
      ["I go to the gym 4 times a week.", "exercise"],
      ["I swim twice a week.", "exercise"],
    ],
    changes: [
      ["My favorite food is sushi.", "My favorite food is ramen now.", "favorite food"],
      ["I smoke.", "I quit smoking in March.", "smoking"],
      ["I earn 45k.", "I now earn 52k after the promotion.", "income"],
      ["I play tennis.", "I took up bouldering.", "hobby"],
    ],
    none: [
      "What's your favorite food?",
      "Do you speak French?",
      "My sister plays the guitar.",
      "If I earned 60k, could I afford it?",
      "I watched the tennis yesterday.",
      "I need tickets for the football match.",
      "We make 500 cookies for the fair.",
      "I was born in Lisbon.",
      "I study the map every night before a trip.",
      "My boss prefers email.",
      "I'd love to learn the piano one day.",
      "Which time zone is Lisbon in?",
      "My dad smokes.",
      "Should I quit smoking?",
      "I live in fear of the dentist.",
      "My mum is from Italy.",
      "Are you from Spain?",
      "I'm learning Spanish.",
      "I don't eat meat anymore.",
      "I don't like the new layout.",
      "I need a new gym bag.",
    ],
  },
  de: {
    states: [
      ["Mein Lieblingsessen ist Lasagne.", "favorite food"],
      ["Am liebsten per E-Mail, bitte.", "contact preference"],
      ["Ich hätte gern kurze Antworten.", "answer style"],
      ["Ich nehme immer einen Fensterplatz.", "seat preference"],
      ["Ich spreche fließend Englisch und Französisch.", "languages spoken"],
      ["Ich studiere Maschinenbau an der TU München.", "education"],
      ["Mein Geburtstag ist am 3. März.", "birthday"],
      ["Ich bin 1,80 m groß.", "height"],
      ["Ich habe aufgehört zu rauchen.", "smoking"],
      ["Ich verdiene etwa 3.500 € netto.", "income"],
      ["Ich spiele seit Jahren Gitarre.", "hobby"],
      ["Mein Hobby ist Fotografie.", "hobby"],
      ["Ich komme ursprünglich aus Graz.", "origin"],
      ["Ich bin Österreicherin.", "nationality"],
      ["Ich mag keinen Koriander.", "food dislikes"],
      ["Ich liebe indisches Essen.", "food likes"],
    ],
    changes: [["Ich rauche.", "Ich rauche nicht mehr.", "smoking"]],
    none: ["Sprichst du Englisch?", "Mein Bruder spielt Gitarre.", "Was ist dein Lieblingsessen?", "Mein Chef raucht.", "Ich esse kein Fleisch mehr."],
  },
  fr: {
    states: [
      ["Mon plat préféré, c'est la raclette.", "favorite food"],
      ["Je préfère être contactée par mail.", "contact preference"],
      ["Je préfère des réponses courtes.", "answer style"],
      ["Je prends toujours une place côté hublot.", "seat preference"],
      ["Je parle couramment anglais et espagnol.", "languages spoken"],
      ["J'étudie le droit à Lyon.", "education"],
      ["Je suis en master de biologie.", "education"],
      ["Mon anniversaire est le 12 juin.", "birthday"],
      ["Je mesure 1m75.", "height"],
      ["J'ai arrêté de fumer.", "smoking"],
      ["Je gagne environ 2 400 € par mois.", "income"],
      ["Je fais de l'escalade le week-end.", "hobby"],
      ["Ma passion c'est la photo.", "hobby"],
      ["Je viens de Marseille.", "origin"],
      ["Je suis belge.", "nationality"],
      ["Je n'aime pas la coriandre.", "food dislikes"],
      ["J'adore la cuisine japonaise.", "food likes"],
    ],
    changes: [["Je fume.", "J'ai arrêté de fumer en mars.", "smoking"]],
    none: ["Tu parles anglais ?", "Ma sœur joue du piano.", "Quel est ton plat préféré ?", "Je ne mange plus de viande."],
  },
  es: {
    states: [
      ["Mi comida favorita es la paella.", "favorite food"],
      ["Prefiero que me contactéis por WhatsApp.", "contact preference"],
      ["Prefiero respuestas cortas.", "answer style"],
      ["Siempre pido ventanilla.", "seat preference"],
      ["Hablo inglés y francés.", "languages spoken"],
      ["Estudio medicina en Salamanca.", "education"],
      ["Estoy haciendo un máster en Barcelona.", "education"],
      ["Mi cumpleaños es el 5 de mayo.", "birthday"],
      ["Mido 1,70.", "height"],
      ["Dejé de fumar hace un año.", "smoking"],
      ["Gano unos 1.800 euros al mes.", "income"],
      ["Toco la guitarra en un grupo.", "hobby"],
      ["Me encanta el senderismo.", "hobby"],
      ["Soy de Valencia.", "origin"],
      ["Soy mexicana.", "nationality"],
      ["No me gusta el picante.", "food dislikes"],
      ["Me encanta la comida japonesa.", "food likes"],
    ],
    changes: [["Fumo.", "Ya no fumo.", "smoking"]],
    none: ["¿Hablas inglés?", "Mi hermana toca el piano.", "Vivo en un estudio en el centro.", "¿Cuál es tu comida favorita?", "Ya no como carne."],
  },
};

for (const [language, { states, changes, none }] of Object.entries(CASES)) {
  const { subjectsOf, statesSubject, changesSubject } = phrasingCases(language);
  t.test(`${language}: everyday statements of the user`, async (t) => {
    statesSubject(t, states);
    changesSubject(t, changes);
    for (const sentence of none) t.same(subjectsOf(sentence).filter((subject) => NEW_SUBJECTS.test(subject) || subject === "home city"), [], sentence);
  });
}

t.test("en: a shoe size is no clothing size", async (t) => {
  const { subjectsOf } = phrasingCases("en");
  t.same(subjectsOf("I wear size 44 shoes.").filter((subject) => subject.endsWith(" size")), ["shoe size"]);
  t.ok(subjectsOf("I wear size M jackets.").includes("clothing size"));
});

t.test("a business owned, a home saved for, a university, a promotion: said another way", async (t) => {
  const en = phrasingCases("en");
  en.statesSubject(t, [
    ["I own a small bakery.", "job"],
    ["I run a coffee shop in the old town.", "job"],
    ["I'm saving up for a house.", "housing"],
  ]);
  for (const sentence of ["My uncle owns a bakery.", "Do you own a business?", "I run every morning."]) t.notOk(en.subjectsOf(sentence).includes("job"), sentence);
  phrasingCases("de").statesSubject(t, [["Ich spare auf eine Wohnung.", "housing"]]);
  const es = phrasingCases("es");
  es.statesSubject(t, [
    ["Estudio en la Universidad de Salamanca.", "education"],
    ["Me ascendieron a jefa de equipo.", "job"],
  ]);
  t.notOk(es.subjectsOf("Mi hermano estudia en la universidad.").includes("education"), "another person's studies");
});

t.test("rent paid, savings and an intolerance said as the other languages already read them", async (t) => {
  phrasingCases("en").statesSubject(t, [["I pay 900 a month in rent.", "housing"]]);
  t.notOk(phrasingCases("en").subjectsOf("My brother pays 900 a month in rent.").includes("housing"), "another person's rent");
  phrasingCases("de").statesSubject(t, [["Ich bin laktoseintolerant.", "allergy"]]);
  phrasingCases("fr").statesSubject(t, [["J'ai 5000 euros d'économies.", "budget"]]);
  phrasingCases("es").statesSubject(t, [["Tengo 5000 euros ahorrados.", "budget"]]);
});

t.test("a known place written in lowercase is read as a place; any other lowercase word after the same words is not", async (t) => {
  const en = phrasingCases("en");
  en.statesSubject(t, [
    ["we're in sheffield now, her job moved here", "home city"],
    ["me and my gf rent a tiny 1 bed flat in leeds", "home city"],
    ["flying from new york on the 3rd of may", "travel origin"],
  ]);
  for (const sentence of ["we're in trouble now", "i'm going to try yoga", "we went to reading last week"]) {
    t.same(en.subjectsOf(sentence).filter((subject) => subject.startsWith("travel") || subject === "home city"), [], sentence);
  }
  phrasingCases("fr").statesSubject(t, [
    ["j'habite à angers donc le jeudi c'est 1h de train", "home city"],
    ["on a déménagé dans une maison avec jardin à villeurbanne", "home city"],
    ["on part à naples en avril pour pratiquer", "travel destination"],
  ]);
  phrasingCases("de").statesSubject(t, [["wir ziehen nach bonn, näher an den großeltern", "home city"]]);
  phrasingCases("es").statesSubject(t, [
    ["vuelo desde barcelona que era 200€ más barato", "travel origin"],
    ["ya somos propietarios de un piso en sevilla capital", "home city"],
  ]);
});

t.test("a job started or reached, and days of work that are no job", async (t) => {
  phrasingCases("fr").statesSubject(t, [["je suis passée lead dev depuis janvier", "job"]]);
  for (const sentence of ["je suis passé à autre chose", "je suis devenue maman"]) t.notOk(phrasingCases("fr").subjectsOf(sentence).includes("job"), sentence);
  phrasingCases("de").statesSubject(t, [["ab januar fang ich als junior entwickler bei einer versicherung an", "job"]]);
  const es = phrasingCases("es");
  es.statesSubject(t, [
    ["he empezado a trabajar de cocinera en un restaurante", "job"],
    ["trabajo de lunes a jueves, los viernes libres", "work schedule"],
  ]);
  t.notOk(es.subjectsOf("trabajo de lunes a jueves, los viernes libres").includes("job"), "days of work are no job");
});

t.test("a budget a month written with a slash, an amount without its currency, a laptop ordered", async (t) => {
  const en = phrasingCases("en");
  en.statesSubject(t, [
    ["so I can do $450/month now", "budget"],
    ["we can go up to 200k max for the house", "budget"],
    ["ok ordered a thinkpad t14 with 32gb", "laptop"],
  ]);
  phrasingCases("fr").statesSubject(t, [["pour les vacances je peux mettre 150 par mois de côté", "budget"]]);
  t.notOk(en.subjectsOf("we can go up to 3000 m").includes("budget"), "a height is no budget");
});

t.test("en: an age to come, meat not touched, the keys to a first home", async (t) => {
  const en = phrasingCases("en");
  en.statesSubject(t, [
    ["turning 40 next month, any ideas for a party", "age"],
    ["I haven't touched meat in three years", "diet"],
    ["we finally got the keys to our first house", "housing"],
  ]);
  t.notOk(en.subjectsOf("the road is turning 90 degrees").includes("age"), "a turn is no age");
});
