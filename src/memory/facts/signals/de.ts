import { signal, type Person, type Signal } from "../signal.ts";
import { AMOUNT, BABY_AGE, KIDS_AGES, BREED, CAR_MODEL, LAPTOP_MAKE, RACE_K, DWELLING, MONEY, PET_EMOJI, LETTER_SIZE, PHONE_MAKE, compile } from "../rule.ts";

const PLACE = String.raw`(?<name>\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*)?)`;
export const MONTH = String.raw`(?:januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jan|feb|mär|apr|jun|jul|aug|sept?|okt|nov|dez)\b`;
const DATE = String.raw`\b(?:\d{1,2}\.\s?${MONTH}|\d{1,2}\.\s?\d{1,2}\.|(?:im|ende|anfang|mitte) ${MONTH})`;
const TRAVEL = String.raw`\b(?:hotel\p{L}*|flieg\p{L}*|flug|flüge|\p{L}{0,20}reise\p{L}*|urlaub|ferien|fahr\p{L}*|zug|abflug|rückflug|hinflug|abfahrt|ankunft|trip|ausflug|städtetrip|kurztrip|flitterwochen|gebucht|buchen|besuch\p{L}*|geht's|gehts|geht es)\b`;
export const CHANGE = String.raw`\b(?:statt|anstatt|stattdessen|jetzt|nun|doch|doch lieber|lieber|umgebucht|verschoben|vorverlegt|geändert|neuer plan|planänderung|entschieden|nicht mehr|mittlerweile|inzwischen)\b`;
/** A thread about a trip: a change word alone ("jetzt", "statt") says a date or place of it only there. */
const TRIP = /(?:reise|urlaub|flug|flieg|hotel|ferien|trip|ausflug|flitterwochen)/iu;
const ANIMAL = String.raw`(?:${BREED}|\p{L}{0,20}hund|hund\p{L}*|welpe\p{L}*|\p{L}{0,20}katze|katze\p{L}*|kater|kätzchen|kaninchen|hasen?|hamster|papagei\p{L}*|wellensittich\p{L}*|pferd\p{L}*|pony|meerschweinchen|schildkröte\p{L}*|hühner)`;
/** Looking for one is not having one: "I'm looking for a new laptop". */
const SEEKING = String.raw`\b(?:suche\p{L}*|brauche\p{L}*|möchte\p{L}*|will|empfehl\p{L}*)\b`;
/** Where one works: "in eine Uniklinik gewechselt", "bei einer Agentur angefangen". */
const WORKPLACE = String.raw`(?:\p{L}{0,20}klinik\p{L}*|\p{L}{0,20}krankenhaus|praxis|firma|unternehmen|konzern|agentur|kanzlei|behörde|\p{L}{0,20}schule|kita|bank|versicherung|startup|start-up|\p{L}{0,20}leitung|team|abteilung|ausbildung|praktikum|referendariat|volontariat|werkstudent\p{L}*)`;
const JOB_CHANGE = String.raw`(?:gewechselt|wechsle|wechsel|angefangen|anfangen|fange|begonnen|eingestiegen|übernommen|übernehme|zugesagt|unterschrieben)`;
const JOBS = String.raw`(?:erzieher\p{L}*|lehrer\p{L}*|pfleger\p{L}*|krankenpfleger\p{L}*|pflegefachkraft|krankenschwester|ärztin|arzt|ingenieur\p{L}*|entwickler\p{L}*|programmierer\p{L}*|grafiker\p{L}*|designer\p{L}*|berater\p{L}*|verkäufer\p{L}*|kellner\p{L}*|koch|köchin|anwalt|anwältin|buchhalter\p{L}*|elektriker\p{L}*|mechaniker\p{L}*|polizist\p{L}*|sozialarbeiter\p{L}*|architekt\p{L}*|apotheker\p{L}*|\p{L}{0,12}therapeut\p{L}*|journalist\p{L}*|fotograf\p{L}*|friseur\p{L}*|tischler\p{L}*|schreiner\p{L}*|sachbearbeiter\p{L}*|kaufmann|kauffrau|referent\p{L}*|azubi|beamter|beamtin|\p{L}{0,12}leiter\p{L}*|geschäftsführer\p{L}*|projektmanager\p{L}*|\p{L}{0,12}zeichner\p{L}*|\p{L}{0,12}assistent\p{L}*|\p{L}{0,12}techniker\p{L}*)`;
const SPOKEN = String.raw`(?:englisch|spanisch|deutsch|französisch|italienisch|portugiesisch|japanisch|chinesisch|mandarin|koreanisch|arabisch|niederländisch|russisch|polnisch|schwedisch|norwegisch|dänisch|griechisch|türkisch|katalanisch)`;

export const DE_PERSON: Person = {
  self: compile(String.raw`\b(?:ich|wir|mich|mir|uns|bin|hab|habe|nächstes ziel|neues ziel)\b`, "iu"),
  subjectless: compile(
    String.raw`^\s*(?:(?:jetzt|inzwischen|mittlerweile|endlich|gerade|seit \p{L}+|übrigens)\s+)?(?:bin|habe|hab|haben|sind|war|waren|fahre|fahr|fliege|flieg|fliegen|ziehe|wohne|arbeite|laufe|esse|ess|trage|lerne|lern|mache|mach|gehe|geh|fange|fang|starte|trainiere|leite|wiege|vertrag\p{L}*|reagier\p{L}*|konzentrier\p{L}*)\b`,
    "iu",
  ),
  // "Die Jungs", "die Kleine": the family's children, named without "our".
  own: compile(String.raw`\b(?:mein|meine|meinen|meinem|meiner|meines|unser|unsere|unseren|unserem|unserer|unseres)\b|^\s*(?:die|der) (?:jungs|mädels|kids|kinder|kleinen?|zwillinge)\b`, "iu"),
  other: compile(
    String.raw`^\s*(?:(?:übrigens|und|also|aber|jetzt|inzwischen|ach ja|stell dir vor)\s+)?(?:(?:bei|für) )?(?:(?:mein|meine|meinen|meinem|meiner|unser|unsere|unseren|unserem|unserer|sein|seine|ihr|ihre) (?:\p{L}+ )?(?:schwester|bruder|mutter|mama|vater|papa|eltern|freund\p{L}*|kumpel|mitbewohner\p{L}*|kolleg\p{L}*|chef\p{L}*|nachbar\p{L}*|cousin\p{L}*|nichte|neffe|tante|onkel|oma|opa|schwager|schwägerin|schwieger\p{L}*|vermieter\p{L}*|(?:arzt|ärztin)(?! (?:hat|meint|sagt|sagte)\b))|(?:ein|eine) (?:freund\p{L}*|kolleg\p{L}*|kommiliton\p{L}*|bekannt\p{L}*|nachbar\p{L}*)|(?:die|der) (?=(?:hat|ist|trägt|braucht|will|wohnt|arbeitet)\b)|er|sie)\b`,
    "iu",
  ),
  household: compile(String.raw`^\s*(?:die|der) (?:kleine|kleinen|große|großen|jungs|kids|kinder|zwillinge)\b|^\s*(?:mein|meine|meinen|meinem|meiner|unser|unsere|unseren|unserem|unserer|sein|seine|ihr|ihre) (?:\p{L}+ )?(?:mann|frau|partner\p{L}*|sohn|tochter|kind\p{L}*|baby|hund|katze|verlobte\p{L}*|ehemann|ehefrau|freundin|freund)\b`, "iu"),
  together: compile(String.raw`^\s*(?:\p{L}+ ){1,3}und ich\b`, "iu"),
  ending: compile(String.raw`\b(?:gestorben|verstorben|eingeschläfert|abgegeben|verkauft|verschenkt|abgeschafft|verschrottet|getrennt|schluss gemacht)\b`, "iu"),
  wish: compile(String.raw`\b(?:will|willst|wollen|wollt|wollte\p{L}*|möchte\p{L}*|wünsch\p{L}*|suche\p{L}*|träum\p{L}*|hätte\p{L}* gern|bräuchte\p{L}*|quengel\p{L}*|betteln)\b`, "iu"),
  condition: compile(String.raw`^\s*(?:wenn|falls|sobald|ob|vielleicht)\b|\b(?:würde\p{L}*|könnte\p{L}*|überlege\p{L}*|sollte\p{L}*)\b`, "iu"),
};

/** German signals: the words any phrasing of a subject uses, in either word order. */
const HOME = String.raw`(?:${DWELLING}|\p{L}{0,20}wohnung|\p{L}{0,20}haus)`;

/** Pastimes by their own words ("Ich spiele Gitarre", "Mein Hobby ist Fotografie"); Laufen, Radfahren und das Fitnessstudio sind Trainingsthemen. */
const PASTIME = String.raw`(?:hobby|hobbys|fotografie|fotografieren|malen|zeichnen|stricken|häkeln|nähen|töpfern|gärtnern|gartenarbeit|wandern|klettern|bouldern|yoga|pilates|schach|zocken|videospiele|brettspiele|gitarre|klavier|geige|cello|schlagzeug|ukulele|saxophon|querflöte|singen|chor|tanzen|salsa|tango|ballett|surfen|skifahren|snowboarden|segeln|kajak|rudern|angeln|backen|tennis|fußball|fussball|basketball|volleyball|handball|golf|badminton|tischtennis|kampfsport|karate|judo|boxen|fechten|reiten|camping|tauchen)`;

export const DE: Signal[] = [
  signal("hobby", String.raw`\b${PASTIME}\b`, { with: String.raw`\b(?:spiele|spielen|spiel|mache|machen|gehe|gehen|liebe|lieben|hobby|hobbys|angefangen|begonnen|leidenschaft|seit|fan von|begeistert)\b`, unless: SEEKING + "|" + String.raw`\b(?:schaue|schauen|gucke|tickets?|karten für)\b` }),
  signal("pet", String.raw`\b${ANIMAL}\b(?!\p{L})|${PET_EMOJI}`, { owned: true, unless: String.raw`\b(?:allergisch|allergie|angst|nachbar\p{L}*|niesanf\p{L}*|dicke augen|bettwäsche|poster|tasse|motiv|kuscheltier|stofftier)\b|hundepark|hundefutter|tierheim besucht` }),
  // A pet said by its litter or its shelter: "la litière de Pistache", "Lola, que la adopté de la protectora".
  signal("pet", String.raw`\b(?:katzenklo|katzenstreu|aus dem tierheim)\b`, { owned: true }),
  signal("partner", String.raw`\b(?:(?:mein|meine|meinem|meiner|meinen|neue|neuen) (?:mann|frau|freund|freundin)|ehemann|ehefrau|partner(?:in)?|lebensgefährt\p{L}*|verlobt\p{L}*|verheiratet|geheiratet|hochzeit|getrennt|geschieden|scheidung|schluss gemacht|single|solo|zusammengezogen|zusammen gezogen|seit (?:[\p{L}\p{N}]+ ){1,3}zusammen|zusammen seit|beziehung|ex-?mann|ex-?frau|ex-?freund\p{L}*|verwitwet|witwe\p{L}*)\b`, { owned: true }),
  // Someone named with the user, sealing a life together, is a partner: "Jana und ich haben den Vertrag zusammen unterschrieben".
  signal("partner", String.raw`(?<=\b(?<name>(?!(?:mama|papa|mutter|vater|schwester|bruder|oma|opa|tante|onkel)\b)\p{L}+) )und ich\b`, { with: String.raw`\b(?:hochzeit|heiraten|geheiratet|verlobt|\p{L}{0,12}vertrag|unterschrieben|kredit|eingezogen|ziehen zusammen|zusammengezogen|gemeinsame\p{L}* wohnung)\b` }),
  signal("children", String.raw`\b(?:stille|stillen|sohn|söhne\p{L}*|tochter|töchter\p{L}*|kind|kinder\p{L}*|baby|babys|kleinkind|zwillinge\p{L}*|nachwuchs|schwanger|geboren|zur welt|auf die welt|(?:eltern|mama|papa|mutter|vater) geworden|stiefsohn|stieftochter|jungs|mädels|kids|(?:die|der|unsere?) kleinen?)\b`, { owned: true, unless: String.raw`\bals kind\b|\bseit (?:meiner )?kindheit\b|\bwie ein baby\b|\bkinderzimmer\b|\bkinderbuch\p{L}*` }),
  signal("job", String.raw`\b(?:bef(?:ö|oe)rdert|bef(?:ö|oe)rderung|eingestellt|gek(?:ü|ue)ndigt|k(?:ü|ue)ndigung|arbeitslos|rente|ruhestand|pension|selbstständig|selbständig|freiberuf\p{L}*|(?:neue\p{L}*|angefangen|gewechselt|angenommen|zusage|angebot)\b[^.;]{0,25}\b(?:job|stelle|arbeit|position|arbeitgeber)|(?:\p{L}{0,20}job|\p{L}{0,20}stelle|arbeit|position|arbeitgeber)\b[^.;]{0,25}\b(?:gewechselt|angefangen|angenommen|verloren|bekommen|gefunden)|arbeite (?:jetzt |nun )?(?:bei|für) \p{L}+|fange bei|(?:eine|ne|die|neue|meine neue) stelle als \p{L}+|leite|${JOB_CHANGE}\b[^.;]{0,40}\b${WORKPLACE}|${WORKPLACE}\b[^.;]{0,40}\b${JOB_CHANGE}|(?:bin|arbeite|jobbe)\b[^.;]{0,30}\bals (?:\p{L}+ )?${JOBS}|(?:bin|werde) (?:jetzt |nun |inzwischen |mittlerweile |seit \p{L}+ )?${JOBS})\b`, { unless: String.raw`\b(?:bis zur|vor der|für die|in die) rente\b|\baltersvorsorge\b|\b(?:\p{L}*wohnung|miete|\p{L}*vertrag|abo|mitgliedschaft|versicherung|konto|zimmer)\b[^.;]{0,30}gek(?:ü|ue)ndigt` }),
  signal("work schedule", String.raw`\b(?:\p{L}{0,20}schicht\p{L}*|schicht\p{L}*|\p{L}{0,20}dienst|bereitschaft|homeoffice|home-office|remote|von zu hause|hybrid|im büro|teilzeit|vollzeit|vier-tage-woche|4-tage-woche|\d{1,2} stunden (?:pro|die|in der) woche|wochenend\p{L}{0,20}dienst|nachts|tagsüber|gleitzeit|kernzeit|auf \d{1,2}(?:[.,]\d)? stunden|nur noch \d{1,2} stunden|(?:reduziert|aufgestockt)\b[^.;]{0,30}\b\d{1,2} stunden|arbeite\p{L}*\b[^.;]{0,30}\b(?:tage|stunden) (?:die|pro|in der) woche)\b`, { unless: String.raw`\b(?:akku|batterie|laptop|handy)\b` }),
  signal("diet", String.raw`\b(?:(?:koche|koch|esse|ess) (?:\p{L}+ ){0,3}(?:vegetarisch|vegan)|vegetari\p{L}*|vegan\p{L}*|pescetari\p{L}*|flexitari\p{L}*|keto|paleo|pflanzlich|halal|koscher|low[- ]?carb|intervallfasten|zuckerfrei|kohlenhydratarm|histaminarm|fodmap|low fodmap|laktosearm|glutenfrei|laktosefrei|milchfrei|(?:kein|keinen|wieder|verzichte\p{L}*|esse\p{L}*|lass\p{L}*)\b[^.;]{0,20}\b(?:fleisch|fisch|milchprodukte|tierprodukte|schweinefleisch)|(?:fleisch|fisch)\b[^.;]{0,12}\b(?:esse|essen)\b[^.;]{0,12}\b(?:kein\p{L}*|nicht|nie|mehr|wieder))\b(?! (?:restaurant|rezept\p{L}*|gericht\p{L}*))`),
  signal("allergy", String.raw`\b(?:epi-?pen|allergi\p{L}*|\p{L}{1,20}allergie|unverträglich\p{L}*|intoleranz|\p{L}{0,20}intolerant|vertrage\p{L}*|vertrag (?:\p{L}+ )?(?:kein\p{L}*|nicht)|reagier\p{L}* (?:\p{L}+ ){0,3}auf|heuschnupfen|pollen\p{L}*|anaphyla\p{L}*)\b`),
  // A deficiency or anaemia found: "ein Eisenmangel", "Vitamin-D-Mangel".
  signal("health condition", String.raw`\b(?:eisenmangel|vitamin[- ]?(?:d|b12)[- ]?mangel|\p{L}{1,20}mangel|anämie|blutarmut)\b`, { unless: String.raw`\b(?:personalmangel|zeitmangel|geldmangel|platzmangel|wohnungsmangel)\b` }),
  signal("health condition", String.raw`\b(?:inhalator|asthmaspray|metformin|insulin|l-thyroxin|remission|diabet\p{L}*|asthma\p{L}*|bluthochdruck|blutdruck|cholesterin|schilddrüse\p{L}*|zöliakie|migräne|arthrose|arthritis|depression\p{L}*|angststörung|reizdarm|epilepsie|adhs|long covid|schlafstörung\p{L}*|schlafapnoe|rückenschmerz\p{L}*|knie\p{L}*|verletz\p{L}*|zerrung|bänderriss|gebrochen|bruch|operation|operiert|diagnose|diagnostiziert|sehnen\p{L}*|bandscheibe\p{L}*|rheuma|neurodermitis|burn-?out|krankgeschrieben)\b`),
  signal("weight", String.raw`\b\d{2,3}(?:[.,]\d)? ?(?:kg|kilo|kilogramm)\b|\bwiege (?:jetzt |nur noch |noch |inzwischen |mittlerweile |gerade )?\d{2,3}(?:[.,]\d)?\b`, { unless: String.raw`\b(?:abnehmen|verlieren|ziel|zielgewicht|koffer|gepäck|rucksack|heben|hantel\p{L}*|bankdrücken|kniebeuge\p{L}*|will|möchte)\b` }),
  signal("age", String.raw`\b\d{1,2} jahre(?: alt)?\b|\b\d{1,2}-jährig\p{L}*|\b\d{1,2} geworden\b|\bwerde\b[^.;]{0,20}\b\d{1,2}(?=[,.;!]|$)|\b\d{1,2}\. geburtstag\b|\b(?:19[3-9]\d|200\d) geboren\b|\bjahrgang (?:19[3-9]\d|200\d|[3-9]\d|0\d)\b|\bmeinen \d0\.(?= |$)|\bmeinen \d{2}\.(?= (?:gefeiert|geburtstag)\b)|\bich bin (?:jetzt |gerade |mittlerweile |inzwischen |schon |seit gestern )?\d{1,2}(?![.,]\d)(?=[,.;!]|$)`, { unless: String.raw`\(\s*\d{1,2}\b|\b(?:sohn|tochter|kind\p{L}*|baby|hund|katze|er|sie|seit|vor|auto|fahrrad|wohnung|haus)\b|\bwar (?:ich )?\d{1,2} jahre\b` }),
  signal("budget", MONEY, { with: String.raw`\b(?:\p{L}{0,20}budget|eingeplant|veranschlagt|ausgeben|zahlen|bezahlen|leisten|maximal|höchstens|bis zu|unter|limit|grenze|pro monat|im monat|monatlich|pro nacht|pro person|insgesamt|gespart|zurückgelegt|etwa|ungefähr|rund|circa|nicht drin|mehr als|übrig)\b`, unless: String.raw`\b(?:verdiene\p{L}*|gehalt|lohn|einkommen)\b` }),
  signal("budget", String.raw`\b\p{L}{0,20}budget\b`, { plan: true, with: AMOUNT }),
  // A limit said as such, or a rent said "warm"/"kalt": "Mehr als 300 will ich nicht ausgeben", "1.600 warm".
  signal("budget", String.raw`\b(?:maximal|höchstens|bis zu|mehr als|nicht mehr als|unter) ${AMOUNT}`, { with: String.raw`\b(?:ausgeben|zahlen|bezahlen|investieren|leisten)\b` }),
  signal("budget", String.raw`${AMOUNT} (?:euro |€ )?(?:warm|kalt)\b`),
  // A reply that is only a limit: "Maximal 200 €."
  signal("budget", String.raw`^\s*(?:maximal|max\.?|höchstens|bis zu|nicht mehr als|so|etwa|ungefähr|circa|ca\.|um die) ${MONEY}\s*(?:max\.?|maximal|höchstens)?[.!]*\s*$`, { plan: true }),
  signal("daily steps", String.raw`\b\d[\d,.]{0,8} schritten?\b`),
  // What the scale says, said without a person: "Die Waage sagt 80,5".
  signal("weight", String.raw`\bwaage (?:\p{L}+ ){0,3}\d{2,3}(?:[.,]\d)?\b(?![.,]?\d| ?(?:%|€|euro|km|tage|mal|minuten))`, { plan: true }),
  // Hours of work from one time to another, said without a person: "Arbeitszeit ist dann Mo-Fr 7:30 bis 16 Uhr".
  signal("work schedule", String.raw`\barbeitszeit(?:en)?\b[^.;]{0,30}\b\d{1,2}(?:[:.]\d\d)? ?(?:uhr )?(?:bis|-|–) ?\d{1,2}`, { plan: true }),
  signal("running days per week", String.raw`\b(?:\d|ein|zwei|drei|vier|fünf|sechs|sieben)(?: (?:tage|mal|läufe|einheiten))? (?:pro|die|in der|je|jede) woche\b|\b(?:einmal|zweimal|dreimal|viermal|fünfmal|sechsmal)\b|\b(?:zweiten|dritten|vierten|fünften|sechsten) (?:lauf|trainingstag|tag)\b`, { topic: /\b(?:lauf\p{L}*|laufe|joggen|jogge|läufe|marathon|halbmarathon)\b/iu, unless: String.raw`\b(?:arbeite\p{L}*|büro|schicht\p{L}*|fitnessstudio|schwimm\p{L}*|yoga|kurs\p{L}*)\b` }),
  signal("training goal", String.raw`\b(?:\p{L}{0,20}marathon|halbmarathon|ultra\p{L}*|triathlon|ironman|\d{1,2} ?km|${RACE_K}|parkrun|wettkampf|volkslauf|stadtlauf|mitteldistanz|langdistanz|(?!(?:ver|ab|um|an|ein|aus|durch|rück|zu|vor|nach|über|kreis|lebens|tages|wasser|dauer|frei|ab)lauf\b)\p{L}{2,20}lauf)\b`, { unless: String.raw`\b(?:zuschauen|angeschaut|anfeuern|ausgeben|budget|kosten|kostet|zahlen|gehalt|sparen|euro|schuh\p{L}*)\b|\bzu (?:eng|klein|groß|weit)\b|\b(?:während (?:des|dem|meines)|beim)\b` }),
  signal("car", String.raw`\b(?:${CAR_MODEL}|toyota|honda|ford|vw|volkswagen|golf|polo|passat|bmw|audi|mercedes|tesla|renault|peugeot|citroën|fiat|seat|skoda|kia|hyundai|nissan|mazda|volvo|opel|dacia|subaru|\p{L}{0,20}auto|\p{L}{0,20}wagen|e-auto|elektroauto|kombi|suv|motorrad)\b`, { owned: true, unless: SEEKING + "|" + String.raw`\b(?:mietwagen|leihwagen|taxi|mit dem auto|carsharing)\b` }),
  // Getting by without one is the car's change too: "hab ihn verkauft und fahr jetzt mit dem Deutschlandticket".
  signal("car", String.raw`\b(?:autofrei|ohne auto|kein auto|deutschlandticket)\b`, { with: String.raw`\b(?:jetzt|nun|stattdessen|seitdem|nur noch|mehr|verkauft|abgeschafft|abgemeldet)\b` }),
  signal("phone", String.raw`\b(?:${PHONE_MAKE}|android|smartphone|handy)\b`, { owned: true, unless: SEEKING + "|" + String.raw`\b(?:sein|seine|seinem|ihr|ihre|ihrem) (?:\p{L}+ )?(?:handy|smartphone|iphone)\b|\blaut (?:meinem |dem )?(?:handy|smartphone)\b` }),
  signal("laptop", String.raw`\b(?:${LAPTOP_MAKE}|laptop|notebook|macbook|thinkpad|xps|surface|chromebook|imac|rechner|computer)\b`, { owned: true, unless: SEEKING + String.raw`|\bbudget\b` }),
  signal("operating system", String.raw`\b(?:linux|ubuntu|windows|macos|fedora|debian|chromeos|linux mint)\b`),
  signal("programming language", String.raw`\b(?:python|java|kotlin|typescript|javascript|golang|rust|c#|c\+\+|ruby|php|swift|scala|elixir|haskell|dart)\b`),
  signal("language learning", String.raw`\b${SPOKEN}(?:kurs\p{L}*)?\b`, { with: String.raw`\b(?:lern\p{L}*|stud\p{L}*|kurs\p{L}*|unterricht|stunden|duolingo|nachhilfe|üb\p{L}*|a1|a2|b1|b2|c1|prüfung|fließend|sprachkurs|gewechselt|angefangen|aufgegeben|aufgehört|abgebrochen|konzentrier\p{L}*|sprech\p{L}*|spreche|auffrischen|vhs|app)\b` }),
  signal("shoe size", String.raw`\b(?:schuh\p{L}*|turnschuh\p{L}*|laufschuh\p{L}*|stiefel|sneaker\p{L}*|füße|fuß)\b`, { owned: true, with: String.raw`\b(?:größe|gr\.) ?\d{2}(?:[.,]5)?\b|\b\d{2}(?:[.,]5)?\b|\bhalbe größe\b` }),
  // A size alone in a thread about shoes: "hab jetzt 44,5".
  signal("shoe size", String.raw`\b(?:3[5-9]|4[0-9])(?:[.,]5)?\b`, { owned: true, topic: /(?:schuh|stiefel|sneaker|füße|\bfuß)/iu, with: String.raw`\b(?:hab\p{L}*|trage|brauch\p{L}*|größe|nummer|jetzt|nehme|passt|bestellt)\b`, unless: String.raw`\b(?:km|kg|kilo|jahre\p{L}*|euro|uhr|stunden|minuten|prozent)\b|€|%` }),
  signal("clothing size", String.raw`\b(?:xxs|xs|xl|xxl|xxxl|(?:größe|trage) (?:s|m|l|\d{2}))\b`, { owned: true, with: String.raw`\b(?:jacke\p{L}*|hemd\p{L}*|t-shirt\p{L}*|shirt\p{L}*|kleid\p{L}*|jeans|hose\p{L}*|mantel|pulli\p{L}*|pullover|kleidung|oberteil\p{L}*|größe|xxs|xs|xl|xxl)\b` }),
  signal("housing", String.raw`\b(?:${DWELLING}|\p{L}{0,20}wohnung|\p{L}{0,20}haus|\d(?:[.,]5)?[- ]?zimmer|wg|wohngemeinschaft|bei meinen eltern|vermieter\p{L}*|miete|eigenheim|hypothek)\b`, { owned: true, with: String.raw`\b(?:wohn|wohne|wohnen|qm|miete\p{L}*|vermieter\p{L}*|nebenkosten\p{L}*|kaution|gemietet|unterschrieben|gekauft|gefunden|bezogen|kaufen|eigentum|hypothek|gezogen|umgezogen|ziehen|wohne\p{L}*|lebe\p{L}*|verkauft|teile\p{L}*|ausgezogen|eingezogen|eigene\p{L}*|spare|sparen|jetzt|inzwischen|mittlerweile)\b`, unless: String.raw`\b(?:außer|ohne|plus|inklusive|inkl) (?:der )?miete\b` }),
  // A home that says how it is held: "wir sind dorthin gezogen, in eine 3-Zimmer-Mietwohnung".
  signal("housing", String.raw`\b[\p{L}\p{N}-]{0,16}(?:mietwohnung|eigentumswohnung)\b`, { owned: true }),
  signal("home city", String.raw`\b(?:in|nach|bei) ${PLACE}`, { with: String.raw`\b(?:wohn(?:e\p{L}*)?|lebe\p{L}*|gezogen|umgezogen|ziehe\p{L}*|umzug|zuhause|zu hause|daheim|niedergelassen|neue wohnung|neues haus|heimat|(?:sind|bin) (?:jetzt|nun|mittlerweile|inzwischen|seit \p{L}+) in)\b`, unless: TRAVEL }),
  // A home bought, rented or signed for in a place: "wir haben ein Reihenhaus in Pinneberg gekauft".
  signal("home city", String.raw`\b(?:in|nach|bei) ${PLACE}`, { with: String.raw`\b(?:gekauft|kaufen|gemietet|mieten|eingezogen|bezogen|unterschrieben)\b[^.;]{0,40}\b${HOME}\b|\b${HOME}\b[^.;]{0,40}\b(?:gekauft|kaufen|gemietet|mieten|eingezogen|bezogen|unterschrieben)\b`, unless: TRAVEL }),
  // A move to the place just named: "eine Stelle in Toulouse, wir ziehen dorthin".
  // Where the user works as what they are is where they live: "Ich bin Erzieherin in einer Kita in Köln".
  signal("home city", String.raw`\b(?:in|bei) ${PLACE}`, { with: String.raw`\b(?:bin|arbeite als|jobbe als) (?:\p{L}+ ){0,2}${JOBS}`, unless: TRAVEL }),
  signal("home city", String.raw`\b(?:ziehen|ziehe|gezogen|umziehen|umgezogen) (?:\p{L}+ ){0,2}(?:dorthin|dahin|hin)\b|\b(?:dorthin|dahin) (?:gezogen|ziehen|umgezogen)\b`),
  signal("name", String.raw`\b(?:heiße|heisse|mein name ist|nennt mich)\b(?: \p{L}+)? ${PLACE}`),
  signal("travel date", DATE, { plan: true, with: TRAVEL }),
  signal("travel date", DATE, { plan: true, with: CHANGE, topic: TRIP }),
  signal("travel origin", String.raw`\b(?:von|ab|aus) ${PLACE}`, { plan: true, with: TRAVEL, unless: String.raw`\b(?:jeden tag|täglich|pendle\p{L}*|zieh\p{L}*|umzug|umzieh\p{L}*)\b` }),
  // Where the user is, here, or commutes from: "hier in Köln", "ich pendle täglich von Bonn nach Köln".
  signal("home city", String.raw`\b(?:hier|bei uns) in ${PLACE}`, { plan: true }),
  signal("home city", String.raw`\b(?:pendle|pendeln) (?:\p{L}+ ){0,2}(?:von|aus) ${PLACE}`),
  signal("travel destination", String.raw`\b(?:nach|durch|in die|in den|an die|an den|ans|für|wird es|ist es|wird's|wirds|wird’s|es geht) ${PLACE}`, {
    plan: true,
    with: `${TRAVEL}|${CHANGE}`,
    unless: String.raw`\b(?:wohne\p{L}*|zieh\p{L}*|gezogen|umgezogen|umzug|umzieh\p{L}*)\b`,
    topic: TRIP,
  }),
  // Going to the place just named: "meine Schwester zieht nach Québec, also fliege ich dorthin".
  signal("travel destination", String.raw`\b(?:fliege\p{L}*|flieg|fahre\p{L}*|fahr|reise\p{L}*|geht's|gehts|geht es)\b[^.;]{0,20}\b(?:dorthin|dahin|da hin)\b`, { plan: true, topic: TRIP }),
  // A route, from one place to another: "a great deal Brussels–Seoul", "Flug Hamburg → Lissabon".
  signal("travel destination", String.raw`(?<=\p{L} ?)(?:–|—|→|->) ?(?<name>\p{L}[\p{L}'’-]+)`, { plan: true, with: `${TRAVEL}|\\b(?:deals?)\\b` }),
  // A pet named alone in its end, where the user has pets: "Mio ist im Dezember gestorben".
  signal("pet", String.raw`^\s*(?:(?:leider|übrigens|und) )?(?<name>\p{L}+)(?= (?:ist|wurde) (?:\p{L}+ ){0,3}(?:gestorben|verstorben|eingeschläfert)\b)`, { owned: true, with: String.raw`\b(?:gestorben|verstorben|eingeschläfert)\b`, topic: compile(String.raw`\b${ANIMAL}\b`, "iu"), unless: String.raw`^\s*(?:\p{L}+ )?(?:oma|opa|mama|papa|mutter|vater|onkel|tante|bruder|schwester|er|sie|es|handy|laptop|auto)\b` }),
  // The user's home in a place: "780 € warm für meine Zweizimmerwohnung in Kassel".
  signal("home city", String.raw`\b(?:mein|meine|meiner|meinem|unser|unsere|unserer|unserem) (?:\p{L}+ )?(?:${HOME}|[\p{L}-]{0,20}vermieter(?:in)?) (?:in|bei) ${PLACE}`, { unless: String.raw`\b(?:alte\p{L}*|ehemalige\p{L}*|frühere\p{L}*)\b` }),
  // The new home in a place, said without a person: "Die neue Wohnung in Eimsbüttel hat keinen Aufzug".
  signal("home city", String.raw`\b(?:die|das|der|den|dem) neue\p{L}* ${HOME} (?:in|bei) ${PLACE}`, { plan: true }),
  // A size for another, a new device arrived: "L statt XL", "das Pixel 8a ist da".
  signal("clothing size", String.raw`\b${LETTER_SIZE} (?:statt|anstatt) ${LETTER_SIZE}\b`, { plan: true }),
  signal("phone", String.raw`\b(?:${PHONE_MAKE}|handy|smartphone)\b[^.;]{0,20}\b(?:ist (?:\p{L}+ )?(?:da|angekommen)|kam heute|wurde geliefert)\b`, { plan: true }),
  // Somewhere to stay in a place is where the trip goes: "Kannst du mir Hotels in Lissabon raussuchen?"
  signal("travel destination", String.raw`\b(?:hotel\p{L}*|unterkunft|unterkünfte|ferienwohnung\p{L}*|airbnbs?|pension) (?:in|auf) ${PLACE}`, { plan: true, topic: TRIP }),
  // A family by its count, a baby by its age in months: "2 adults + 3 kids", "Léa (3 mois)".
  signal("children", String.raw`\b\d erwachsene ?(?:\+|und|&|,) ?\d (?:kinder|kids)\b`, { plan: true }),
  signal("children", BABY_AGE, { plan: true }),
  signal("children", KIDS_AGES, { plan: true }),
  // What is left to live on: "mir bleiben 400 € im Monat".
  signal("budget", String.raw`\b(?:mir|uns) bleiben (?:noch |nur noch |etwa |ungefähr |ca\. )*${MONEY}`, { plan: true }),
  // What an allergy does, whatever causes it: "schwillt mir der Hals zu", "kribbelt mir der Mund", "Niesanfälle".
  signal("allergy", String.raw`\b(?:schwillt|schwellen|schwoll) (?:mir|bei mir)\b|\b(?:kribbelt|juckt|brennt)\b[^.;]{0,30}\b(?:mund|hals|zunge|lippen|rachen)\b|\b(?:niesanf\p{L}*|dicke augen|(?:augen|nase) (?:tränen|jucken|laufen))\b`),
  // A size exchanged or worn: "tausch gegen L um", "Regenjacke in M".
  signal("clothing size", String.raw`\b(?:tausch\p{L}*|umtausch\p{L}*) (?:\p{L}+ ){0,3}?(?:gegen|in) (?:eine? |größe )?${LETTER_SIZE}\b(?![.,]?\d)`, { plan: true }),
  signal("clothing size", String.raw`\b(?:regen|winter|sommer|lauf|rad)?(?:jacke|hose|shirt|trikot|pulli|weste)n? in ${LETTER_SIZE}\b`, { owned: true }),
  // A job by what it is: the first week as, a master craftsman, a training year, a workplace by its kind.
  signal("job", String.raw`\berste\p{L}* (?:tag|woche|monat) als \p{L}+`, { plan: true }),
  signal("job", String.raw`\b(?:hab|habe|mache|mach) (?:meinen|den) meister\b|\b(?:erstes|zweites|drittes|im (?:ersten|zweiten|dritten|\d\.)) ausbildungsjahr\b|\bausbildung (?:zur|zum) \p{L}+|\b(?:arbeite ich|ich arbeite)\b[^.;]{0,25}\b(?:im|in einem|in einer|in der|beim|bei einem|bei einer) (?:\p{L}+ )?(?:café|restaurant|supermarkt|laden|krankenhaus|klinik|kita|schule|büro|agentur|bäckerei|lager|hotel|bar|kneipe|praxis|apotheke)\b`),
  // Workdays from one to another, with work said in the clause or the thread: "Montag bis Donnerstag".
  signal("work schedule", String.raw`\b(?:montag|dienstag|mittwoch|donnerstag|freitag) bis (?:mittwoch|donnerstag|freitag|samstag|sonntag)\b`, { with: String.raw`\b(?:arbeit\p{L}*|büro|schicht\p{L}*|job|dienst)\b` }),
  signal("work schedule", String.raw`\b(?:montag|mo) (?:bis|-|–) ?(?:donnerstag|freitag|samstag|do|fr|sa)\b`, { plan: true, topic: /(?:arbeit|job|schicht|dienst|büro|chef)/iu }),
  // A phone chosen or switched to at last: "am Ende das Pixel", "aufs iPhone umgestiegen".
  signal("phone", String.raw`\b(?:es ist|es wurde|am ende|doch) (?:das|ein|mein) ${PHONE_MAKE}\b|\b(?:aufs|auf das|auf ein) ${PHONE_MAKE}\b[^.;]{0,20}\b(?:umgestiegen|gewechselt)\b`, { plan: true }),
  // What a medic found, a joint replaced: "die Ärztin meint, ich hätte …", "Hüft-TEP".
  signal("health condition", String.raw`\b(?:arzt|ärztin|hausarzt|hausärztin|doktor|orthopäde|orthopädin|physio|physiotherapeut\p{L}*|kardiolog\p{L}*|dermatolog\p{L}*|neurolog\p{L}*) (?:meint|sagt|hat gesagt|hat festgestellt)\b[^.;]{0,15}\b(?:ich hätte|ich habe|ich hab|hab ich)\b|\b(?:hüft|knie)-?(?:tep|prothese)\b|\bneue\p{L}* (?:hüfte|knie)\b`),
  // A diet by what it leaves out: "keine tierischen Produkte".
  signal("diet", String.raw`\bkeine tierischen (?:produkte|lebensmittel)\b`),
  // Weeks in a place since a move: "seit zwei Wochen hier in Lissabon".
  signal("home city", String.raw`\bseit (?:\d{1,2}|einer|zwei|drei|vier|ein paar) (?:tagen|wochen|monaten)(?: hier| schon)? in ${PLACE}`),
  // A student room, a home that is the user's now ("das Haus gehört jetzt uns", a purchase at the notary's), the childhood room again.
  signal("housing", String.raw`\b(?:wohnheim\p{L}*|wg-zimmer)\b`, { owned: true }),
  signal("housing", String.raw`\b(?:haus|wohnung)\b[^.;]{0,20}\bgehört (?:jetzt |nun |endlich ){0,2}(?:uns|mir)\b|\bkaufvertrag\b[^.;]{0,30}\b(?:unterschrieben|beim notar)\b|\bnotartermin\b`, { plan: true }),
  signal("housing", String.raw`\b(?:altes|alten|meinem alten) kinderzimmer\b`, { with: String.raw`\b(?:wieder|zurück|seit)\b` }),
  // A weight said of the weight itself: "Gewicht ist jetzt bei 76".
  signal("weight", String.raw`\bgewicht (?:ist|liegt) (?:jetzt |übrigens |nun |inzwischen |mittlerweile ){0,3}(?:bei )?\d{2,3}(?:[.,]\d)?\b(?! ?(?:%|€|euro|km|tage))`, { plan: true }),
  // An age after "bin": "bin übrigens 31".
  signal("age", String.raw`\bbin (?:ich )?(?:übrigens |jetzt |schon |gerade |erst |inzwischen |mittlerweile ){0,2}\d{2}(?=[,.;!]|$| und\b| jahre\b)`),
  // Kids by their Austrian words: "zwei Buben", "der Bub".
  signal("children", String.raw`\b(?:zwei|drei|vier|\d) (?:kids|buben|buam|mädels)\b|\bder bub\b`, { owned: true }),
  // A strength goal by its count: "5 saubere Klimmzüge".
  signal("training goal", String.raw`\b\d{1,2} (?:saubere |ganze |strikte )?(?:klimmzüge|liegestütze)\b`, { with: String.raw`\b(?:ziel|will|möchte|schaffen)\b` }),
  // Steps said of the steps: "Schritte sind inzwischen bei 5000".
  signal("daily steps", String.raw`\bschritte (?:sind|liegen) (?:jetzt |inzwischen |mittlerweile )?(?:bei )?(?:ca\.? |etwa |um die )?\d[\d.]*`, { plan: true }),
  // A shoe size in a thread about shoes: "den Novablast in 44,5 gelaufen".
  signal("shoe size", String.raw`\bin (?:3[5-9]|4[0-8])(?:[.,]5)?\b`, { topic: /schuh/iu, with: String.raw`\b(?:gelaufen|getragen|passt|passen|bestellt|gekauft|trage)\b` }),
];
