import { AMOUNT, BREED, DWELLING, EMOJI, MONEY, NAME, PHONE_MAKE, rule, type Rule } from "../rule.ts";

const DE_SPOKEN = String.raw`(?:deutsch|englisch|französisch|spanisch|italienisch|portugiesisch|niederländisch|polnisch|russisch|türkisch|arabisch|japanisch|chinesisch|koreanisch|griechisch|schwedisch)`;
/** What a favorite ("Lieblings…") may be of, by the English key. */
const GERMAN_KINDS: Record<string, string> = { essen: "food", gericht: "dish", farbe: "color", film: "movie", buch: "book", autor: "author", musik: "music", band: "band", lied: "song", song: "song", sänger: "singer", sängerin: "singer", sport: "sport", verein: "team", mannschaft: "team", getränk: "drink", serie: "show", spiel: "game", tier: "animal", jahreszeit: "season", stadt: "city", restaurant: "restaurant", snack: "snack", nachtisch: "dessert", obst: "fruit", blume: "flower" };


const NUMBER = String.raw`(?<v>\d{1,2}|einen|ein|zwei|drei|vier|fünf|sechs|sieben)`;
const MONTH = String.raw`(?:januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jan|feb|mär|apr|jun|jul|aug|sep|sept|okt|nov|dez)\b\.?`;
const DATE = String.raw`(?:\d{1,2}\.\s?${MONTH}|\d{1,2}\.\s?\d{1,2}\.)`;
/** A holiday a trip is dated by: "in Semana Santa", "over Easter". */
const HOLIDAY = String.raw`(?:ostern|weihnachten|pfingsten|silvester|(?:den )?(?:herbst|oster|sommer|pfingst|winter)ferien)\b`;
const TRAVEL_WORDS = "fliege fliegen flug reise reisen urlaub fahre fahren starten abflug rückflug hinflug ankunft landen landung abfahrt rückfahrt hinfahrt zug zugreise bahnreise nachtzug ausflug kurztrip trip städtetrip wochenendtrip flitterwochen";
const TRAVEL = String.raw`\b(?:${TRAVEL_WORDS.replaceAll(" ", "|")})\b`;
/** Up to `n` characters within a statement: a date's dot ("am 12. Juli") does not end it. */
const GAP = (n: number) => String.raw`(?:[^.;]|(?<=\d)\.){0,${n}}?`;
const JOBS = String.raw`(?:[\p{L}-]*(?:ingenieur|leiter|krankenschwester|kellner|friseur|bäcker|tischler|schreiner|rentner|freiberufler|entwickler|pfleger|pflegerin|lehrer|lehrerin|analyst|designer|arzt|ärztin|anwalt|anwältin|buchhalter|manager|berater|übersetzer|student|studentin|koch|köchin|architekt|apotheker|elektriker|fahrer|grafiker|grafikerin|programmierer|erzieher|erzieherin|verkäufer|verkäuferin|mechaniker|journalist|fotograf|professor|therapeut|sanitäter|hebamme|polizist|beamter|beamtin|informatiker|informatikerin|zeichner|assistent|referent|sachbearbeiter|techniker|planer|mitarbeiter|verwalter|koordinator|kaufmann|kauffrau|feger|tätowierer|maler|dachdecker|gärtner|landwirt|pilot|flugbegleiter|bibliothekar|sozialarbeiter|metzger|fleischer|konditor|schneider|optiker|trainer|soldat|logopäde|doktorand|lokführer|schaffner|postbote|kurier|hausmeister|kassierer|kosmetiker|winzer|barkeeper|radiologe|zahntechniker|rettungssanitäter|notfallsanitäter)(?:in)?)`;

/** German. The order matters where two rules give one subject: the first that matches wins. */
export const DE: Rule[] = [
  rule("home city", String.raw`\b(?:ich|wir)\b(?: \p{L}+){0,3}? (?:wohne|wohn|wohnen|lebe|leben)\b(?: \p{L}+){0,3}? in ${NAME}`),
  rule("home city", String.raw`\b(?:ich|wir)\b(?: \p{L}+){0,3}? (?:wohne|wohnen|lebe|leben|ziehen|zogen|gezogen)\b(?: \p{L}+){0,3}? in (?:ein|eine|einer|einem|unser|unsere|unserer|unserem) (?:[\p{L}\p{N}-]+ ){0,3}?${DWELLING} in ${NAME}`),
  rule("home city", String.raw`\bumzug nach ${NAME}`),
  // A home written in lowercase: "seit zwei wochen wohnen wir in markkleeberg".
  rule("home city", String.raw`(?:\b(?:(?:ich|wir) (?:wohne|wohnen|wohn|lebe|leben)|(?:wohne|wohnen|lebe|leben) (?:ich|wir))|(?:^|[,;] )(?:wohne|wohn)) (?:jetzt |nun |inzwischen |endlich ){0,2}in (?!(?:einer|einem|einen|der|dem|den|die|das|ein|eine|nem|ner|unserer|unserem|meiner|meinem|miete|zur|untermiete|wg)\b)(?<v>\p{L}{3,}(?:-\p{L}{3,})?)(?=[,.;!?]|$| (?:und|aber|seit|jetzt|mit|bei|zur)\b)`, { needs: "wohne wohnen wohn lebe leben" }),
  rule("job", String.raw`(?:^|[,;] )bin (?:\d{1,2}, )?(?:jetzt |nun |inzwischen |seit \p{L}+ )?(?:als )?(?<v>(?:[\p{L}-]+ )?${JOBS})\b`, { needs: "bin" }),
  rule("home city", String.raw`\b(?:wohne|wohnen|lebe|leben) (?:ich|wir)\b(?: \p{L}+){0,3}? in ${NAME}`),
  rule("home city", String.raw`\b(?:ich arbeite|arbeite ich)\b[^.;]{0,50}? in ${NAME}`),
  rule("home city", String.raw`\b(?:ich bin|wir sind)\b(?: \p{L}+){0,3}? nach ${NAME}(?= (?:\p{L}+ )?(?:gezogen|umgezogen)\b)`),
  rule("home city", String.raw`\b(?:zieh|ziehe|ziehen|zogen)\b(?: \p{L}+){0,3}? nach ${NAME}`),
  rule("housing", String.raw`\b(?:wohne|wohnen|lebe|leben|ziehen|zogen|gezogen)\b(?: \p{L}+){0,3}? in (?:ein|eine|einer|einem|unser|unsere|unserer|unserem|die|das|der) (?:[\p{L}\p{N}-]+ ){0,3}?(?<v>${DWELLING})\b`),
  rule("housing", String.raw`\b(?:wir|ich) (?:haben|habe) (?:ein|eine|einen) (?<v>haus|wohnung|eigentumswohnung)\b(?: \p{L}+){0,3}? (?:gekauft|gemietet)\b`),
  rule("budget", String.raw`\bbudget\b[^.;?]{0,40}?(?<v>${MONEY})`),
  rule("budget", String.raw`\b(?:können wir|kann ich|wir können|ich kann)\b[^.;?]{0,15}? bis (?:zu )?(?<v>${AMOUNT})(?: ?(?:€|euro))? (?:gehen|ausgeben|zahlen)\b`, { needs: "können kann" }),
  rule("budget", String.raw`\b(?:ich kann|wir können|kann ich|können wir|ich möchte|möchte ich|wir möchten|ich will|will ich|wir wollen)\b[^.;?]{0,30}?(?<v>${MONEY}) (?:ausgeben|zahlen|bezahlen|investieren|aufbringen)\b`),
  rule("budget", String.raw`(?<v>${MONEY})[^.;?]{0,30}? (?:möchte|möchten|will|wollen|kann|können) (?:ich|wir)\b[^.;?]{0,15}? (?:ausgeben|zahlen|bezahlen|investieren)\b`, { needs: "ausgeben zahlen bezahlen investieren" }),
  rule("budget", String.raw`\b(?:limit|budget|obergrenze|schmerzgrenze)\b[^.;?]{0,30}? auf (?<v>${AMOUNT}) ?(?:€|euro)? ?(?:hochgeschraubt|erhöht|angehoben|gesenkt|runtergeschraubt|gesetzt|festgelegt)\b`, { needs: "limit budget obergrenze schmerzgrenze" }),
  rule("budget", String.raw`\b(?:ich plane|plane ich|wir planen|planen wir|rechne ich|ich rechne|wir rechnen)\b[^.;?]{0,15}? mit (?<v>${AMOUNT}) ?(?:€|euro)? ?(?:die|pro|im|in der|am|für die) (?:woche|monat|tag)\b`, { needs: "plane planen rechne rechnen" }),
  rule("budget", String.raw`\b(?:ich gebe|gebe ich|wir geben|geben wir)\b[^.;?]{0,30}?(?<v>${MONEY}) aus\b`),
  rule("budget", String.raw`^(?:etwa|ungefähr|circa|ca\.|bis zu|maximal|höchstens)?\s*(?<v>${MONEY})`, { answers: /budget|ausgeben|preis/i }),
  // A ceiling that opens a message, no question needed: "maximal 900 Euro für das Kleid".
  rule("budget", String.raw`^(?:maximal|höchstens|max\.?) (?<v>${MONEY})`, { needs: "maximal höchstens max" }),
  rule("diet", String.raw`\b(?:ich bin|wir sind|bin|ernähre mich|ernähren uns|lebe|leben|ich esse|esse ich|wir essen|ich koche|wir kochen)\b(?: \p{L}+){0,3}? (?<v>glutenfrei|laktosefrei|vegetarier\p{L}*|veganer\p{L}*|vegetarisch|vegan|pescetarier\p{L}*|flexitarier\p{L}*)\b`),
  rule("diet", String.raw`\b(?:ich esse|esse ich|wir essen|essen wir)\b(?: \p{L}+){0,2}? (?<v>kein fleisch|kein(?:en)? (?:fleisch|fisch) mehr|keine tierprodukte)\b`),
  rule("diet", String.raw`\b(?:ich verzichte|wir verzichten)\b(?: \p{L}+){0,2}? auf (?<v>fleisch|fisch|tierprodukte)\b`),
  rule("diet", String.raw`\b(?:ich esse|wir essen)\b(?: (?:jetzt|wieder|nun|doch|auch))* (?<v>fleisch|fisch)\b`),
  rule("allergy", String.raw`\b(?:ich bin|bin ich|wir sind)\b(?: \p{L}+){0,2}? allergisch (?:gegen|auf) (?<v>[\p{L}\s,-]{2,40}?)(?=[,.;]|$| und\b| aber\b)`),
  rule("allergy", String.raw`\b(?:ich bin|bin ich|wir sind|sind wir)\b(?: \p{L}+){0,2}? gegen (?<v>[\p{L}\s,-]{2,40}?) allergisch\b`),
  rule("allergy", String.raw`\b(?:ich vertrage|vertrage ich|wir vertragen)\b(?: \p{L}+){0,2}? (?:kein|keine|keinen) (?<v>\p{L}+)`),
  rule("allergy", String.raw`\b(?:ich habe|ich hab|habe ich) (?:eine )?(?<v>\p{L}+allergie)\b`),
  rule("health condition", String.raw`\b(?:ich habe|ich hab|diagnose|diagnostiziert|leide an|leide unter|bei mir)\b[^.,;]{0,40}?\b(?<v>diabetes|asthma|bluthochdruck|zöliakie|migräne|arthrose|depression\p{L}*|laktoseintoleranz|fruktoseintoleranz|rheuma|epilepsie)\b`),
  rule("health condition", String.raw`\bich bin (?<v>diabetiker\p{L}*|asthmatiker\p{L}*|schwanger)\b`),
  rule("weight", String.raw`\b(?:ich wiege|wiege ich|mein gewicht|ich habe|bin bei|runter auf)\b[^.,;]{0,15}?(?<v>\d{2,3}(?:[.,]\d)?\s?(?:kg|kilo))\b`),
  rule("age", String.raw`\bich bin (?<v>\d{1,2})(?: jahre alt| jahre)?(?![.,]?\d)(?! ?(?:kg|km|%|cm|m|minuten|stunden|tage|wochen|monate|€)\b)`),
  rule("age", String.raw`\bich (?:bin|wurde|werde) (?:gerade |jetzt )?(?<v>\d{1,2}) geworden\b`),
  rule("job", String.raw`\b(?:ich arbeite|arbeite ich)\b[^.;]{0,40}? als (?<v>[^.,;]{2,40}?)(?=[,.;]|$| bei\b| in\b| an\b| im\b)`),
  rule("job", String.raw`\b(?:fange ich|fang ich|ich fange|ich fang|starte ich|ich starte|beginne ich|ich beginne)\b[^.;]{0,30}? als (?<v>[^.,;]{2,40}?)(?=[,.;]|$| bei\b| in\b| an\b| im\b| ab\b)`),
  rule("job", String.raw`\b(?:ich bin|bin ich|und bin) (?:jetzt |seit \p{L}+ |nun |inzwischen )?(?:als )?(?!(?:ein|eine|kein|keine|gute|guter|schlechte|schlechter|große|großer|echte|echter|totale|totaler|bessere|besserer)\b)(?<v>(?:[\p{L}-]+ ){0,2}${JOBS})\b`),
  // A job reached: "seit ich im Oktober Teamleiter geworden bin", "ich bin Teamleiterin geworden".
  rule("job", String.raw`\bich\b[^.;!?]{0,30}? (?<v>${JOBS}) geworden\b`, { needs: "ich" }),
  rule("job", String.raw`\b(?:ich bin|bin ich)\b(?: \p{L}+){0,2}? (?<v>in rente|in pension|im ruhestand|pensioniert|verrentet|arbeitslos|selbstständig|selbständig|in elternzeit)\b`),
  rule("job", String.raw`\b(?:job|arbeit|stelle|arbeitsplatz) verloren\b`),
  // Given notice: the job's, not a flat's or a contract's ("Die Mietwohnung ist gekündigt").
  rule("job", String.raw`\b(?:neue stelle|neuen job|neue arbeit|(?<!\b(?:\p{L}*wohnung|miete|\p{L}*vertrag|abo|mitgliedschaft|versicherung|konto|zimmer)\b[^.;]{0,30})gekündigt|jobwechsel|neuer job|(?:stelle|job|arbeit|arbeitgeber) gewechselt)\b`, { needs: "neue neuen neuer gekündigt jobwechsel gewechselt" }),
  rule("work schedule", String.raw`\b(?<v>schichtdienst|nachtschicht|nachtschichten|frühschicht|frühschichten|spätschicht|spätschichten|tagschicht|tagschichten|teilzeit|vollzeit|homeoffice|home-office|remote|minijob|elternzeit|mutterschutz)\b`),
  rule("running days per week", String.raw`\b(?:laufe|laufen|jogge|joggen|renne)\b[^.;]{0,30}?\b${NUMBER} (?:tage|mal|läufe) (?:pro|die|in der|je) woche\b`),
  rule("running days per week", String.raw`\b(?<v>einmal|zweimal|dreimal|viermal|fünfmal|sechsmal) (?:pro|die|in der|je|jede|jeder) woche\b`, { topic: /\b(?:lauf\p{L}*|laufe|joggen|jogge)\b/iu }),
  rule("running days per week", String.raw`\b${NUMBER} (?:tage|mal|läufe) (?:pro|die|in der|je) woche\b`, { topic: /\b(?:lauf\p{L}*|laufe|joggen|jogge)\b/iu, needs: "tage mal läufe" }),
  // "4x die Woche", the runs said with a dialect's verb ("renn i"): where the conversation is about running.
  rule("running days per week", String.raw`\b(?<v>\d)x (?:pro|die|in der|je) woche\b`, { topic: /\b(?:lauf\p{L}*|laufe|joggen|jogge|renn\p{L}*|marathon|halbmarathon)\b/iu }),
  rule("daily steps", String.raw`(?<v>\d[\d,.]*) schritte (?:am tag|pro tag|täglich|jeden tag)\b`, { needs: "schritte" }),
  // Steps in words, said with the day: "schaff jeden Tag über zehntausend Schritte".
  rule("daily steps", String.raw`\b(?:jeden tag|täglich|am tag|pro tag)\b[^.;]{0,20}?\b(?<v>(?:zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|fünfzehn|zwanzig)tausend) schritte\b`, { needs: "schritte" }),
  // A dog is walked ("Gassi gehen") by its name: "wer geht mit Bruno Gassi".
  rule("pet", String.raw`\bmit (?<name>\p{L}[\p{L}'’-]+) gassi\b`, { needs: "gassi" }),
  // A trip named by where it goes, in one word: "ich spar auf eine Japanreise" (a business or honeymoon trip is none).
  rule("travel destination", String.raw`\b(?:eine|unsere|meine|die|der|auf|für) (?!(?:dienst|geschäfts|hochzeits|rund|flug|bahn|zug|bus|auto|städte|fern|klassen|gruppen|studien|pauschal|kurz|wochenend|urlaubs|familien|fahrrad|rad|sommer|winter|oster|weihnachts|kreuzfahrt|bildungs|abenteuer|welt|traum|ski|wander|last-minute|camping|strand|erholungs|kultur|insel|berg|single|senioren|jugend)(?:reise|urlaub)\b)(?<name>\p{L}{3,15}?)-?(?:reise|urlaub)\b`, { needs: "eine unsere meine die der auf für" }),
  rule("training goal", String.raw`\b(?<v>[\p{L}-]*(?:marathon|triathlon|ironman|ultra)|10 ?km|5 ?km|lauf|wettkampf)\b[^.;]{0,20}? (?:angemeldet|anmelden|vorbereiten|trainieren)\b`, { needs: "angemeldet anmelden vorbereiten trainieren" }),
  rule("training goal", String.raw`\b(?:trainiere für|bereite mich auf|angemeldet für|möchte|will|ziel ist)\b[^.,;]{0,60}?\b(?<v>marathon|halbmarathon|ultra|triathlon|ironman|10 ?km|5 ?km|lauf|wettkampf)\b`),
  rule("partner", String.raw`\b(?:mein|meine|meinem|meiner|meinen) (?<v>mann|frau|ehemann|ehefrau|freund|freundin|partner|partnerin|lebensgefährte|lebensgefährtin|gatte|gattin|verlobte\p{L}?)\b`),
  rule("partner", String.raw`\b(?:haben|hat|sind) (?:\p{L}+ ){0,3}?(?<v>geheiratet|verlobt|verheiratet|getrennt|geschieden)\b`),
  rule("partner", String.raw`\bich bin (?:jetzt )?(?<v>single|verheiratet|geschieden|verlobt|verwitwet)\b`),
  // A couple counted in years: "wir sind seit 6 Jahren zusammen".
  rule("partner", String.raw`\bwir sind (?:jetzt |schon |seit \p{L}+ \p{L}+ |seit \d+ \p{L}+ ){0,2}(?<v>zusammen|verheiratet)\b`, { needs: "wir" }),
  rule("children", String.raw`\b(?:wurde|wurden|ist|sind) (?:\p{L}+ )?geboren\b`),
  rule("children", String.raw`\b(?:schwanger|erwarten ein baby|erwarten unser)\b`),
  rule("children", String.raw`\b(?:unser|unsere|unseren|unserem|mein|meine|meinen|meinem|wir haben|ich habe)\s(?:\p{L}+\s)?(?<v>kindern?|kind|sohn|söhnen?|tochter|töchtern?|baby|zwillingen?)\b`),
  rule("pet", String.raw`\b(?:haben|habe|hat|adoptiert|geholt|gekauft|bekommen)\b[^.;]{0,40}?\b(?<v>hund|welpen?|katze|kater|kätzchen|kaninchen|hasen?|hamster|papagei|pferd|meerschweinchen|${BREED})\b`),
  rule("pet", String.raw`\b(?:mein|meine|meinen|unser|unsere|unseren) (?<v>${BREED}|hund|welpe|katze|kater|kaninchen|hase|hamster|papagei|pferd|meerschweinchen)\b`),
  rule("travel date", String.raw`${TRAVEL}${GAP(80)}\b(?:am |ab |vom |bis |im )?(?<v>${DATE}|${MONTH}(?! \d)|${HOLIDAY})`),
  rule("travel date", String.raw`\b(?:am |ab |vom )?(?<v>${DATE})\b[^.;]{0,40}?${TRAVEL}`, { needs: TRAVEL_WORDS }),
  // When a trip starts: "geht dann schon am 17. Februar los".
  rule("travel date", String.raw`\bgeht(?:'s|’s|s| es)? (?:\p{L}+ ){0,3}?(?:am |ab )?(?<v>${DATE}) los\b`, { needs: "geht geht's geht’s gehts" }),
  // A contract signed with an employer: "hab den Vertrag bei DATEV in Nürnberg unterschrieben".
  rule("job", String.raw`\b(?:arbeits)?vertrag (?:bei|mit) (?<name>\p{L}[\p{L}&.-]+)\b[^.;]{0,30}?\bunterschrieben\b`, { needs: "vertrag arbeitsvertrag" }),
  rule("travel origin", String.raw`\b(?:fliegen|fliege|flug|starten|starte|abflug|fahren|fahre|reisen)\b${GAP(40)} (?:von|ab) ${NAME}`),
  rule("travel origin", String.raw`\b(?:starten|starte|abflug ist|abfahrt ist)\b(?: \p{L}+){0,2}? in ${NAME}`),
  rule("travel origin", String.raw`(?<!\b(?:zieh\p{L}*|umzieh\p{L}*|umzug)\b[^.;]{0,40})\bvon ${NAME} nach \p{L}`),
  // A move is no trip: "ich zieh im März beruflich von Köln nach Lissabon".
  rule("travel destination", String.raw`(?<!\b(?:zieh\p{L}*|umzieh\p{L}*|umzug)\b[^.;]{0,40})\bvon \p{L}+(?: \p{L}+)? nach ${NAME}`),
  rule("travel destination", String.raw`\b(?:geht|geht's|gehts)\b(?: \p{L}+){0,3}? nach ${NAME}`),
  rule("travel destination", String.raw`\b(?:fliegen|fliege|reise|reisen|urlaub|fahren|fahre|flug|ausflug|kurztrip|trip|städtetrip|wochenendtrip|flitterwochen)\b${GAP(40)} nach ${NAME}`),
  rule("car", String.raw`\b(?:fahre|fahren|habe|haben|gekauft|verkauft|geleast)\b[^.;]{0,30}?\b(?<v>toyota|honda|ford|vw|volkswagen|golf|passat|bmw|audi|mercedes|tesla|renault|peugeot|citroën|fiat|seat|skoda|kia|hyundai|nissan|mazda|volvo|opel|dacia|auto|wagen|motorrad)\b`),
  rule("phone", String.raw`\b(?:habe|hab|gekauft|nutze|benutze|mein|meinem)\b(?!(?: \p{L}+)? (?:alte\p{L}*|frühere\p{L}*|vorherige\p{L}*)\b)[^.;]{0,20}?\b(?<v>${PHONE_MAKE}(?: [\p{L}\p{N}]+){0,2})`),
  rule("laptop", String.raw`\b(?:habe|hab|gekauft|nutze|benutze|mein|meinen)\b[^.;]{0,20}?\b(?<v>(?:laptop|notebook|macbook|thinkpad|xps|surface|chromebook)(?: [\p{L}\p{N}]+){0,2})`),
  rule("operating system", String.raw`\b(?:nutze|benutze|verwende|arbeite mit|läuft)\b[^.;]{0,20}?\b(?<v>linux|ubuntu|windows|macos|fedora|debian)\b`),
  rule("programming language", String.raw`\b(?:programmiere|entwickle|schreibe|arbeite|umgestiegen|wechsle)\b[^.;]{0,30}?\b(?:in|auf|mit) (?<v>python|java|kotlin|typescript|javascript|go|rust|c#|c\+\+|ruby|php|swift|scala)\b`),
  rule("programming language", String.raw`\bauf (?<v>python|java|kotlin|typescript|javascript|go|rust|c#|c\+\+|ruby|php|swift|scala) umgestiegen\b`),
  rule("shoe size", String.raw`\b(?:schuhgröße|trage größe|größe) (?<v>\d{2}(?:[.,]5)?)\b`),
  rule("clothing size", String.raw`\b(?:trage|habe) (?:größe |kleidergröße )?(?<v>xs|s|m|l|xl|xxl)\b`),
  rule("language learning", String.raw`\b(?:lerne|lernen)\b(?: \p{L}+){0,4}? (?<v>englisch|spanisch|deutsch|französisch|italienisch|portugiesisch|japanisch|chinesisch|koreanisch|arabisch|niederländisch|russisch|polnisch|schwedisch|türkisch)\b`),
  rule("name", String.raw`\b(?:ich heiße|mein name ist) ${NAME}`),
  rule("name", String.raw`\bich bin (?<name>\p{L}[\p{L}'’-]+)(?=, (?:\d{1,2}\b|(?:\p{L}+- und )?(?:[\p{L}-]+-)?${JOBS}\b))`, { needs: "ich" }),
  rule("job", String.raw`\bich bin \p{L}[\p{L}'’-]+, (?<v>(?:\p{L}+- und )?(?:[\p{L}-]+-)?${JOBS})(?=[,.;!]|$| und\b)`, { needs: "ich" }),
  rule("age", String.raw`\bich bin \p{L}[\p{L}'’-]+, (?<v>\d{1,2})(?=[,.;!]|$| und\b| jahre\b)`, { needs: "ich" }),
  // A greeting's introduction: "Moin, Lars hier.
  rule("name", String.raw`^(?:(?:moin|hallo|hi|hey|servus|guten (?:morgen|tag|abend))[,!]? )?(?<name>\p{L}[\p{L}'’-]+) hier(?=[,.!]|$)`, { needs: "hier" }),
  // "Ich bin der Tomasz": a name with its article, as people introduce themselves.
  // An introduction as its own sentence, after a greeting: "Hallo, ich bin Katrin." (a role, a state or a job is none).
  rule("name", String.raw`^ich bin (?!(?:${JOBS}|mutter|vater|mama|papa|oma|opa|rentner\p{L}*|anfänger\p{L}*|single|vegetarier\p{L}*|veganer\p{L}*|student\p{L}*|azubi|schüler\p{L}*|deutsch\p{L}*|hausfrau|hausmann|selbstständig|arbeitslos|neu|dabei|da|hier|fertig|müde|krank|schwanger|verheiratet|geschieden|allergiker\p{L}*|diabetiker\p{L}*|zurück|wieder|echt|so|sehr|total|nicht|kein\p{L}*)\b)(?<name>\p{L}[\p{L}'’-]+)\.?$`, { needs: "ich" }),
  rule("name", String.raw`^(?:(?:hi|hallo|hey|moin|servus)[,!]? )?(?:ich|i) bin (?:der|die) (?<name>\p{L}[\p{L}'’-]+)(?=,|!|\.?$| und\b|\s*${EMOJI})`, { needs: "ich i" }),
  rule("favorite {kind}", String.raw`\b(?:mein|meine|meinen|unser|unsere) (?:absolutes? )?lieblings(?<kind>\p{L}+) (?:ist|sind|war) (?:eindeutig |immer noch |jetzt |gerade )?(?<v>[^.,;!?]{2,60}?)(?=[.,;!?]|$| (?:aber|und|weil)\b)`, { kinds: GERMAN_KINDS }),
  rule("contact preference", String.raw`\b(?:am liebsten|lieber|bitte) (?:per|über|via|mit) (?<v>e-?mail|mail|telefon|anruf|sms|whatsapp|signal|telegram)\b`, { needs: "am lieber bitte" }),
  rule("contact preference", String.raw`\bkontaktier(?:en sie|e|t)? mich (?:bitte )?(?:per|über|via) (?<v>e-?mail|mail|telefon|sms|whatsapp)\b`),
  rule("answer style", String.raw`\bich (?:hätte gern|hätte lieber|mag|bevorzuge|möchte|brauche|will) (?:lieber |eher )?(?<v>(?:sehr )?(?:kurze|knappe|ausführliche|detaillierte|einfache|technische)) (?:antworten|erklärungen|zusammenfassungen)\b`, { needs: "antworten erklärungen zusammenfassungen" }),
  rule("seat preference", String.raw`\bich (?:nehme|buche|möchte|will|hätte gern|bevorzuge|brauche) (?:immer |lieber |am liebsten )?(?:einen |den )?(?<v>fensterplatz|gangplatz|platz am fenster|platz am gang)\b`, { needs: "fensterplatz gangplatz platz" }),
  rule("languages spoken", String.raw`\bich spreche (?:fließend |gut |etwas |ein bisschen |auch )?(?<v>${DE_SPOKEN}(?:(?:, | und )(?:fließend |gut |etwas )?${DE_SPOKEN}){0,3})\b`),
  rule("languages spoken", String.raw`\bmeine muttersprache ist (?<v>${DE_SPOKEN})\b`),
  rule("education", String.raw`\bich studiere (?:jetzt |gerade |noch )?(?<v>[^.,;!?]{2,50}?)(?=[.,;!?]|$| (?:an der|in|und|aber)\b)`),
  rule("education", String.raw`\bich (?:mache|schreibe) (?:gerade |jetzt )?(?:eine|einen|ein|meine|meinen|mein) (?<v>(?:ausbildung|promotion|doktorarbeit|masterarbeit|bachelorarbeit|master|bachelor|abitur|studium)\b[^.,;!?]{0,40}?)(?=[.,;!?]|$)`, { needs: "ausbildung promotion doktorarbeit masterarbeit bachelorarbeit master bachelor abitur studium" }),
  rule("birthday", String.raw`\bmein geburtstag ist (?:am )?(?<v>${DATE}(?:\s?\d{4})?)`),
  rule("birthday", String.raw`\bich bin (?:am )?(?<v>${DATE}(?:\s?\d{4})?) geboren\b`),
  rule("height", String.raw`\bich bin (?:etwa |ungefähr |circa |ca\. )?(?<v>1[.,]\d{2} ?m|\d{3} ?cm)\b(?: groß)?`, { needs: "m cm groß" }),
  rule("smoking", String.raw`\bich (?:habe |hab )?(?:gerade |endlich |vor \p{L}+ \p{L}+ )?(?<v>rauche nicht mehr|rauche nicht|rauche|dampfe|mit dem rauchen aufgehört|aufgehört zu rauchen|bin nichtraucher\p{L}*|bin raucher\p{L}*|bin ex-raucher\p{L}*)\b`, { needs: "rauche rauchen dampfe nichtraucher nichtraucherin raucher raucherin ex-raucher ex-raucherin" }),
  rule("income", String.raw`\bich verdiene (?:jetzt |gerade |etwa |ungefähr |rund )*(?<v>${AMOUNT})`, { needs: "verdiene" }),
  rule("income", String.raw`\bmein (?:gehalt|einkommen|lohn|nettogehalt|bruttogehalt) (?:ist|liegt bei|beträgt) (?:jetzt )?(?:etwa |ungefähr |rund )?(?<v>${AMOUNT})`),
  rule("origin", String.raw`\bich (?:komme|stamme|bin) (?:ursprünglich |eigentlich |gebürtig )?(?:aus) ${NAME}`, { needs: "ich" }),
  rule("origin", String.raw`\bich bin in ${NAME} aufgewachsen`, { needs: "aufgewachsen" }),
  rule("nationality", String.raw`\bich bin (?:halbe?r? )?(?<v>deutsche?r?|österreicher(?:in)?|schweizer(?:in)?|französin|franzose|italiener(?:in)?|spanier(?:in)?|brite|britin|amerikaner(?:in)?|kanadier(?:in)?|niederländer(?:in)?|holländer(?:in)?|pole|polin|türkin|türke|griechin|grieche|portugiese|portugiesin)\b`, { needs: "ich" }),
  rule("food dislikes", String.raw`\bich (?:mag|vertrage) (?:kein(?:e|en)?|nicht gern|nichts) (?<v>scharfes essen|scharfes|koriander|pilze|oliven|zwiebeln|knoblauch|meeresfrüchte|fisch|käse|tofu|kaffee|alkohol|süßes)\b`, { needs: "ich" }),
  rule("food likes", String.raw`\bich (?:liebe|mag|esse gern|esse gerne) (?<v>(?:italienisches|indisches|thailändisches|chinesisches|japanisches|mexikanisches|scharfes|griechisches|koreanisches) essen|sushi|pasta|pizza|curry|schokolade|kaffee|tee|käse)\b`, { needs: "ich" }),
];
