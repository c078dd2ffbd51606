import { AMOUNT, BREED, DWELLING, MONEY, NAME, PHONE_MAKE, rule, type Rule } from "../rule.ts";

const FR_SPOKEN = String.raw`(?:français|francais|anglais|allemand|espagnol|italien|portugais|néerlandais|neerlandais|polonais|russe|turc|arabe|japonais|chinois|coréen|coreen|grec|suédois|suedois|breton|basque|catalan)`;
/** What a favorite ("mon plat préféré") may be of, by the English key. */
const FRENCH_KINDS: Record<string, string> = { plat: "food", film: "movie", livre: "book", auteur: "author", auteure: "author", musique: "music", groupe: "band", chanson: "song", chanteur: "singer", chanteuse: "singer", sport: "sport", "équipe": "team", equipe: "team", boisson: "drink", "série": "show", serie: "show", jeu: "game", animal: "animal", saison: "season", ville: "city", restaurant: "restaurant", couleur: "color", dessert: "dessert", fruit: "fruit", fleur: "flower", cuisine: "cuisine" };


const NUMBER = String.raw`(?<v>\d{1,2}|une|un|deux|trois|quatre|cinq|six|sept)`;
const MONTH = String.raw`(?:janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre)\b`;
const DATE = String.raw`(?:\d{1,2}(?:er)? ${MONTH})`;
/** A holiday a trip is dated by: "in Semana Santa", "over Easter". */
const HOLIDAY = String.raw`(?:pâques|noël|la toussaint|le nouvel an|les vacances de (?:la toussaint|noël|pâques|février|printemps))\b`;
/** Words of a trip, one word each (the cues of the rules that need one); a phrase and a going that is a future ("on va déménager", "vamos a tener") are in `TRAVEL`. */
const TRAVEL_WORDS = "pars partons partir part vol vole volons voyage voyageons voyager vacances séjour départ retour arrivons arrivée atterrissons allons vais escapade week-end excursion lune";
const TRAVEL = String.raw`\b(?:${TRAVEL_WORDS.split(" ").filter((word) => !["allons", "vais", "lune"].includes(word)).join("|")}|(?:allons|vais)(?! \p{L}+(?:er|ir|re)\b)|lune de miel)\b`;
const FR_PETS = "chien|chienne|chiot|chat|chatte|chaton|lapin|hamster|perroquet|cheval";
const JOBS = String.raw`(?:ingénieure?|cheffe|directeur|directrice|responsable|gérante?|technicien(?:ne)?|assistante?|aide-soignante?|éducat(?:eur|rice)|stagiaire|développeu(?:r|se)|infirmi(?:er|ère)|professeure?|prof|enseignante?|analyste|designer|graphiste|médecin|avocate?|comptable|manageu(?:r|se)|consultante?|tradu(?:cteur|ctrice)|étudiante?|cuisini(?:er|ère)|chef|architecte|pharmacien(?:ne)?|électricien(?:ne)?|plombier|chauffeur|journaliste|photographe|vendeu(?:r|se)|secrétaire|kiné|sage-femme|policier|policière|fonctionnaire|instituteur|institutrice|serveu(?:r|se)|caissi(?:er|ère)|contrôleu(?:r|se)(?: de gestion)?|auditeur|auditrice|chargée? de \p{L}+|cheffe? de projet|conduct(?:eur|rice)|agent(?:e)?|ouvri(?:er|ère)|artisan(?:e)?|boulang(?:er|ère)|coiffeu(?:r|se)|mécanicien(?:ne)?|aide à domicile|auxiliaire de vie|ambulanci(?:er|ère)|pompier|militaire|chercheu(?:r|se)|data scientist|product manager|commerciale?|juriste|notaire|dentiste|vétérinaire|psychologue|orthophoniste|opticien(?:ne)?|libraire|fleuriste|menuisier|peintre|maçon|pilote|copilote|hôtesse de l'air|steward|livreu(?:r|se)|coursier|coursière|doctorante?|thésarde?|post-doc|manipulat(?:eur|rice) radio|radiologue|tatoueu(?:r|se)|bouch(?:er|ère)|charcuti(?:er|ère)|pâtissi(?:er|ère)|charpentier|couvreur|soudeu(?:r|se)|jardini(?:er|ère)|paysagiste|agricult(?:eur|rice)|éleveu(?:r|se)|pêcheu(?:r|se)|bibliothécaire|assistante? sociale?|réceptionniste|agent immobilier|facteur|factrice|couturi(?:er|ère)|diététicienne?|nutritionniste|routier|camionneur|chauffeur routier|nounou|assistante? maternelle|coach|entraîneu(?:r|se)|barman|barmaid|sommeli(?:er|ère)|ostéopathe|podologue|puéricultrice|aide-soignant(?:e)?|sapeur-pompier)`;

/** French. The order matters where two rules give one subject: the first that matches wins. */
export const FR: Rule[] = [
  rule("home city", String.raw`\b(?:j'habite|j’habite|nous habitons|on habite|je vis|nous vivons|on vit|n'habite plus|n’habite plus|n'habitons plus|n’habitons plus|ne vis plus|ne vivons plus|j'ai emménagé|j’ai emménagé|nous avons emménagé|on a emménagé|nous avons déménagé|on a déménagé|j'ai déménagé|j’ai déménagé|je déménage|nous déménageons|installé|installés|installée|installées|installer|déménager|emménager)\b(?: \p{L}+){0,2}? (?:à|a|au|en|sur) ${NAME}`),
  rule("home city", String.raw`\b(?:j'habite|j’habite|nous habitons|on habite|je vis|nous vivons|on vit|emménagé|emménageons|déménagé|déménagés|déménagée|déménagées|installé|installés|installée|installées)\b(?: \p{L}+){0,2}? dans (?:un|une|notre|mon|ma|l'|l’|le|la) ?(?:[\p{L}\p{N}-]+ ){0,3}?${DWELLING}\b[^.;]{0,30}? (?:à|a) ${NAME}`),
  rule("home city", String.raw`\b(?:déménagement|emménagement|installation) (?:à|a|au|en) ${NAME}`),
  rule("home city", String.raw`\b(?:je suis|nous sommes|on est) (?:à|a) ${NAME}(?= depuis (?:[\p{L}\p{N}]+ ){1,2}?(?:semaines?|mois|ans|années?)\b)`, { needs: "suis sommes est" }),
  rule("home city", String.raw`\bje travaille\b[^.;]{0,40}? (?:à|a) ${NAME}`),
  rule("housing", String.raw`\b(?:j'habite|j’habite|nous habitons|on habite|je vis|nous vivons|on vit|emménagé|emménageons|installé|installés|installée|installées)\b(?: \p{L}+){0,2}? dans (?:un|une|notre|mon|ma|l'|l’|le|la) ?(?:[\p{L}\p{N}-]+ ){0,3}?(?<v>${DWELLING})\b`),
  rule("housing", String.raw`\b(?:nous avons|on a|j'ai|j’ai) (?:acheté|loué) (?:une|un) (?<v>maison|appartement|appart|studio)\b`),
  rule("budget", String.raw`\bbudget\b[^.;?]{0,40}?(?<v>${MONEY})`),
  rule("budget", String.raw`\b(?:je|nous|on) (?:ne )?(?:veux|voulons|veut|peux|pouvons|peut|souhaite|souhaitons) (?:pas )?(?:dépasser|mettre plus de|dépenser plus de|payer plus de|aller au-delà de)\b[^.;?]{0,10}?(?<v>${MONEY})`),
  rule("budget", String.raw`\b(?:je peux|nous pouvons|on peut|j['’]ai pu|on a pu|nous avons pu) (?:monter|aller|mettre|dépenser|payer)\b[^.;?]{0,20}?(?<v>${AMOUNT})`),
  rule("budget", String.raw`^(?:environ|à peu près|jusqu'à|maximum|max)?\s*(?<v>${MONEY})`, { answers: /budget|dépenser|prix/i }),
  // A ceiling that opens a message, no question needed: "maximum 900 euros pour la robe".
  rule("budget", String.raw`^(?:maximum|max|au maximum|pas plus de) (?<v>${MONEY})`, { needs: "maximum max au pas" }),
  rule("diet", String.raw`\b(?:je suis|nous sommes|on est|je ne suis plus|nous ne sommes plus|je suis devenu|je suis devenue|devenu|devenue)\b(?: \p{L}+){0,2}? (?<v>végétarien\p{L}*|vegetarien\p{L}*|végan\p{L}*|vegan\p{L}*|végétalien\p{L}*|pescétarien\p{L}*|flexitarien\p{L}*)\b`),
  rule("diet", String.raw`\b(?:je ne mange|nous ne mangeons|on ne mange)\b plus (?:de |d'|d’)(?<v>viande|poisson|produits animaux)\b`),
  rule("diet", String.raw`\b(?:je ne mange|nous ne mangeons|on ne mange)\b (?:pas|jamais) de (?<v>viande)\b`),
  rule("diet", String.raw`\b(?:je mange|je remange|nous mangeons)\b(?: (?:à nouveau|de nouveau|maintenant|du|de la|le|la))* (?<v>viande|poisson)\b`),
  // An intolerance said as digesting badly: "je digère mal le lactose".
  rule("allergy", String.raw`\bje (?:digère|supporte|tolère) (?:mal|pas|plus) (?:le |la |les |l['’])?(?<v>lactose|gluten|fructose|lait|produits laitiers)\b`, { needs: "je" }),
  rule("allergy", String.raw`\b(?:je suis|nous sommes)\b(?: \p{L}+){0,2}? (?:allergique|intolérante?) (?:à|au|aux|a) (?:la |l'|l’)?(?<v>[\p{L}\s,-]{2,40}?)(?=[,.;]|$| et\b| mais\b| donc\b)`),
  rule("allergy", String.raw`\b(?:j'ai|j’ai) une (?<v>allergie (?:à|au|aux) [\p{L}-]+)`),
  rule("health condition", String.raw`\b(?:j'ai|j’ai|diagnostiqué|diagnostiquée|je souffre)\b[^.,;]{0,40}?\b(?<v>diabète|asthme|hypertension|maladie cœliaque|migraines?|arthrose|dépression|intolérance au lactose|épilepsie)\b`),
  rule("health condition", String.raw`\bje suis (?<v>diabétique|asthmatique|cœliaque|enceinte)\b`),
  rule("weight", String.raw`\b(?:je pèse|mon poids est|je suis à|je suis descendu à|je suis descendue à)\b[^.,;]{0,15}?(?<v>\d{2,3}(?:[.,]\d)?\s?(?:kg|kilos?))\b`),
  rule("age", String.raw`\b(?:j'ai|j’ai) (?<v>\d{1,2}) ans\b`),
  rule("job", String.raw`\bje suis (?:maintenant |désormais )?(?<v>à la retraite|retraitée?|au chômage|indépendante?|freelance|à mon compte)\b`),
  rule("job", String.raw`\b(?:j'ai|j’ai) perdu (?:mon|mon nouvel) (?:emploi|travail|poste|job|boulot)\b`),
  rule("job", String.raw`\b(?:je suis|j'ai été|j’ai été) (?:passée?|devenue?|promue?) (?:au poste de |comme )?(?!(?:à|a|au|en|par|chez|de|du|la|le|les|voir|te|me|pour|sur|dans|maman|papa|mère|père|parent|grand-mère|grand-père|tata|tonton|(?:complètement |totalement |100 ?% )?(?:vegan|végan\p{L}*|végétarien\p{L}*|végé|flexitarien\p{L}*|pescétarien\p{L}*|sans gluten|keto|cétogène))\b)(?<v>[^.,;!]{2,30}?)(?=[,.;!]|$| depuis\b| chez\b| à\b| dans\b| il y a\b| 🎉)`, { needs: "passé passée devenu devenue promu promue" }),
  rule("job", String.raw`\bje travaille comme (?<v>[^.,;]{2,40}?)(?=[,.;]|$| à\b| chez\b| dans\b)`),
  rule("job", String.raw`\bje suis (?:maintenant |désormais )?(?<v>${JOBS})\b`),
  rule("job", String.raw`\b(?:j'ai trouvé|j’ai trouvé|j'ai décroché|j’ai décroché|je commence)\b (?:un |une |mon |ma )?(?:nouveau |nouvel )?(?<v>(?:poste|emploi|travail|job) (?:de |d'|d’|comme )?[^.,;]{2,40}?)(?=[,.;]|$| dans\b| chez\b| à\b)`),
  rule("work schedule", String.raw`\b(?:travaille|travailler|bosse)\b[^.;]{0,20}? (?<v>de nuit|de jour|à mi-temps|à temps partiel|à temps plein|le week-end|de nuit|en horaires décalés)\b`),
  rule("work schedule", String.raw`\bje suis (?:encore |toujours )?(?<v>en congé (?:maternité|parental|paternité))\b`),
  // The days worked: "je bosse du mardi au dimanche".
  rule("work schedule", String.raw`\b(?:je|j['’]) (?:travaille|bosse|suis au (?:boulot|travail|taf)) (?:désormais |maintenant |toujours )?(?<v>du (?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) au (?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche))\b`, { needs: "travaille bosse suis" }),
  rule("work schedule", String.raw`\b(?<v>en télétravail|télétravail|mi-temps|temps partiel|temps plein)\b`),
  rule("running days per week", String.raw`\b(?:cours|courons|courir|je cours|footing|running)\b[^.;]{0,30}?\b${NUMBER} (?:fois|jours|sorties) par semaine\b`),
  rule("running days per week", String.raw`\b${NUMBER} (?:fois|jours|sorties) par semaine\b`, { topic: /\b(?:cours|courir|course|footing|running|marathon)\b/iu, needs: "fois jours sorties" }),
  rule("daily steps", String.raw`(?<v>\d[\d,.  ]*) pas (?:par jour|quotidiens|chaque jour)\b`, { needs: "pas" }),
  rule("training goal", String.raw`\b(?:je prépare|préparer|inscrit|inscrite|m'entraîne pour|mon objectif)\b[^.,;]{0,60}?\b(?<v>marathon|semi-marathon|semi|ultra|triathlon|trail|10 ?km|course)\b`),
  rule("partner", String.raw`\b(?:mon|ma) (?<v>mari|femme|épouse|époux|copain|copine|compagnon|compagne|partenaire|conjointe?|fiancée?|petit ami|petite amie)\b`),
  // A couple counted in years: "on est ensemble depuis 6 ans".
  rule("partner", String.raw`\b(?:on est|nous sommes) (?<v>ensemble|mariés) depuis\b`, { needs: "on nous" }),
  rule("partner", String.raw`\b(?:nous nous sommes|on s'est|on s’est|nous sommes|je suis) (?:\p{L}+ )?(?<v>mariée?s?|pacsée?s?|fiancée?s?|séparée?s?|divorcée?s?)\b`),
  rule("children", String.raw`\b(?:est né|est née|sont nés|vient de naître)\b`),
  rule("children", String.raw`\b(?:enceinte|attendons un bébé|attend un bébé|venons d'avoir|venons d’avoir)\b`),
  rule("children", String.raw`\b(?:j'ai|j’ai|nous avons|on a|mon|ma|mes|nos|notre)\s(?:\p{L}+\s)?(?<v>enfants?|fils|filles?|bébé|jumeaux|jumelles)\b`),
  rule("pet", String.raw`\b(?<v>${BREED}|${FR_PETS})\b[^.;]{0,20}? (?:vit|vivent|habite|est arrivée?|sont arrivés?) (?:chez|avec) (?:nous|moi)\b`, { needs: "vit vivent habite arrivé arrivée arrivés" }),
  rule("pet", String.raw`\b(?:adopté|avons|ai|acheté|recueilli|avoir)\b[^.;]{0,20}?\b(?<v>${BREED}|chien|chiot|chat|chaton|lapin|hamster|perroquet|cheval|cochon d'inde)\b`),
  rule("pet", String.raw`\b(?:mon|ma|notre) (?<v>${BREED}|chien|chiot|chat|chatte|chaton|lapin|hamster|perroquet|cheval)\b`),
  // The household's animal, doing something: "le chien a bouffé une des miennes" (not "le chien du voisin").
  rule("pet", String.raw`\b(?:le|la) (?<v>chien|chienne|chiot|chat|chatte|chaton) (?:a|m['’]a|nous a|est|dort|aboie|mange)\b`, { needs: "le la" }),
  // One's small child, starting school: "la petite rentre au CP en septembre".
  rule("children", String.raw`\b(?<v>la petite|le petit|les petits|la grande|le grand|les grands) (?:rentre|rentrent|entre|entrent|va|vont|commence|commencent) (?:au|à la|en|à l['’])\s?(?:cp|ce1|ce2|cm1|cm2|maternelle|crèche|école|collège|sixième|6e|lycée)\b`, { needs: "la le les" }),
  // Studying, said as where one is: "je suis en master d'économie".
  rule("job", String.raw`\bje suis en (?<v>(?:master|licence|doctorat|thèse|prépa|bts|dut|m1|m2|l1|l2|l3)\b[^.,;!?]{0,30}?)(?=[.,;!?]|$| (?:et|pour|mais|à|a)\b)`, { needs: "je" }),
  // A race aimed at by its name, in a conversation about running: "Maintenant je vise Marseille-Cassis en octobre".
  rule("training goal", String.raw`\bje vise (?:le |la |l['’])?(?<v>\p{L}[\p{L}'’-]+(?: \p{L}[\p{L}'’-]+)?)`, { topic: /\b(?:courir|course|km|marathon|semi|trail|footing|chrono)\b/iu, needs: "je" }),
  rule("travel date", String.raw`${TRAVEL}[^.;]{0,80}?\b(?:le |du |au |en |à partir du )?(?<v>${DATE}|${MONTH}(?! \d)|${HOLIDAY})`),
  rule("travel date", String.raw`\b(?:le |du )?(?<v>${DATE})\b[^.;]{0,40}?${TRAVEL}`, { needs: TRAVEL_WORDS }),
  rule("travel origin", String.raw`\b(?:au départ de|depuis|en partant de|décollons de|partons de|pars de|(?:j['’]|nous |on )(?:embarque|embarquons|décolle|décollons) (?:à|de|depuis))\s${NAME}`),
  rule("travel destination", String.raw`\b(?:pars|partons|partir|on part|voyage|vacances|allons|vais|séjour|vol|escapade|week-end|excursion|lune de miel)\b[^.;]{0,30}? (?:au|aux|en|à|a|pour) ${NAME}`),
  rule("car", String.raw`\b(?:conduis|acheté|vendu|ai|avons|loué)\b[^.;]{0,30}?\b(?<v>toyota|honda|ford|volkswagen|vw|bmw|audi|mercedes|tesla|renault|peugeot|citroën|fiat|seat|skoda|kia|hyundai|nissan|dacia|voiture|monospace|moto|espace|clio|zoé)\b`),
  rule("phone", String.raw`\b(?:j'ai|j’ai|acheté|mon|utilise)\b(?!(?: \p{L}+)? (?:ancien|vieux)\b)[^.;]{0,20}?\b(?<v>${PHONE_MAKE}(?: [\p{L}\p{N}]+){0,2})`),
  rule("laptop", String.raw`\b(?:j'ai|j’ai|acheté|mon|utilise)\b[^.;]{0,30}?\b(?<v>(?:ordinateur portable|ordinateur|portable|pc portable|macbook|thinkpad|dell xps|xps|surface|chromebook)(?: [\p{L}\p{N}]+){0,3})`),
  rule("operating system", String.raw`\b(?:j'utilise|j’utilise|sous|tourne sous|je suis sous)\b[^.;]{0,10}?\b(?<v>linux|ubuntu|windows|macos|fedora|debian)\b`),
  rule("programming language", String.raw`\b(?:je code|je programme|je développe|j'écris|je travaille)\b[^.;]{0,30}?\b(?:en|avec) (?<v>python|java|kotlin|typescript|javascript|go|rust|c#|c\+\+|ruby|php|swift|scala)\b`),
  rule("shoe size", String.raw`\b(?:je chausse|je fais du|pointure)\b(?: du| de)? (?<v>\d{2}(?:[.,]5)?)\b(?![^.;]{0,40}\b(?:robes?|jupes?|pantalons?|jeans?|vestes?|en haut)\b)(?<!\b(?:robes?|jupes?|pantalons?|jeans?|vestes?)\b[^.;]{1,40})`),
  rule("clothing size", String.raw`\b(?:je porte|je fais|taille)\b(?: du| un| une| en)? (?<v>xs|s|m|l|xl|xxl)\b`),
  rule("language learning", String.raw`\b(?:j'apprends|j’apprends|nous apprenons|j'étudie|j’étudie)\b (?:l'|l’|le |la )?(?<v>anglais|espagnol|allemand|italien|portugais|japonais|chinois|coréen|arabe|néerlandais|russe|polonais)\b`),
  rule("name", String.raw`\b(?:je m'appelle|je m’appelle|mon nom est|mon prénom est) ${NAME}`),
  rule("name", String.raw`\bmoi c['’]est ${NAME}`, { needs: "moi" }),
  // The same in lowercase: "salut, moi c'est théo."
  rule("name", String.raw`\bmoi c['’]est (?!(?:pareil|pareille|bon|non|oui|pas|la|le|les|l|un|une|tout|rien|mieux|pire|clair|sûr|compliqué|différent|simple|comme|plutôt|surtout|juste|aussi|ça|ca)\b)(?<v>\p{L}{3,15})(?=[.,!]|$)`, { needs: "moi" }),
  rule("job", String.raw`\bje (?:tiens|gère|dirige) (?:une|un|mon|ma) (?<v>(?:petite? )?(?:boulangerie|pâtisserie|boucherie|restaurant|café|bar|boutique|magasin|librairie|épicerie|salon|cabinet|agence|entreprise|société|ferme|gîte|hôtel|crêperie|fromagerie)\b[^.,;!?]{0,30}?)(?=[.,;!?]|$| depuis\b| et\b| à\b)`, { needs: "tiens gère dirige" }),
  // A trip's destination after a colon: "je prépare mon premier grand voyage : le Japon, deux semaines en avril".
  rule("travel destination", String.raw`\b(?:voyage|vacances|séjour|trip)\b[^.;]{0,40}?\s?: (?:le |la |les |l['’])?${NAME}`, { needs: "voyage vacances séjour trip" }),
  rule("name", String.raw`\bc['’]est (?<name>\p{L}[\p{L}'’-]+) au fait\b`, { needs: "fait" }),
  rule("favorite {kind}", String.raw`\b(?:mon|ma|mes|notre) (?<kind>plat|film|livre|auteur|auteure|musique|groupe|chanson|chanteur|chanteuse|sport|équipe|equipe|boisson|série|serie|jeu|animal|saison|ville|restaurant|couleur|dessert|fruit|fleur|cuisine) (?:préféré|préférée|préférés|préférées|prefere|preferee|favori|favorite|fétiche),? (?:c['’]est|est|sont|reste) (?:toujours |maintenant |clairement )?(?<v>[^.,;!?]{2,60}?)(?=[.,;!?]|$| (?:mais|et|parce)\b)`, { kinds: FRENCH_KINDS }),
  rule("contact preference", String.raw`\b(?:je préfère|je prefere|plutôt|plutot|de préférence|de preference)(?: être contacté\p{L}*| etre contacte\p{L}*| qu['’]on me contacte| qu['’]on m['’]écrive)? (?:par|via|sur) (?<v>e-?mail|mail|courriel|téléphone|telephone|sms|texto|whatsapp|signal|telegram)\b`, { needs: "je plutôt plutot de" }),
  rule("contact preference", String.raw`\bcontacte[rz]?[- ]moi (?:plutôt |plutot )?(?:par|via|sur) (?<v>e-?mail|mail|téléphone|telephone|sms|whatsapp)\b`),
  rule("answer style", String.raw`\bje (?:préfère|prefere|voudrais|veux|aime|aimerais) (?:plutôt |plutot )?(?:des |les )?(?<v>réponses (?:courtes|brèves|breves|concises|détaillées|detaillees|simples|techniques)|explications (?:courtes|simples|détaillées|detaillees))\b`, { needs: "réponses explications" }),
  rule("seat preference", String.raw`\b(?:je (?:préfère|prefere|prends|réserve|reserve|veux|voudrais)|j['’]aime) (?:toujours |plutôt |plutot )?(?:une |la )?(?:place |siège |siege )?(?:côté|cote) (?<v>hublot|couloir|fenêtre|fenetre)\b`, { needs: "hublot couloir fenêtre fenetre" }),
  rule("languages spoken", String.raw`\bje parle (?:couramment |bien |un peu |aussi )?(?:l['’])?(?<v>${FR_SPOKEN}(?:(?:, | et )(?:couramment |un peu )?(?:l['’])?${FR_SPOKEN}){0,3})\b`),
  rule("languages spoken", String.raw`\bma langue maternelle (?:est|c['’]est) (?:l['’])?(?<v>${FR_SPOKEN})\b`),
  rule("education", String.raw`\bj['’](?:étudie|etudie|ai étudié|ai etudie) (?:maintenant |actuellement )?(?:la |le |l['’]|les )?(?<v>médecine|medecine|droit|informatique|ingénierie|biologie|chimie|physique|économie|economie|gestion|histoire|psychologie|psycho|soins infirmiers|architecture|maths|mathématiques|mathematiques|philosophie|philo|lettres|langues|sociologie|sciences po|journalisme|pharmacie|kiné|kinésithérapie|design|commerce|finance|marketing|musique|arts plastiques|géographie|geographie)\b`),
  rule("education", String.raw`\bje (?:suis|fais|prépare|prepare|commence|termine) (?:en |une |un |ma |mon )(?<v>(?:licence|master|doctorat|thèse|these|prépa|prepa|bts|dut|bac|école d['’]ingé\p{L}*)\b[^.,;!?]{0,40}?)(?=[.,;!?]|$)`, { needs: "licence master doctorat thèse these prépa prepa bts dut bac école" }),
  rule("birthday", String.raw`\bmon anniversaire (?:est|c['’]est|tombe) (?:le )?(?<v>${DATE})`),
  rule("birthday", String.raw`\bje suis née? le (?<v>${DATE}(?: \d{4})?)`),
  rule("height", String.raw`\bje mesure (?:environ |à peu près )?(?<v>1 ?m ?\d{2}|1[.,]\d{2} ?m|\d{3} ?cm)\b`, { needs: "mesure" }),
  rule("smoking", String.raw`\bje (?<v>fume|vapote|ne fume plus|ne fume pas|suis fumeu\p{L}+|suis non-fumeu\p{L}+|suis ex-fumeu\p{L}+)\b`, { needs: "fume vapote fumeur fumeuse non-fumeur non-fumeuse ex-fumeur ex-fumeuse" }),
  rule("smoking", String.raw`\bj['’]ai (?<v>arrêté de fumer|arrete de fumer|repris la cigarette|arrêté la cigarette|arrete la cigarette)\b`),
  rule("income", String.raw`\bje gagne (?:maintenant |environ |à peu près |autour de )*(?<v>${AMOUNT})`),
  rule("income", String.raw`\bmon (?:salaire|revenu) (?:est|c['’]est|fait) (?:maintenant )?(?:de )?(?:environ |à peu près )?(?<v>${AMOUNT})`),
  rule("origin", String.raw`\bje (?:viens|suis originaire|suis) (?:à l['’]origine |de base )?(?:de|d['’]|du) ${NAME}`, { needs: "je" }),
  rule("origin", String.raw`\bj['’]ai grandi (?:à|a|en|au) ${NAME}`),
  rule("nationality", String.raw`\bje suis (?<v>français|française|francaise|belge|suisse|canadien(?:ne)?|québécois(?:e)?|allemand(?:e)?|italien(?:ne)?|espagnol(?:e)?|portugais(?:e)?|marocain(?:e)?|algérien(?:ne)?|tunisien(?:ne)?|sénégalais(?:e)?|anglais(?:e)?|américain(?:e)?)\b(?! (?:de cœur))`, { needs: "je" }),
  rule("food dislikes", String.raw`\bje (?:n['’]aime|ne supporte|ne digère) (?:pas|plus|jamais) (?:le |la |les |l['’]|du |de la |des )?(?<v>épicé|piquant|coriandre|champignons|olives|oignons|ail|fruits de mer|poisson|fromage|tofu|café|alcool|sucré)\b`, { needs: "je" }),
  rule("food likes", String.raw`\bj['’](?:adore|aime) (?:la |le |les |l['’])?(?<v>cuisine (?:italienne|indienne|thaïe|thai|chinoise|japonaise|mexicaine|épicée|grecque|coréenne)|sushi|sushis|pâtes|pizza|curry|chocolat|café|thé|fromage)\b`),
];
