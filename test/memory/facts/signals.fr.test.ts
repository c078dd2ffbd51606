import t from "tap";
import { extractFacts, type FactMessage } from "../../../src/memory/facts/extractor.ts";

/**
 * French phrasings of each subject and of its change (moving, switching, quitting, starting, "ne
 * … plus", "maintenant", "au lieu de"), in informal spelling too (no accents, lowercase, "j'ai pris"):
 * sentence -> the subject it states; questions, conditions and other people state none.
 */
let nextId = 1;
const message = (role: string, content: string): FactMessage => ({ id: nextId++, role, content, createdAt: new Date(Date.UTC(2025, 0, 1)), language: "fr" });
const subjectsOf = (content: string) => extractFacts([message("user", content)]).map((fact) => fact.subject);

t.test("French statements of a subject and of its change", async (t) => {
  const cases: [string, string][] = [
    ["On a déménagé à Rennes le mois dernier.", "home city"],
    ["J'habite maintenant à Lille, plus à Paris.", "home city"],
    ["J'ai décroché un stage à Toulouse, du coup on déménage là-bas.", "home city"],
    ["On s'est installés à Annecy depuis mars.", "home city"],
    ["On a quitté l'appart pour une maison avec jardin.", "housing"],
    ["Je suis en colocation maintenant.", "housing"],
    ["J'ai décroché un stage chez une agence web.", "job"],
    ["J'ai signé un CDI chez Decathlon.", "job"],
    ["J'ai quitté mon boulot.", "job"],
    ["Je suis passée cheffe de service.", "job"],
    ["Je commence une alternance en septembre.", "job"],
    ["Je bosse maintenant comme développeuse.", "job"],
    ["Je suis passé à 80 %.", "work schedule"],
    ["Je fais des nuits depuis 5 ans.", "work schedule"],
    ["Je suis en équipe de nuit et je voudrais passer de jour.", "work schedule"],
    ["On vit encore chez mes parents à Angers.", "home city"],
    ["On vit encore chez mes parents à Angers.", "housing"],
    ["Je suis en télétravail trois jours par semaine.", "work schedule"],
    ["Je travaille de jour maintenant.", "work schedule"],
    ["Je peux mettre 1500 € max.", "budget"],
    ["Pas plus de 300 euros.", "budget"],
    ["Max 200 €", "budget"],
    ["On vient d'adopter une chienne.", "pet"],
    ["Notre chat est mort la semaine dernière.", "pet"],
    ["Je me suis remise en couple avec Karim.", "partner"],
    ["Je suis célibataire depuis l'été.", "partner"],
    ["On s'est séparés en janvier.", "partner"],
    ["Karim et moi, on s'est mariés en juin.", "partner"],
    ["Notre fille est née le 3 mars.", "children"],
    ["On attend un deuxième enfant.", "children"],
    ["Je ne mange plus de viande.", "diet"],
    ["Je suis devenue vegane.", "diet"],
    ["je suis vegetarien depuis un an", "diet"],
    ["Je suis intolérante aux noix.", "allergy"],
    ["Je suis allergique aux arachides.", "allergy"],
    ["Je me suis cassé le poignet.", "health condition"],
    ["On m'a diagnostiqué un diabète de type 2.", "health condition"],
    ["Je pèse 72 kilos maintenant.", "weight"],
    ["je pese 88kg", "weight"],
    ["J'ai eu 40 ans hier.", "age"],
    ["On a vendu la voiture.", "car"],
    ["J'ai acheté une Zoé d'occasion.", "car"],
    ["J'ai pris un Framework 13.", "laptop"],
    ["Je suis passé sur un Pixel.", "phone"],
    ["Je suis passé sous Linux.", "operating system"],
    ["J'ai laissé tomber l'italien, je me concentre sur l'espagnol.", "language learning"],
    ["Je prends des cours d'allemand.", "language learning"],
    ["Je chausse du 42.", "shoe size"],
    ["Je fais du M en haut.", "clothing size"],
    ["Je vise un semi-marathon en octobre.", "training goal"],
    ["Je pars le 3 août au lieu de juillet.", "travel date"],
    ["Je partirai de Genève.", "travel origin"],
    ["Ma sœur déménage à Québec, donc je vais plutôt là-bas en vacances.", "travel destination"],
    ["on a demenage a Nantes", "home city"],
    ["On s'est installe a Grenoble.", "home city"],
    ["je suis vegetarienne depuis peu", "diet"],
    ["je suis celibataire maintenant", "partner"],
    ["mon mari et moi on s'est separes", "partner"],
    ["Notre fille est nee le 3 mars.", "children"],
    ["j'ai demissionne", "job"],
    ["je suis au chomage depuis mars", "job"],
    ["Je suis en CDI depuis janvier.", "job"],
    ["je commence un nouveau boulot lundi", "job"],
    ["je travaille de chez moi maintenant", "work schedule"],
    ["je passe a mi-temps", "work schedule"],
    ["je me suis blesse au genou", "health condition"],
    ["on a achete une maison", "housing"],
    ["j'ai change de telephone, j'ai un Pixel maintenant", "phone"],
    ["on a un nouveau chiot", "pet"],
    ["le vol est decale au 12 juin", "travel date"],
    ["je me suis inscrit au marathon de Paris", "training goal"],
    ["Je suis enceinte de notre deuxième !", "children"],
    ["J'ai revendu ma Clio, je fais tout à vélo.", "car"],
    ["Je suis passée à l'anglais des affaires, niveau B2.", "language learning"],
    ["Je pèse 64 kg maintenant.", "weight"],
    ["J'ai un nouveau copain.", "partner"],
    ["Mon mari est décédé l'an dernier.", "partner"],
    ["Je fais du jeûne intermittent.", "diet"],
    ["Je suis en arrêt pour burn-out.", "health condition"],
    ["Pour les vacances, ce sera finalement la Grèce.", "travel destination"],
    ["J'ai troqué mon Android contre un iPhone.", "phone"],
  ];
  for (const [sentence, subject] of cases) t.ok(subjectsOf(sentence).includes(subject), `${sentence} -> ${subject}`);
});

t.test("French questions, conditions, other people and small talk state nothing", async (t) => {
  const cases = [
    "Combien coûte un chien par mois ?",
    "Si on déménage à Lyon, il faut une voiture ?",
    "Ma sœur est végétarienne.",
    "Finalement ma sœur déménage à Québec.",
    "Merci, c'est super clair !",
    "J'aimerais bien visiter le Japon un jour.",
    "Mon patron a une nouvelle voiture.",
    "Je garde juste l'iPhone pour l'instant.",
    "Mon fils ne décroche plus de son téléphone.",
    "J'ai changé d'objectif : une cyclosportive en septembre.",
  ];
  for (const sentence of cases) {
    const subjects = subjectsOf(sentence);
    if (sentence.startsWith("Je garde")) t.same(subjects, ["phone"], sentence);
    else if (sentence.startsWith("Mon fils")) t.same(subjects, ["children"], sentence);
    else if (sentence.startsWith("J'ai changé")) t.notOk(subjects.includes("travel date"), sentence);
    else t.same(subjects, [], sentence);
  }
});
