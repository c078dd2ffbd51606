import { signal, type Person, type Signal } from "../signal.ts";
import { AMOUNT, BABY_AGE, KIDS_AGES, BREED, CAR_MODEL, LAPTOP_MAKE, RACE_K, DWELLING, MONEY, PET_EMOJI, LETTER_SIZE, PHONE_MAKE, compile } from "../rule.ts";

/** A name of one or two words; the second is no preposition, which may start the place after it ("a demenage a Nantes"). */
const PLACE = String.raw`(?<name>\p{L}[\p{L}'’-]*(?: (?!(?:à|a|en|de|du|des|au|aux|pour|avec|et|dans)\b)\p{L}[\p{L}'’-]*)?)`;
export const MONTH = String.raw`(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|janv|févr|avr|juil|sept|oct|nov|déc)\b`;
const DATE = String.raw`\b(?:\d{1,2}(?:er)? ${MONTH}|\d{1,2}/\d{1,2}\b|(?:en|début|fin|mi-) ${MONTH})`;
const TRAVEL = String.raw`\b(?:hôtels?|vol|vols|vole|volons|avion|voyage\p{L}*|vacances|séjour|billets?|décoll\p{L}*|partons|pars|part|partir\p{L}*|départ|retour|rentrons|train|week-end|escapade|lune de miel|visite\p{L}*|réservé|réservation|(?:allons|vais)(?! \p{L}+(?:er|ir|re)\b))\b`;
export const CHANGE = String.raw`\b(?:plutôt|finalement|maintenant|désormais|changé|change|décalé|reporté|avancé|repoussé|nouveau plan|décidé|au lieu|à la place|plus)\b`;
/** A thread about a trip: a change word alone ("finalement", "au lieu") says a date or place of it only there. */
const TRIP = /\b(?:voyage\p{L}*|vacances|vols?|volons|avion|hôtel|séjour|escapade|lune de miel|week-end|partir|partons|pars)\b/iu;
const ANIMAL = String.raw`(?:${BREED}|chiens?|chienne|chiots?|chats?|chatte|chatons?|lapins?|hamsters?|perroquets?|perruches?|chevaux|cheval|poney|cochons? d'inde|tortues?|furets?|poules)`;
const JOBS = String.raw`(?:infirmi\p{L}+|contrôleu\p{L}+|chargée? de \p{L}+|ingénieu\p{L}+|développeu\p{L}+|enseignant\p{L}*|professeu\p{L}+|prof|institut\p{L}+|médecin|avocat\p{L}*|comptable|cheffe?|consultant\p{L}*|traduct\p{L}+|étudiant\p{L}*|cuisini\p{L}+|architecte|pharmacien\p{L}*|électricien\p{L}*|plombier|chauffeur|graphiste|vendeu\p{L}+|caissi\p{L}+|serveu\p{L}+|journaliste|photographe|analyste|designer|manager|directeur|directrice|responsable|aide-soignant\p{L}*|sage-femme|kiné\p{L}*|vétérinaire|secrétaire|assistant\p{L}*|fonctionnaire|policier|policière|pompier|agricult\p{L}+|boulang\p{L}+|coiffeu\p{L}+|mécanicien\p{L}*|éducat\p{L}+|juriste|banqui\p{L}+|commercial\p{L}*|pilote|copilote|livreu\p{L}+|coursi\p{L}+|doctorant\p{L}*|thésard\p{L}*)`;
/** Looking for one is not having one: "I'm looking for a new laptop". */
const SEEKING = String.raw`\b(?:cherche\p{L}*|besoin|veux|voudrais|conseill\p{L}*)\b`;
const SPOKEN = String.raw`(?:anglais|espagnol|allemand|français|italien|portugais|japonais|chinois|mandarin|coréen|arabe|néerlandais|russe|polonais|suédois|grec|turc|catalan|breton)`;

export const FR_PERSON: Person = {
  self: compile(String.raw`\b(?:je|j|moi|nous|on|me|m|(?:prochain|nouvel|nouveau) objectif|(?:le|la|mon|ma) (?:médecin|docteur|généraliste|kiné|kinésithérapeute|allergologue|\p{L}{2,12}logue|dentiste) (?:dit|pense|a dit|confirme|a confirmé|a trouvé))\b`, "iu"),
  // "Le petit dernier", "les enfants": the family's children, named without "our".
  // A clause that starts with the speaker's state, its "je" left out: "installée dans la coloc depuis 2 semaines !".
  subjectless: compile(String.raw`^\s*(?:(?:enfin|déjà|bien|maintenant|désormais|officiellement)\s+)?(?:installée?s?|arrivée?s?|emménagée?s?|déménagée?s?|enceinte|végétarienne?|végane?|retraitée?|mariée?s?|pacsée?s?|divorcée?s?|embauchée?|licenciée?|promue?)\b`, "iu"),
  own: compile(String.raw`\b(?:mon|ma|mes|notre|nos)\b|^\s*(?:le petit dernier|la petite dernière|les enfants|les petits|les jumeaux|les jumelles)\b`, "iu"),
  other: compile(
    String.raw`^\s*(?:(?:finalement|du coup|donc|alors|et|mais|bref|en fait|au fait|sinon)\s+)?(?:(?:mon|ma|mes|notre|nos|son|sa|ses|leur) (?:\p{L}+ )?(?:sœur|soeur|frère|mère|maman|père|papa|parents|ami\p{L}*|pote|coloc\p{L}*|copain|copine|collègue\p{L}*|patron\p{L}*|chef|voisin\p{L}*|cousin\p{L}*|nièce|neveu|tante|oncle|grand\p{L}*|propriétaire|médecin(?! (?:m['’]|a dit|a confirmé|dit|pense|trouve))|frangin\p{L}*|tuteur|tutrice|formateur|formatrice|manager)|il|elle|ils|elles|lui)\b`,
    "iu",
  ),
  household: compile(String.raw`^\s*(?:mon|ma|mes|notre|nos|son|sa|ses|leur) (?:\p{L}+ )?(?:mari|femme|conjoint\p{L}*|compagn\p{L}*|fils|fille|enfants?|bébé|chien|chat|fiancé\p{L}*|époux|épouse|copain|copine)\b`, "iu"),
  together: compile(String.raw`^\s*(?:\p{L}+ ){1,3}et moi\b`, "iu"),
  ending: compile(String.raw`\b(?:mort|morte|morts|mortes|décédé\p{L}*|euthanasié\p{L}*|piqué\p{L}*|vendu\p{L}*|donné\p{L}*|séparé\p{L}*|rompu)\b|\bnous a quitté\p{L}*|\ba dû être (?:piqué|euthanasié)`, "iu"),
  wish: compile(String.raw`\b(?:veux|veut|veulent|voulons|voulez|voulai\p{L}*|souhait\p{L}*|cherch\p{L}*|rêv\p{L}*|réclam\p{L}*|demand\p{L}*)\b`, "iu"),
  condition: compile(String.raw`^\s*(?:si|quand|lorsque|dès que|peut-être)\b|\b(?:pourrai\p{L}*|voudrai\p{L}*|devrai\p{L}*|envisage\p{L}*|réfléchi\p{L}*)\b`, "iu"),
};

/** French signals: the words any phrasing of a subject uses. */
const HOME = String.raw`(?:${DWELLING}|[tf][1-6])`;

/** Pastimes by their own words ("je joue de la guitare", "ma passion c'est la photo"); course, vélo et salle de sport sont des sujets d'entraînement. */
const PASTIME = String.raw`(?:loisirs?|hobby|passion|photo|photographie|peinture|dessin|tricot|crochet|couture|poterie|céramique|jardinage|randonnée|randonnee|rando|escalade|bloc|yoga|pilates|échecs|echecs|jeux vidéo|jeux video|jeux de société|guitare|piano|violon|violoncelle|batterie|ukulélé|saxophone|flûte|chant|chorale|danse|salsa|tango|surf|ski|snowboard|voile|kayak|aviron|pêche|peche|pâtisserie|patisserie|tennis|foot|football|basket|volley|handball|golf|badminton|ping-pong|arts martiaux|karaté|karate|judo|boxe|escrime|équitation|equitation|camping|plongée|plongee)`;

export const FR: Signal[] = [
  signal("hobby", String.raw`\b${PASTIME}\b`, { with: String.raw`\b(?:joue|jouons|jouer|fais|faisons|faire|pratique|pratiquons|adore|adorons|passion|loisirs?|hobby|mis à|mise à|remis à|inscrit\p{L}*|fan de|accro)\b`, unless: SEEKING + "|" + String.raw`\b(?:regarde|regarder|billets?|places? pour)\b` }),
  signal("pet", String.raw`\b${ANIMAL}\b|${PET_EMOJI}`, { owned: true, unless: String.raw`\b(?:allergique|peur|voisin\p{L}*)\b|parc à chiens|croquettes` }),
  // A pet said by its litter or its shelter: "la litière de Pistache", "Lola, que la adopté de la protectora".
  signal("pet", String.raw`\b(?:litière|adopté\p{L}* (?:\p{L}+ ){0,3}(?:à la spa|au refuge))\b`, { owned: true }),
  signal("partner", String.raw`\b(?:(?:mon|ma) (?:mari|femme|copain|copine|ami|amie)|époux|épouse|conjoint\p{L}*|compagnon|compagne|partenaire|fiancé\p{L}*|marié\p{L}*|mariage|pacsé\p{L}*|pacs|divorc[ée]\p{L}*|divorce|s[ée]par[ée]\p{L}*|rupture|rompu|en couple|ensemble depuis|mis ensemble|c[ée]libataire|(?:nouveau|nouvelle|petit|petite) (?:copain|copine)|remis\p{L}* ensemble|petit ami|petite amie|ex-mari|ex-femme|veu[fv]\p{L}*)\b`, { owned: true }),
  // Someone named with the user, sealing a life together, is a partner: "Léa et moi avons signé le bail".
  signal("partner", String.raw`(?<=\b(?<name>(?!(?:maman|papa|mère|père|sœur|soeur|frère|mamie|papi|tante|oncle)\b)\p{L}+) )et moi\b`, { with: String.raw`\b(?:mariage|marier|mariés|fiancés|pacs|pacsés|bail|signé|prêt|crédit|emménag\p{L}*|notre (?:appart\p{L}*|maison))\b` }),
  signal("children", String.raw`\b(?:allaite\p{L}*|(?:le|notre) petit dernier|(?:la|notre) petite dernière|fils|fille|filles|enfants?|bébé|bambin|jumeaux|jumelles|enceinte|grossesse|né|née|nee|naissance|beau-fils|belle-fille|ado)\b`, { owned: true, unless: String.raw`\b(?:quand j'étais|depuis l'enfance|étant enfant|je suis née?|comme un bébé)\b` }),
  signal("job", String.raw`\b(?:promu\p{L}*|promotion|embauch[ée]\p{L}*(?! (?:à|a) \d)|licenci[ée]\p{L}*|licenciement|d[ée]missionn[ée]|d[ée]mission|retraite|retrait[ée]\p{L}*|ch[ôo]mage|en (?:cdi|cdd|alternance|stage|intérim|interim)|indépendant\p{L}*|freelance|auto-entrepreneu\p{L}*|(?:nouveau|nouvelle|décroché|commencé|commence|démarré|démarre|signé|accepté|trouvé|perdu|quitté|fini|terminé|changé de)\b[^.;]{0,25}\b(?:travail|boulot|emploi|poste|job|métier|employeur|stage|alternance|cdi|cdd|contrat|apprentissage|intérim)|(?:travaille|bosse) (?:désormais |maintenant )?(?:chez|pour) \p{L}+|reconversion|(?:suis|devenue?|passée?|comme|en tant que) (?:une? )?(?:\p{L}+ )?${JOBS})\b`),
  signal("work schedule", String.raw`\b(?:embauche\p{L}* (?:à|a) \d{1,2} ?h|horaires?|équipe de nuit|de nuit|postes? de (?:nuit|jour)|gardes|de garde|gardes? de (?:nuit|jour|week-end|\d{2} ?h)|astreinte|(?:fais|fait|faire) (?:des|les) nuits|(?:travaille|bosse|passe|suis|reste)\b[^.;]{0,15}\b(?:de jour|en journée)|(?:passée?|suis|travaille|bosse) (?:à|a) \d{2}(?= ?%)|en \d{1,2} ?h|t[ée]l[ée]travail|à distance|(?:de|depuis) chez moi|en distanciel|hybride|au bureau|temps partiel|mi-temps|temps plein|plein temps|semaine de quatre jours|\d{1,2} heures par semaine|le week-end|les week-ends)\b`, { unless: String.raw`\b${PASTIME}\b` }),
  signal("diet", String.raw`\b(?:végétarien\p{L}*|végé|végan\p{L}*|végétalien\p{L}*|pescétarien\p{L}*|flexitarien\p{L}*|keto|cétogène|paléo|halal|casher|sans gluten|sans sucre|je[ûu]ne intermittent|low[- ]?carb|pauvre en glucides|(?:mange|manger|mangeons|plus de|arrêté|remange|supprimé)\b[^.;]{0,20}\b(?:viande|poisson|produits laitiers|porc|produits animaux))\b(?! (?:restaurant|recettes?|plats?))`),
  signal("allergy", String.raw`\b(?:epi-?pen|stylo d['’]adrénaline|allergi\p{L}*|intoléran\p{L}*|anaphyla\p{L}*|rhume des foins)\b`),
  // A deficiency or anaemia found: "mon médecin m'a trouvé une carence en fer".
  signal("health condition", String.raw`\b(?:carence en \p{L}+|anémie|anémique)\b`),
  signal("health condition", String.raw`\b(?:j['’]ai mal (?:au|aux|à la|à l['’]|partout)|maladie de crohn|crohn|rch|stent|tendinite|périostite|fasciite|sinusite|bronchite|entorse|inhalateur|ventoline|metformine|insuline|lévothyrox|levothyrox|rémission|arrêt maladie|glycémie|diabète|diabétique|prédiabète|asthme|asthmatique|hypertension|tension|cholestérol|thyroïde|cœliaque|coeliaque|migraines?|arthrose|arthrite|dépression|anxiété|épilepsie|tdah|covid long|insomnie\p{L}*|apnée du sommeil|mal de dos|lombalgie|genou|blessé\p{L}*|blessure|entorse|tendinite|fracture|cassé|opéré\p{L}*|opération|diagnostiqué\p{L}*|diagnostic|eczéma|psoriasis|sciatique|burn-?out)\b`),
  signal("weight", String.raw`\b\d{2,3}(?:[.,]\d)? ?(?:kg|kilos?)\b`, { unless: String.raw`\b(?:perdre|maigrir|objectif|but|valise|bagages?|sac|soulever|haltères?|développé|squat|veux|voudrais)\b` }),
  signal("age", String.raw`\b\d{1,2} ans\b|\bfêt\p{L}* (?:mes|ses) \d{1,2}\b|\b\d{1,2}e anniversaire\b|\bnée? en (?:19[3-9]\d|200\d)\b`, { unless: String.raw`\(\s*\d{1,2}\b|\b(?:fils|fille|enfants?|bébé|chien|chat|il|elle|depuis|il y a|ça fait|ca fait|voiture|vélo|appartement|maison|pendant)\b|\b\d{1,2} ans (?:de (?:mariage|vie commune|relation|couple|pacs)|ensemble)\b` }),
  signal("budget", MONEY, { with: String.raw`\b(?:budget|dépenser|payer|mettre|permettre|max|maximum|jusqu'à|jusqu’à|moins de|pas plus de|limite|plafond|par mois|mensuel\p{L}*|par semaine|pour les courses|par nuit|la nuit|par personne|au total|économisé|économies|de côté|environ|à peu près|autour de)\b`, unless: String.raw`\b(?:gagne|salaire|revenu)\b` }),
  signal("budget", String.raw`\bbudget\b`, { plan: true, with: AMOUNT }),
  // A limit on what the user spends needs no currency: "on peut dépenser 5k max".
  signal("budget", String.raw`\b(?:maximum|max|jusqu'à|jusqu’à|pas plus de|au plus|moins de) ${AMOUNT}|${AMOUNT} ?(?:maximum|max)\b`, { with: String.raw`\b(?:dépenser|payer|mettre|investir)\b` }),
  // A reply that is only a limit: "Max 200 €", "Pas plus de 300 euros."
  signal("budget", String.raw`^\s*(?:max\.?|maximum|pas plus de|jusqu'à|jusqu’à|moins de|environ|autour de) ${MONEY}\s*(?:max\.?|maximum)?[.!]*\s*$`, { plan: true }),
  // An age to come: "j'aurai 40 ans en novembre".
  signal("age", String.raw`\bj['’]aurai (?:\p{L}+ )?\d{1,2} ans\b`),
  // What the scale says, said without a person: "la balance affiche 80,5".
  signal("weight", String.raw`\bbalance (?:\p{L}+ ){0,3}\d{2,3}(?:[.,]\d)?\b(?![.,]?\d| ?(?:%|€|euros?|km|jours|fois|minutes))`, { plan: true }),
  signal("daily steps", String.raw`\b\d[\d\s,.]{0,8} pas\b`, { with: String.raw`\b(?:jour|quotidien\p{L}*|journée)\b` }),
  signal("running days per week", String.raw`\b(?:\d|une|deux|trois|quatre|cinq|six|sept)(?: (?:jours|fois|sorties|séances))? (?:par|chaque|la) semaine\b|\b(?:deuxième|troisième|quatrième|cinquième|sixième) (?:sortie|séance|jour)\b`, { topic: /\b(?:cour[st]?|courir|course|footing|jogging|marathon|semi-marathon)\b/iu, unless: String.raw`\b(?:travaill\p{L}*|bureau|gym|salle|natation|yoga|cours)\b` }),
  signal("training goal", String.raw`\b(?:marathon|semi-marathon|semi|ultra\p{L}*|triathlon|ironman|trail|\d{1,2} ?km|${RACE_K}|course|compétition|10 bornes|cyclosportive|sportive|gran fondo|étape du tour)\b`, { unless: String.raw`\b(?:courses|faire les courses|regarder|encourager|dépenser|budget|payer|coûte|salaire|économiser|euros)\b|\b(?:pendant|lors) (?:le|la|du|de la|mon|ma)\b` }),
  signal("car", String.raw`\b(?:${CAR_MODEL}|toyota|honda|ford|vw|volkswagen|golf|polo|bmw|audi|mercedes|tesla|renault|clio|zoé|zoe|peugeot|citroën|fiat|seat|skoda|kia|hyundai|nissan|mazda|volvo|opel|dacia|sandero|voiture|bagnole|suv|break|électrique|hybride|moto|scooter)\b`, { owned: true, unless: SEEKING + "|" + String.raw`\b(?:location|louer une|taxi|en voiture|covoiturage)\b` }),
  signal("phone", String.raw`\b(?:${PHONE_MAKE}|android|smartphone|portable|téléphone)\b`, { owned: true, unless: SEEKING + "|" + String.raw`\b(?:(?:son|sa|ses|leur) (?:\p{L}+ )?(?:téléphone|portable|smartphone|iphone)|au téléphone|par téléphone|ordinateur portable|pc portable|vs ?code|clavier|processeur|ssd)\b` }),
  signal("laptop", String.raw`\b(?:${LAPTOP_MAKE}|ordinateur portable|pc portable|ordi|ordinateur|laptop|macbook|thinkpad|xps|surface|chromebook|imac|framework (?:13|16)|zenbook|vivobook|ideapad|latitude)\b`, { owned: true, unless: SEEKING + String.raw`|\bbudget\b` }),
  signal("operating system", String.raw`\b(?:linux|ubuntu|windows|macos|fedora|debian|chromeos)\b`),
  signal("programming language", String.raw`\b(?:python|java|kotlin|typescript|javascript|golang|rust|c#|c\+\+|ruby|php|swift|scala|elixir|haskell|dart)\b`),
  signal("language learning", String.raw`\b${SPOKEN}\b`, { with: String.raw`\b(?:appren\p{L}*|étudi\p{L}*|cours|leçons?|duolingo|pratique\p{L}*|a1|a2|b1|b2|c1|examen|couramment|commencé|passée? à|mise? au|mise à|niveau|inscrit\p{L}*|laissé tomber|arrêté|abandonné|concentre|reprends|repris|parle)\b` }),
  signal("shoe size", String.raw`\b(?:chaussures?|baskets|bottes|pointure|chausse|pieds?)\b`, { owned: true, with: String.raw`\b(?:du|taille|pointure|en) ?\d{1,2}(?:[.,]5)?\b|\b\d{2}(?:[.,]5)?\b|\bdemi-pointure\b` }),
  signal("clothing size", String.raw`\b(?:xxs|xs|xl|xxl|xxxl|taille (?:s|m|l|\d{2}))\b`, { owned: true, with: String.raw`\b(?:vestes?|chemises?|t-shirts?|robes?|jeans?|pantalons?|manteaux?|manteau|pulls?|sweats?|hauts?|vêtements|taille|xxs|xs|xl|xxl)\b` }),
  signal("housing", String.raw`\b(?:${DWELLING}|[tf][1-6]|résidence (?:étudiante|universitaire)|cité (?:u|universitaire)|chambre de bonne|colocation|coloc|chez mes parents|propriétaires?|locataires?|loyer|prêt immobilier|crédit immobilier)\b`, { owned: true, with: String.raw`\b(?:lou\p{L}*|signé|acheté|achet\p{L}*|propriétaire\p{L}*|locataire\p{L}*|d[ée]m[ée]nag\p{L}*|emm[ée]nag\p{L}*|habit\p{L}*|vi[vs]\p{L}*|vit|vendu|partag\p{L}*|loyer|prêt|crédit|quitt\p{L}*|install[ée]\p{L}*|maintenant|désormais|en coloc\p{L}*|log[ée]\p{L}*)\b` }),
  signal("home city", String.raw`\b(?:à|a|en|près de|vers|dans|pour) ${PLACE}`, { with: String.raw`\b(?:habit\p{L}*|quitté|vi[vs]\p{L}*|vit|install[ée]\p{L}*|installer|d[ée]m[ée]nag\p{L}*|emm[ée]nag\p{L}*|chez nous|domicile|nouvel appart\p{L}*|nouvelle maison)\b`, unless: TRAVEL }),
  // A home bought, rented or signed for in a place: "wir haben ein Reihenhaus in Pinneberg gekauft".
  signal("home city", String.raw`\b(?:à|a|en|près de|vers|dans|pour) (?:la |le |l['’])?${PLACE}`, { with: String.raw`\b(?:acheté|acheter|signé|lou[eé]\p{L}*|emm[ée]nag\p{L}*|propriétaires?|locataires?)\b[^.;]{0,40}\b${HOME}\b|\b${HOME}\b[^.;]{0,40}\b(?:acheté|acheter|signé|lou[eé]\p{L}*|emm[ée]nag\p{L}*)\b`, unless: TRAVEL }),
  // A move to the place just named: "un stage à Toulouse, du coup on d[ée]m[ée]nage là-bas".
  // Where the user works as what they are is where they live: "Je suis infirmière de nuit à Bordeaux".
  signal("home city", String.raw`\b(?:à|a|près de) ${PLACE}`, { with: String.raw`\b(?:suis|travaille comme|bosse comme) (?:\p{L}+ ){0,2}${JOBS}`, unless: TRAVEL }),
  signal("home city", String.raw`\b(?:d[ée]m[ée]nag\p{L}*|emm[ée]nag\p{L}*|installe\p{L}*) là-bas\b|\bon y (?:d[ée]m[ée]nage|emm[ée]nage|habite|vit)\b`),
  signal("name", String.raw`\b(?:je m'appelle|je m’appelle|mon nom est|mon prénom est|appelez-moi)\b(?: \p{L}+)? ${PLACE}`),
  signal("travel date", DATE, { plan: true, with: TRAVEL, unless: String.raw`\bj['’]aurai (?:\p{L}+ )?\d{1,2} ans\b|\banniversaire\b|\b(?:bébé|naissance|accouchement|terme|ferm\p{L}*|ouvert\p{L}*)\b` }),
  signal("travel date", DATE, { plan: true, with: CHANGE, topic: TRIP, unless: String.raw`\bj['’]aurai (?:\p{L}+ )?\d{1,2} ans\b|\banniversaire\b` }),
  signal("travel origin", String.raw`\b(?:de|d'|d’|depuis|au départ de) ${PLACE}`, { plan: true, with: TRAVEL }),
  signal("travel destination", String.raw`(?<!jusqu['’])\b(?:à|a|en|au|aux|pour|vers|visiter|direction|ce sera|c'est|c’est) (?:plutôt |finalement |donc )?(?:(?:la|le|les) |l['’])?${PLACE}`, {
    plan: true,
    with: `${TRAVEL}|${CHANGE}`,
    unless: String.raw`\b(?:habit\p{L}*|vivons|vis|d[ée]m[ée]nag\p{L}*|emm[ée]nag\p{L}*|install[ée]\p{L}*)\b`,
    topic: TRIP,
  }),
  // Going to the place just named: "ma sœur d[ée]m[ée]nage à Québec, donc je vais plutôt là-bas".
  signal("travel destination", String.raw`\b(?:vais|allons|pars|partons|irai|irons|vole|volons)\b[^.;]{0,20}\blà-bas\b`, { plan: true, topic: TRIP }),
  // A route, from one place to another: "a great deal Brussels–Seoul", "Flug Hamburg → Lissabon".
  signal("travel destination", String.raw`(?<=\p{L} ?)(?:–|—|→|->) ?(?<name>\p{L}[\p{L}'’-]+)`, { plan: true, with: `${TRAVEL}|\\b(?:deals?)\\b` }),
  // A pet named alone in its end, where the user has pets: "Caramel est mort en mars".
  signal("pet", String.raw`^\s*(?:(?:malheureusement|et|bon) )?(?<name>\p{L}+)(?= (?:est (?:mort|morte|décédé|décédée)|nous a quitté|a dû être (?:piqué|euthanasié)))`, { owned: true, with: String.raw`\b(?:mort|morte|décédé|décédée|quitté\p{L}*|piqué\p{L}*|euthanasié\p{L}*)\b`, topic: compile(String.raw`\b${ANIMAL}\b`, "iu"), unless: String.raw`^\s*(?:\p{L}+ )?(?:mamie|papi|maman|papa|mère|père|oncle|tante|frère|sœur|il|elle|téléphone|portable|voiture)\b` }),
  // The user's home in a place: "le loyer de mon appart à Lille".
  signal("home city", String.raw`\b(?:mon|ma|notre) (?:\p{L}+ )?(?:${HOME}|appart\p{L}*|logement) (?:à|a) ${PLACE}`, { unless: String.raw`\b(?:ancien|ancienne)\b` }),
  // The new home in a place, said without a person: "le nouvel appart à Villeurbanne n'a pas d'ascenseur".
  signal("home city", String.raw`\b(?:le|la) (?:nouvel|nouvelle|nouveau) (?:${HOME}|appart\p{L}*|logement) (?:à|a) ${PLACE}`, { plan: true }),
  // A size for another, a new device arrived: "du M au lieu du L", "le pixel 8a est arrivé".
  signal("clothing size", String.raw`\b${LETTER_SIZE} (?:au lieu d[eu]|à la place d[eu]) (?:l['’]|la |le )?${LETTER_SIZE}\b`, { plan: true }),
  signal("phone", String.raw`\b${PHONE_MAKE}\b[^.;]{0,20}\b(?:est (?:\p{L}+ )?arrivée?|est là)\b`, { plan: true }),
  // Somewhere to stay in a place is where the trip goes: "Tu peux me trouver un hôtel à Porto ?"
  signal("travel destination", String.raw`\b(?:hôtels?|hébergements?|airbnbs?|gîtes?) (?:à|a|en|au|sur) (?:(?:la|le|les) |l['’])?${PLACE}`, { plan: true, topic: TRIP }),
  // Go, by its capital, after a switch or "coding in": "je suis passée au Go au boulot".
  signal("programming language", String.raw`\b(?:pass[ée]e?s? (?:au|à)|(?:code|coder|codé|développe|développer|programme|programmer|écris|écrire|bosse|travaille) (?:\p{L}+ ){0,2}en) (?<name>go)\b`),
  // A family by its count, a baby by its age in months: "2 adults + 3 kids", "Léa (3 mois)".
  signal("children", String.raw`\b\d adultes ?(?:\+|et|&|,) ?\d enfants\b`, { plan: true }),
  signal("children", BABY_AGE, { plan: true }),
  signal("children", KIDS_AGES, { plan: true }),
  // What is left to live on: "il me reste 400€ par mois pour vivre".
  signal("budget", String.raw`\bil (?:ne )?(?:me|nous) reste (?:plus )?(?:qu'|que )?(?:environ |à peu près )?${MONEY}`, { plan: true }),
  // What an allergy does, whatever causes it: "la gorge qui gonfle", "la bouche qui gratte".
  signal("allergy", String.raw`\b(?:(?:gorge|lèvres|visage|langue) (?:qui )?gonfl\p{L}*|je gonfle)\b|\b(?:la bouche|la gorge|les lèvres|la langue) qui (?:gratte|pique|démange)\b|\bça me (?:gratte|pique) (?:la bouche|la gorge)\b`),
  // A size exchanged or worn: "échangé contre un L", "pour les robes je fais du 38".
  signal("clothing size", String.raw`\béchang\p{L}* (?:\p{L}+ ){0,3}?contre (?:un |une |du |la )?(?:taille )?${LETTER_SIZE}\b(?![.,]?\d)`, { plan: true }),
  signal("clothing size", String.raw`\b(?:je fais|je porte|je suis en) (?:du |une |un )?(?:3[2-9]|4\d|5[0-4])\b`, { with: String.raw`\b(?:robes?|jupes?|pantalons?|jeans?|vestes?|hauts?|chemisiers?|vêtements|taille|manteaux?|garde-robe|pulls?|soldes|basiques)\b` }),
  // A new job's first days: "premier mois comme dev junior".
  signal("job", String.raw`\b(?:premier|première|premiers|premières) (?:jour|jours|semaine|semaines|mois) (?:comme|en tant que) \p{L}+`, { plan: true }),
  // A job left or joined by its workplace: "j'ai quitté mon agence", "j'ai rejoint une startup".
  signal("job", String.raw`\b(?:rejoint|intégré) (?:une|un|la|le|l['’]) (?:startup|start-up|entreprise|boîte|agence|société|équipe|cabinet|banque)\b|\bquitté (?:mon|ma) (?:agence|boîte|job|boulot|poste|travail|entreprise|cabinet|employeur)\b`),
  // Fewer hours, nights a week, opening days: "j'ai réduit mes heures", "2 gardes par semaine", "ouverte du mardi au samedi".
  signal("work schedule", String.raw`\b(?:réduit|baissé|diminué) (?:mes|mon) (?:heures|temps de travail)\b|\bpassée? à (?:50|60|70|80|90) ?%|\b(?:\d|deux|trois|quatre) (?:nuits|gardes) par semaine\b`),
  signal("work schedule", String.raw`\bouvert(?:e|s|es)? du (?:lundi|mardi|mercredi|jeudi|vendredi) au (?:jeudi|vendredi|samedi|dimanche)\b|\bfermer (?:aussi |désormais )?le (?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b`, { plan: true }),
  // The little one at the crèche, teenagers: "le petit qui vient d'entrer à la crèche", "mes deux ados".
  signal("children", String.raw`\b(?:le petit|la petite|les petits)(?= qui\b)`, { plan: true, with: String.raw`\b(?:crèche|nounou|maternelle|école|garderie|couches|biberon|dents)\b` }),
  signal("children", String.raw`\b(?:ados|adolescents?|mes grands)\b`, { owned: true }),
  // A phone chosen or switched to at last: "finalement le Pixel", "passée à android".
  signal("phone", String.raw`\bfinalement (?:le |un |l['’])${PHONE_MAKE}\b|\b(?:passée?s?|passer|suis passée?) (?:au|à l['’]|à un|à|sur (?:un|le)) ?(?:${PHONE_MAKE}|android)\b`, { plan: true }),
  // What a medic found, a joint replaced: "le médecin m'a dit que j'ai …", "prothèse de hanche".
  signal("health condition", String.raw`\b(?:médecin|docteur|kiné|généraliste|rhumato\p{L}*|cardiologue|dermatologue) (?:m['’]a dit|dit|pense|a confirmé)\b[^.;]{0,15}\b(?:j['’]ai|j['’]avais)\b|\bprothèse (?:de |du )?(?:hanche|genou)\b`),
  // A diet by its name or by what it leaves out: "zéro produit animal", "régime méditerranéen", FODMAP.
  signal("diet", String.raw`\b(?:zéro|aucun|pas de) produits? animaux\b|\bni viande ni poisson\b|\brégime (?:méditerranéen|crétois|sans résidus|pauvre en \p{L}+|hyperprotéiné|hypocalorique|cétogène)\b|\brien qui vient d['’]un animal\b|\b(?:aucun|pas de) produits? d['’]origine animale\b|\b(?:pauvre en histamine|fodmap)\b`),
  // Where the user is: "ici à Lille", arrived where one moves to, Québec's "je reste à", a move made at last.
  signal("home city", String.raw`\bici (?:à|a|en|sur) ${PLACE}`, { plan: true }),
  signal("home city", String.raw`\b(?:arrivée?s?|installée?s?) (?:à|a|en|au) ${PLACE}`, { topic: /\b(?:déménag\p{L}*|emménag\p{L}*|expatri\p{L}*|installer|visa|pvt)\b/iu }),
  signal("home city", String.raw`\bje reste (?:à|a|en|au) ${PLACE}`, { unless: String.raw`\b(?:ce week-end|ce soir|demain|jusqu|quelques jours|pour la nuit)\b` }),
  signal("home city", String.raw`\bsauté le pas (?:pour|à|a) ${PLACE}`, { topic: /\b(?:déménag\p{L}*|emménag\p{L}*|installer)\b/iu }),
  // A trip by its place and dates, home for the holidays: "lisbonne du 12 au 19 juillet", "je rentre à Toulouse pour Noël".
  signal("travel destination", String.raw`^\s*(?:(?:et|donc|direction) )?${PLACE} du \d{1,2}(?:er)? au \d{1,2}`, { plan: true, topic: TRIP }),
  signal("travel destination", String.raw`\bje rentre (?:chez [\p{L}]+ [\p{L}]+ )?(?:à|a|en|au) ${PLACE}`, { plan: true, with: String.raw`\b(?:pour (?:noël|les fêtes|les vacances|le week-end|l['’]été)|pars|partir|train|vol|avion)\b` }),
  // A trip's dates: "du 12 au 19 juillet".
  signal("travel date", String.raw`\bdu \d{1,2}(?:er)? au \d{1,2}(?:er)? ${MONTH}`, { plan: true, topic: TRIP }),
  // Candles blown out: "mes 41 bougies".
  signal("age", String.raw`\bmes \d{1,2} bougies\b`),
  // A strength goal by its count: "5 tractions".
  signal("training goal", String.raw`\b\d{1,2} (?:tractions|pompes)\b`, { with: String.raw`\b(?:objectif|but|veux|voudrais|arriver à)\b` }),
];
