import { signal, type Person, type Signal } from "../signal.ts";
import { AMOUNT, BABY_AGE, KIDS_AGES, BREED, CAR_MODEL, LAPTOP_MAKE, RACE_K, DWELLING, MONEY, LETTER_SIZE, PHONE_MAKE, SHOE_BRANDS, compile } from "../rule.ts";
import { JOBS } from "../rules/en.ts";

const PLACE = String.raw`(?<name>\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*)?)`;
export const MONTH = String.raw`(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b`;
const DATE = String.raw`\b(?:${MONTH}\.? \d{1,2}(?:st|nd|rd|th)?\b|\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH}|the \d{1,2}(?:st|nd|rd|th)\b|\d{1,2}/\d{1,2}\b|(?:in|early|late|mid-|end of) ${MONTH})`;
const TRAVEL = String.raw`\b(?:hotels?|fly|flying|flight|flights|trip|travel|travelling|traveling|holiday|vacation|getaway|honeymoon|visit|visiting|train|leave|leaving|depart|departing|return|returning|tour|itinerary|booked|booking|going to|heading)\b`;
export const CHANGE = String.raw`\b(?:instead|now|anymore|any more|after all|rather|switched|changed|rebooked|moved|pushed|postponed|brought forward|new plan|change of plan|decided)\b`;
const ANIMAL = String.raw`(?:${BREED}|dogs?|pupp(?:y|ies)|pup|cats?|kittens?|rabbits?|bunn(?:y|ies)|hamsters?|parrots?|budgies?|horses?|pony|guinea pigs?|tortoises?|turtles?|ferrets?|geckos?|goldfish|hens|chickens)`;
/** Looking for one is not having one: "I'm looking for a new laptop". */
const SEEKING = String.raw`\b(?:looking for|shopping for|want|need|thinking of|considering|recommend)\b`;
/** Whoever treats the user: what they said is about the user ("the allergist said it's tree nuts too"). */
const MEDIC = String.raw`(?:doctor|gp|allergist|physio|physiotherapist|\p{L}{2,12}ologist|specialist|consultant|dentist|nurse|optician)`;
const REPORTED = String.raw`(?:said|says|thinks|told|confirmed|reckons|found|cleared)`;
/** Countries and cities people travel to, for a destination written in lowercase ("a trip to japan"). */
const DESTINATION = String.raw`(?:southeast asia|south east asia|south america|central america|europe|asia|japan|south korea|korea|china|thailand|vietnam|bali|indonesia|india|sri lanka|australia|new zealand|canada|the us|the usa|america|mexico|peru|brazil|argentina|chile|colombia|costa rica|cuba|iceland|norway|sweden|denmark|finland|ireland|scotland|wales|france|spain|portugal|italy|greece|croatia|turkey|morocco|egypt|kenya|tanzania|south africa|germany|austria|switzerland|the netherlands|belgium|poland|hungary|czechia|paris|rome|lisbon|barcelona|madrid|amsterdam|berlin|prague|vienna|budapest|london|new york|tokyo|kyoto|seoul|bangkok|dubai)`;
const SPOKEN = String.raw`(?:english|spanish|german|french|italian|portuguese|japanese|chinese|mandarin|cantonese|korean|arabic|dutch|russian|polish|swedish|norwegian|danish|greek|turkish|hindi|catalan|basque|welsh|irish|hebrew|vietnamese|thai|indonesian|malay|tagalog|swahili|ukrainian|czech|hungarian|romanian|finnish|persian|farsi|urdu|bengali|tamil)`;

export const EN_PERSON: Person = {
  self: compile(String.raw`\b(?:as someone (?:with|who)|i|i'm|i’m|im|ive|i've|i’ve|i'd|i’d|i'll|i’ll|me|myself|we|we're|we’re|we've|we’ve|we'd|we’d|we'll|we’ll|us|(?:the|my) ${MEDIC} ${REPORTED}|next (?:goal|target|race|challenge)|new (?:goal|target))\b`, "iu"),
  subjectless: compile(
    String.raw`^\s*(?:(?:just|finally|now|also|recently|still|already|officially|update|btw)\s+)?(?:\p{L}{1,20}ed|got|bought|sold|took|began|went|been|lost|gained|put on|hurt|tore|broke|starting|moving|switching|heading|flying|training|planning|hoping|working|living|running|doing|getting|having|expecting|renting|sharing|staying|down to|up to|back (?:to|on|in|at)|off to)\b|^\s*(?:(?:fully|now|still|officially)\s+)?(?:remote|hybrid|part-time|full-time|vegan|vegetarian|pescatarian|pregnant|retired|single|engaged|married|injured|unemployed)\b`,
    "iu",
  ),
  // "The twins", "the kids": the family's children, named without "our".
  own: compile(String.raw`\b(?:my|our|mine|ours|the (?:twins|kids|little ones|wife|missus|hubby|husband|other half))\b`, "iu"),
  other: compile(
    String.raw`^\s*(?:(?:my|our|his|her|their) (?:\p{L}+ ){0,2}(?:sister|brother|mum|mom|mother|dad|father|parents|friends?|mates?|buddy|(?:flat|house|room)mates?|colleagues?|coworkers?|boss|neighbou?rs?|cousins?|niece|nephew|aunt|uncle|in-laws|grand\p{L}+|manager|doctor(?! ${REPORTED})|landlord|drummer|singer|guitarist|bassist|bandmates?|teammates?|coach|clients?|customers?|patients?|students?|hired (?:man|hand)|employees?)|(?:an?|one of my) (?:friend|colleague|coworker|mate|neighbou?r)s?(?: of (?:mine|ours))?|(?:he|she|they)\b(?! (?:says|said|thinks|reckons|told me|confirmed)(?: that)? (?:i|i'm|i’m|i've|i’ve|i have|i had)\b))`,
    "iu",
  ),
  household: compile(String.raw`^\s*(?:(?:also|and|plus|btw|oh and|so|now)\s+)?(?:my|our|his|her|their) (?:\p{L}+ )?(?:husband|wife|partner|girlfriend|boyfriend|son|daughter|kids?|children|baby|dog|cat|fianc\p{L}*|spouse|hubby)\b`, "iu"),
  together: compile(String.raw`^\s*(?:\p{L}+ ){1,3}(?:and|&) (?:i|me|myself)\b`, "iu"),
  ending: compile(String.raw`\b(?:died|passed away|put down|put to sleep|rehomed|re-homed|gave (?:\p{L}+ ){0,2}away|sold|got rid of|scrapped|written off|totall?ed|broke up|split up)\b`, "iu"),
  wish: compile(String.raw`\b(?:wants?|wanted|wanting|wanna|wish(?:es)?|hoping for|looking for|dreaming of|begging for|asking for|asks? for|keeps? asking)\b`, "iu"),
  condition: compile(String.raw`^\s*(?:if|when|once|unless|in case|whether|maybe|might|should)\b|\b(?:would|could|might|thinking about|considering|wondering|one day|someday|some day)\b|(?:'d|’d) (?:love|like|prefer)\b`, "iu"),
};

/** English signals: the words any phrasing of a subject uses. */
const HOME = String.raw`(?:${DWELLING}|(?:\d|one|two|three|four)[- ]?bed(?:room)?|terrace|semi)`;

/** Pastimes by their own words: "I play the guitar", "I'm into photography", "took up climbing". Running, cycling and the gym are the training subjects'. */
const PASTIME = String.raw`(?:hobby|hobbies|photography|painting|drawing|sketching|knitting|crochet(?:ing)?|sewing|pottery|ceramics|gardening|hiking|climbing|bouldering|yoga|pilates|chess|gaming|video games|board games|guitar|piano|violin|cello|drums|ukulele|saxophone|flute|singing|choir|dancing|salsa|tango|ballet|surfing|skiing|snowboarding|sailing|kayaking|rowing|fishing|birdwatching|baking|woodworking|calligraphy|tennis|football|soccer|basketball|volleyball|golf|badminton|squash|table tennis|padel|martial arts|karate|judo|jiu-jitsu|boxing|fencing|archery|horse riding|camping|scuba diving|diving)`;

/** Training other than running: "I go to the gym 4 times a week", "I do CrossFit", "I swim twice a week". */
const WORKOUT = String.raw`(?:gym|work(?:ing)? out|workouts?|crossfit|weights|weight training|lifting|strength training|spin class(?:es)?|spinning|hiit|swim|swimming|laps)`;

export const EN: Signal[] = [
  signal("exercise", String.raw`\b${WORKOUT}\b`, { with: String.raw`\b(?:go|goes|going|went|do|does|doing|hit|train|training|(?:\d|one|two|three|four|five|six|seven|once|twice) (?:times |days |sessions )?(?:a|per|each|every) week|every (?:day|morning|evening)|daily|joined|membership|started|signed up)\b`, unless: SEEKING + "|" + String.raw`\b(?:swimming pool|gym bag|gym shoes|swimsuit|trunks)\b` }),
  signal("hobby", String.raw`\b${PASTIME}\b`, { with: String.raw`\b(?:play|plays|playing|played|into|love|loves|enjoy|enjoys|hobby|hobbies|took up|taken up|take up|picked up|practi[cs]e|practi[cs]ing|passion|obsessed with|addicted to|spend my (?:free time|weekends|evenings))\b`, unless: SEEKING + "|" + String.raw`\b(?:watch|watching|watched|tickets?|lessons for (?:my|our))\b` }),
  signal("pet", String.raw`\b${ANIMAL}\b(?! (?:park|food|sitter|walker|friendly|show|owners?|people|bed|toys?|hair|allergy))`, { owned: true, unless: String.raw`\b(?:allergic|allerg(?:y|ies)|scared|afraid|neighbou?r's|friend's)\b` }),
  // A pet said by its litter or its shelter: "la litière de Pistache", "Lola, que la adopté de la protectora".
  signal("pet", String.raw`\b(?:litter (?:box|tray)|adopted (?:\p{L}+ ){0,3}from (?:the|a) (?:shelter|rescue))\b`, { owned: true }),
  signal("partner", String.raw`\b(?:husband|hubby|wife|partner|girlfriend|boyfriend|fianc[ée]e?|spouse|other half|better half|married|engaged|divorced|divorce|separated|broke up|split up|seeing someone|dating|tied the knot|since we got together|(?:been|are|we're|we’re) together (?:for|since)|(?:living|moved in|move in|moving in) together|proposed|single again)\b`, { owned: true, unless: String.raw`\bbusiness partner\b` }),
  signal("partner", String.raw`\b(?:our (?:\d{1,2}(?:st|nd|rd|th) |first |tenth )?(?:wedding )?anniversary|my wedding anniversary)\b`, { owned: true }),
  // A job by the ward the user works on: "I work on a cardiac ward".
  signal("job", String.raw`\b(?:i|we) work (?:on|in) (?:an?|the) (?:[\p{L}-]+ ){0,2}(?:ward|icu|unit)\b`),
  // Someone named with the user, sealing a life together, is a partner: "Tom and I finally set a date", "Jana und ich haben den Mietvertrag unterschrieben".
  signal("partner", String.raw`(?<=\b(?<name>(?!(?:mum|mom|dad|mother|father|sister|brother|friend|grandma|grandpa|nan|auntie|aunt|uncle)\b)\p{L}+) )(?:and|&) (?:i|me)\b`, { with: String.raw`\b(?:set (?:a|the) date|wedding|engaged|got married|getting married|signed (?!up)|mortgage|lease|tenancy|moved in|moving in|bought (?:a|our|the) (?:house|flat|home|place))\b` }),
  signal("children", String.raw`\b(?:breastfeed\p{L}*|breast-feed\p{L}*|sons?|daughters?|kids?|child|children|bab(?:y|ies)|toddler|twins|newborn|little ones?|pregnant|expecting|was born|were born|became (?:parents|a dad|a mum|a mom)|stepson|stepdaughter|teenager|(?:mum|mom|mother|dad|father|parent) of (?:one|two|three|four|five|\d))\b`, { owned: true, unless: String.raw`\b(?:toddler|kids?|baby|children) (?:snacks|food|meals|menu|section|aisle|classes)\b|\b(?:children|kids)['’]s (?:hospital|ward|unit|home|charity|books?|author|tv|clothes|section|menu)\b|\bi was born\b|\blike a baby\b|\b(?:as|was|were) an? (?:kid|child|baby|teenager)\b|\bsince (?:i was )?an? (?:kid|child)\b` }),
  // Arrived is a birth only where the conversation is about one ("she arrived on March 3rd"), not "my blender arrived broken".
  signal("children", String.raw`\barrived\b`, { owned: true, topic: /\b(?:baby|newborn|born|birth|pregnan\p{L}*|due date|labou?r|c-section|midwife|maternity)\b/iu }),
  // A birth announced by the baby's weight, whoever says it: "Mia arrived on the 2nd, 3.4kg", "born at 7lbs 2oz".
  signal("children", String.raw`\b(?:arrived|born)\b[^,;]{0,30}\b\d(?:[.,]\d{1,2})? ?(?:kg|lbs?)\b|^\s*\d[.,]\d{1,2} ?kg\b|\b\d{1,2} ?lbs?,? \d{1,2} ?oz\b`, { plan: true, topic: /\b(?:arrived|born|baby|newborn|birth)\b/iu }),
  signal("job", String.raw`\b(?:promoted|promotion|hired|handed in (?:my )?notice|gave (?:in )?(?:my )?notice|laid off|made redundant|fired|resigned|retired|retiring|unemployed|freelanc\p{L}*|self-employed|contractor|(?:got|new|offered|start(?:ed|ing)?|took|landed|lost|quit|left|changed|switched|accepted|found)\b[^.;]{0,25}\b(?:job|role|position|post|career)(?! of\b)|(?<!\bat )(?:work|working|start|started|starting|joined|moved) (?:at|for) (?:an? |the )?\p{L}+|(?:left|quit|leaving|gave up) (?:teaching|nursing|law|the police|the army|retail|hospitality|academia|banking|consulting)|i(?:'m|’m| am)? (?:now )?in (?:sales|marketing|finance|hr|retail|hospitality|consulting|recruitment|insurance|publishing)|joined (?:an? |the )?\p{L}+ as|joined (?:an? |the )?(?:[\p{L}-]+ ){0,3}?(?:startup|start-up|company|firm|agency|consultancy|bank|practice|team)\b|as an? (?:[\p{L}-]+ ){0,2}${JOBS}|career change|now an? \p{L}{1,20}(?:er|or|ist|ian|ant|ent)|i drive (?:an? )?(?:bus(?:es)?|trucks?|lorr(?:y|ies)|taxis?|cabs?|trains?|trams?|ambulances?|forklifts?|vans?|deliveries|for (?:uber|lyft|deliveroo|amazon|dpd|ups|fedex))|(?:the )?other ${JOBS}s (?:on|at|in) my (?:ward|team|shift|school|unit|office|floor|department|site|station|practice)|i do (?:[\p{L}-]+ ){1,3}(?:at|for) an? (?:[\p{L}-]+ ){0,2}(?:company|firm|agency|startup|bank|hospital|school|charity|council|shop|store|warehouse|factory|restaurant|café|cafe|hotel|clinic|nursery))\b`, { unless: String.raw`\bretired (?:greyhound|racehorse|racing|dog|horse)\b|\b(?:work|working) (?:at|for) (?:night|home|the moment|weekends|a while|now)\b|\b(?:his|her|their|\p{L}+['’]s) (?:new )?(?:job|role|position)\b` }),
  signal("work schedule", String.raw`\b(?:shifts?|night duty|on call|remote(?:ly)?|from home|wfh|hybrid|in (?:the )?office|office days|part[- ]time|full[- ]time|(?:four|4)[- ]day week|compressed hours|(?:work|working|on|doing) (?:nights|days|weekends|evenings|mornings)|9 to 5|nine to five|flexible hours|\d{1,2} hours a week)\b`, { unless: String.raw`\b(?:it|that|i|we|they) (?:was|were)\b|\bused to\b|\b(?:${PASTIME}|${CAR_MODEL}|car|suv|hatchback)\b` }),
  // Days a week said with work: "I've gone down to four days a week at work".
  signal("work schedule", String.raw`\b(?:\d|three|four|five|six)[- ]days?[- ](?:a|per) week\b`, { with: String.raw`\b(?:work|working|job|office|contract|employer|shifts?)\b` }),
  signal("diet", String.raw`\b(?:vegetarian|veggie|vegan|pescatarian|pescetarian|keto|paleo|flexitarian|plant-based|halal|kosher|low[- ]?carb|gluten[- ]free|dairy[- ]free|lactose[- ]free|(?:eat|eating|ate|gave up|giving up|cut out|cutting out|stopped|quit|avoid|avoiding|back on)\b[^.;]{0,20}\b(?:meat|fish|seafood|dairy|pork|beef|chicken|eggs|animal products))\b(?! (?:restaurants?|places?|café|cafe|recipes?|options?|friends?|dish(?:es)?|menu|cookbook))`),
  signal("allergy", String.raw`\b(?:allergic|allerg(?:y|ies)|allergist|intoleran(?:t|ce)|anaphyla\p{L}*|epi-?pen|hay fever)\b`),
  // What an allergy does, whenever it meets its cause: "my eyes swell up and i sneeze nonstop every time i stay at my sister's".
  signal("allergy", String.raw`\b(?:sneez\p{L}*|eyes (?:swell|water|itch)\p{L}*|break out in hives|wheez\p{L}*)\b[^.;]{0,40}\b(?:every time|whenever|each time|around (?:cats?|dogs?|pollen|dust))\b`),
  // A deficiency or anaemia found: "my GP found I'm low in iron", "an iron deficiency".
  signal("health condition", String.raw`\b(?:deficiency|deficient in \p{L}+|an(?:a)?emi[ac]|low (?:in )?(?:iron|b12|vitamin d|ferritin))\b`),
  signal("health condition", String.raw`\b(?:inhaler|ventolin|salbutamol|metformin|insulin|levothyroxine|thyroxine|remission|blood sugar|hba1c|diabet\p{L}*|pre-?diabet\p{L}*|asthma\p{L}*|hypertension|blood pressure|cholesterol|thyroid|hypothyroid\p{L}*|c[o]?eliac|migraines?|arthritis|depression|anxiety|ibs|crohn's|epilepsy|adhd|long covid|crutches|signed off|sick leave|burn-?out|insomnia|sleep apnoea|sleep apnea|back pain|knee pain|injur(?:y|ed|ies)|sprain(?:ed)?|torn|tendini?tis|tendoni?tis|tendinopathy|bursitis|plantar fasciitis|shin splints|fractur(?:e|ed)|(?:broke|hurt|injured|pulled|strained|twisted|tore|sprained|bruised|dislocated|tweaked) my|stent|pacemaker|bypass|knee|ankle|hamstring|achilles|calf|physio\p{L}*|cleared me|bad (?:back|knee|hip|shoulder)|(?:shoulder|back|neck|hip|wrist)(?:'s|’s| is)? (?:still )?(?:sore|painful|aching|killing me|playing up)|surgery|diagnosed|pcos|endometriosis|eczema|psoriasis|colou?r-?blind|deaf|hard of hearing|hearing aids?|dyslexi\p{L}*|autis\p{L}*|wheelchair)\b`, { unless: String.raw`\b(?:held up|holding up|feels? (?:fine|good|great)|(?:is|was|are) (?:fine|ok|okay)|no (?:pain|problems?|issues?))\b` }),
  signal("weight", String.raw`\b\d{2,3}(?:[.,]\d)? ?(?:kg|kgs|kilos?|lbs?|pounds|stone)\b`, { unless: String.raw`\b(?:nothing over|no more than|lose|losing|shed|shedding|goal|target|aim|bag|suitcase|luggage|carry|lift|lifting|bench|squat|deadlift|dumbbells?|kettlebells?|backpack|parcel|want to be|get (?:down )?to)\b` }),
  // A weight said without its unit, in a thread about weight: "lost 5 kilos, down to 65 now".
  signal("weight", String.raw`\b(?:down to|dropped to|weighed(?: in)? at|now at|back to|stuck at|stalled at|plateaued at|hovering (?:around|at)|weigh(?:ing)?|i'm at|im at|(?:down|up) \d{1,2} ?(?:kg|kilos?|lbs?) to) \d{2,3}(?:[.,]\d)?\b(?![.,]?\d| ?(?:%|[$€£]|k\b|km|miles|mph|days?|times|minutes|mins|hours|euros?|quid|bucks|pounds? (?:a|per)))`, { topic: /(?:\d|\b)(?:kg|kilos?|lbs|stone|weigh\p{L}*|weight)\b/iu, unless: String.raw`\b(?:goal|target|aim|want to|get (?:down )?to)\b` }),
  // What the scale says, said without a person: "the scale says 80.5 this morning".
  signal("weight", String.raw`\bscales? (?:\p{L}+ ){0,2}(?:says?|said|shows?|showed|reads?|is at|was at)\b[^.;]{0,15}\b\d{2,3}(?:[.,]\d)?\b(?![.,]?\d| ?(?:%|[$€£]|km|days?|times|minutes))`, { plan: true }),
  // The number read on the scale: "i was 87.5 on the scale this morning".
  signal("weight", String.raw`\b\d{2,3}(?:[.,]\d)? (?:on|at) the scales?\b`, { plan: true }),
  // Hours of work from one time to another, said without a person: "my hours are 8 to 4 now".
  signal("work schedule", String.raw`\b(?:working hours|work hours|my hours|(?:my|the new|new) schedule|(?:my|the) shift) (?:are|is|will be|would be)\b[^.;]{0,30}\b\d{1,2}(?::\d\d)? ?(?:am|pm)? ?(?:to|-|–|till|until) ?\d{1,2}`, { plan: true }),
  signal("age", String.raw`\b\d{1,2}(?: years? (?:old|young)|-years?-old| yo\b)|\bturn(?:ed|ing|s)? \d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th) birthday\b|\bborn in (?:19[3-9]\d|200\d)\b|\bmy \d0th\b(?! (?:anniversary|wedding))|\bi(?:'m|’m| am) (?:now |just )?\d{1,2}(?![.,]?\d)(?: now)?(?=[,.;!]|$)|\b(?:i'm|i’m|im|i am) [1-9]\d(?= and\b)`, { unless: String.raw`\(\s*\d{1,2}\b|\b(?:sons?|daughters?|kids?|child|children|baby|boy|girl|dog|cat|pupp(?:y|ies)|he|she|they|his|her|their|car|bike)\b|\b(?:an?|the|my|our) \d{1,2}[- ]years?[- ]old` }),
  signal("budget", MONEY, { with: String.raw`\b(?:budget|spend|spending|afford|max|maximum|limit|up to|under|below|at most|no more than|less than|pay|paying|per month|a month|/month|/mo|a week|per week|/week|monthly|per night|a night|per person|total|cap|stretch|set aside|saved|around|about|roughly|more than|over|tops|ceiling)\b`, unless: String.raw`\b(?:earn|earning|salary|paid me|income|raise|take home|take-home)\b` }),
  signal("budget", String.raw`\bbudget\b`, { plan: true, with: AMOUNT }),
  // A limit on what the user spends needs no currency: "we can spend 5k max", "paying no more than 800".
  signal("budget", String.raw`\b(?:max|maximum|up to|no more than|at most|under) ${AMOUNT}|${AMOUNT} ?(?:max|maximum|tops)\b`, { with: String.raw`\b(?:spend|spending|pay|paying|afford|invest|put aside)\b` }),
  signal("daily steps", String.raw`\b\d[\d,.]{0,8}k? steps\b`),
  signal("running days per week", String.raw`\b(?:\d|one|two|three|four|five|six|seven|once|twice)(?: (?:days?|times|runs?|sessions?|x))? (?:a|per|each|every) week\b|\b(?:second|third|fourth|fifth|sixth) (?:run|session|day)\b`, { topic: /\b(?:run|runs|running|jog|jogging|runner|marathon|half-marathon|10k|5k|parkrun)\b/iu, unless: String.raw`\b(?:work|working|office|shifts?|gym|swim|swimming|yoga|lessons?|classes)\b` }),
  // Runs counted without "a week", in a thread about running, a plan said without a person: "3 runs is fine".
  signal("running days per week", String.raw`\b(?:\d|two|three|four|five|six) runs\b(?! (?:ago|left|so far))`, { plan: true, topic: /\b(?:run|runs|running|jog|jogging|runner|marathon|half-marathon|10k|5k|parkrun)\b/iu }),
  signal("training goal", String.raw`\b(?:marathon|half[- ]marathon|ultra(?:marathon)?|triathlon|ironman|${RACE_K}|\d{1,2} ?km|parkrun|race|trail race|duathlon|sportive|gran fondo|fun run|charity place|(?:a|the|my|spring|autumn|fall)(?: [\p{L}\p{N}:.-]+)? half(?! (?:of|an?|the|hour|price|day|term|year|time|marathon|stone|kilo|pounds?)\b))\b`, { unless: String.raw`\b(?:scares? me|scared|terrif\p{L}*|vat|tax|turnover|revenue|profit|watch|watched|cheer|cheering|race car|spend|spending|budget|afford|cost|costs|pay|paying|salary|savings?|saving|grand|quid|bucks|earn|earning|earns|income|a year|per year|per annum)\b|\bduring (?:the|my|a)\b|\b(?:after|for|every|past|around) (?:like |about |around |the first |the )?\d{1,2} ?(?:k|km)\b|\b(?:it|that) was\b|\bbarely\b` }),
  signal("car", String.raw`\b(?:${CAR_MODEL}|toyota|honda|civic|ford|vw|volkswagen|golf|polo|bmw|audi|mercedes|tesla|renault|peugeot|citroën|fiat|seat|skoda|kia|hyundai|nissan|mazda|volvo|opel|vauxhall|dacia|subaru|jeep|prius|mini cooper|car|suv|estate|hatchback|ev|electric car|minivan|van|pickup|motorbike|motorcycle)\b`, { owned: true, unless: SEEKING + "|" + String.raw`\b(?:${LAPTOP_MAKE}|laptop|notebook|rental|hire|rent a|taxi|uber|by car|car park|car seat|car wash|car insurance quote|carpool|car (?:budget|fund)|no car|without a car|car-?free)\b` }),
  signal("phone", String.raw`\b(?:${PHONE_MAKE}|android|smartphone|phone)\b(?! (?:call|calls|number|bill|plan|case|shop|store|repair))`, { owned: true, unless: SEEKING + "|" + String.raw`\b(?:on the phone|by phone|phone time|less time on|called)\b|\bold (?:phone|pixel|iphone|galaxy|samsung|android)\b(?![^.;]*\b(?:new|switched|got|bought)\b)` }),
  signal("laptop", String.raw`\b(?:${LAPTOP_MAKE}|laptop|notebook|macbook|thinkpad|xps|surface|chromebook|zenbook|vivobook|ideapad|imac|gaming pc|desktop pc)\b`, { owned: true, unless: SEEKING + String.raw`|\bbudget\b` }),
  signal("operating system", String.raw`\b(?:linux|ubuntu|macos|mac os|fedora|debian|chromeos|arch linux|linux mint|pop!?_os)\b|\b(?<name>windows)\b`),
  // Windows in lowercase where it can only be the system ("im on windows rn"); a Mac bought is macOS.
  signal("operating system", String.raw`\b(?:on|use|using|run|running) windows\b|\bwindows (?:\d{1,2}|xp|vista|pc|laptop)\b`),
  signal("operating system", String.raw`\b(?:mac|macbook|imac|mac mini|mac studio|chromebook)\b`, { owned: true, with: String.raw`\b(?:bought|got|switched|went with|picked|ordered|own|using|have|(?:my|our) new)\b`, unless: SEEKING }),
  signal("programming language", String.raw`\b(?:python|java|kotlin|typescript|javascript|golang|rust|c#|c\+\+|ruby|php|swift|scala|elixir|haskell|clojure|julia|dart|perl|lua|gdscript)\b(?![-‐]\p{L})`, { unless: String.raw`\brust(?:ed|ing)? (?:on|spots?|patch\p{L}*|bubbl\p{L}*|through|proof\p{L}*|treatment)\b|\b(?:subframe|wheel arch\p{L}*|sills|underbody|chassis|inspection|mot)\b` }),
  // Go, by its capital and what follows it: "a senior Go engineer", "writing Go now".
  signal("programming language", String.raw`\b(?<name>go)(?:(?= (?:engineer|developer|dev|programmer|backend|code|services?|microservices)\b)|(?<=\b(?:in|with|using|writing|learning|switched to|switching to|moved to|(?:migrat|port|mov)\p{L}* (?:\p{L}+ ){0,2}to) go)(?=[.,;!]|$| (?:now|instead|these days|at work)\b))`),
  signal("language learning", String.raw`\b${SPOKEN}\b`, { with: String.raw`\b(?:learn\p{L}*|streak|stud(?:y|ying|ied)|lessons?|class(?:es)?|course|duolingo|tutor|practi[cs]\p{L}*|a1|a2|b1|b2|c1|exam|fluent|conversation|switched|picked up|started|doing|dropped|taking|signed up)\b` }),
  signal("shoe size", String.raw`\b(?:shoes?|trainers|sneakers|boots|running shoes|feet|foot|shoe size|${SHOE_BRANDS})\b`, { owned: true, with: String.raw`\b(?:size|eu|uk|us) ?\d{1,2}(?:[.,]5)?\b|\b\d{2}(?:[.,]5)?\b|\b(?:half|whole) size\b` }),
  signal("clothing size", String.raw`\b(?:xxs|xs|xl|xxl|xxxl|(?:size|wear(?: an?)?|fit into|take an?) (?:s|m|l|small|medium|large|\d{1,2}))\b`, { owned: true, with: String.raw`\b(?:jackets?|shirts?|t-shirts?|tee|dress(?:es)?|jeans|trousers|pants|coats?|hoodies?|tops?|sweaters?|jumpers?|clothes|waist|chest|leggings|shorts|size|xxs|xs|xl|xxl)\b` , unless: String.raw`\b(?:shoes?|trainers|sneakers|boots|feet|foot|${SHOE_BRANDS})\b` }),
  signal("housing", String.raw`\b(?:${DWELLING}|(?:\d|one|two|three|four)[- ]?bed(?:room)?|terrace|home|place|house-?share|flat-?share|with (?:my|our) parents|moved back home|landlord|mortgage)\b`, { owned: true, with: String.raw`\b(?:rent|renting|rented|signed|bought|buy|buying|saving (?:up )?for|own|mortgage|moved|move|moving|live|living|sold|selling|lease|landlord|share|sharing|shared|gave up|give up|house-?sitting|keys|settled into|moved in|made the move)\b` }),
  // A home that says how it is held: "we went with a 2 bed rental in southville".
  signal("housing", String.raw`\b(?:(?:\d|one|two|three|four)[- ]?bed(?:room)? rental|rental (?:flat|house|apartment)|rented (?:flat|house|apartment))\b`, { owned: true }),
  signal("home city", String.raw`\b(?:in|to|near|outside|into|from) ${PLACE}`, { with: String.raw`\b(?:live|living|lives|moved|moving|move|relocat\p{L}*|settled|settling|based|new (?:place|flat|house|home|city)|neighbou?rhood|rent|renting|bought|home|ended up|(?:i|we)(?:'ve|’ve| have) been in|(?:i'm|i’m|i am|we're|we’re|we are) (?:now |still )?in \p{L}+ (?:now|these days|at the moment|for good))\b`, unless: TRAVEL }),
  // A home bought, rented or signed for in a place: "wir haben ein Reihenhaus in Pinneberg gekauft".
  signal("home city", String.raw`\b(?:in|to|near|outside|into|from) ${PLACE}`, { with: String.raw`\b(?:bought|buying|rented|renting|rent|signed|moved into|moving into|keys (?:to|for))\b[^.;]{0,40}\b${HOME}\b|\b${HOME}\b[^.;]{0,40}\b(?:bought|buying|rented|renting|rent|signed|moved into|moving into)\b`, unless: TRAVEL }),
  // Where the user works as what they are is where they live: "I'm a backend dev at a fintech in London".
  signal("home city", String.raw`\b(?:in|near|outside) ${PLACE}`, { with: String.raw`\b(?:i'm|i’m|im|i am|work as|working as) an? (?:[\p{L}-]+ ){0,2}${JOBS}\b`, unless: TRAVEL }),
  signal("name", String.raw`\b(?:my name is|my name's|call me|i go by)\b(?: \p{L}+)? ${PLACE}`),
  // A range of days in a thread about a trip: "Portugal, June 27 to July 10".
  signal("travel date", String.raw`\b${MONTH}\.? \d{1,2}(?:st|nd|rd|th)? ?(?:to|until|till|–|—|-) ?(?:${MONTH}\.? )?\d{1,2}(?:st|nd|rd|th)?\b`, {
    plan: true,
    topic: /\b(?:trip|travel\p{L}*|flights?|fly|flying|holiday|vacation|hotel|itinerary|honeymoon|getaway)\b/iu,
  }),
  signal("travel date", DATE, { plan: true, with: `${TRAVEL}|${CHANGE}`, unless: String.raw`\b(?:moved|moving|relocat\p{L}*) (?:to|into|out)\b` }),
  signal("travel origin", String.raw`\b(?:from|out of) ${PLACE}`, { plan: true, with: TRAVEL, unless: String.raw`\b(?:every day|daily|commut\p{L}*)\b` }),
  // Where the user is, here, or commutes from: "here in Leeds", "I commute from Reading".
  signal("home city", String.raw`\b(?:here|over here|out here) in ${PLACE}`, { plan: true }),
  signal("home city", String.raw`\bcommut\p{L}* (?:in )?from ${PLACE}`),
  signal("travel destination", String.raw`\b(?:to|in|doing|do|visit|visiting|picked|chose|choosing|try|trying|book|booked|explore|exploring|for|it's|it’s|it is|it'll be|going with|looking at|considering|leaning towards) (?:the )?${PLACE}`, {
    plan: true,
    with: `${TRAVEL}|${CHANGE}`,
    unless: String.raw`\b(?:live|living|moved|moving|relocat\p{L}*)\b`,
    topic: /\b(?:trip|travel\p{L}*|flights?|fly|flying|flew|holiday|vacation|hotel|itinerary|visit|honeymoon|getaway)\b/iu,
  }),  signal("travel destination", String.raw`\b(?:to|in|doing|do|visit|visiting|around|across|through|for) ${DESTINATION}\b`, {
    plan: true,
    with: `${TRAVEL}|${CHANGE}`,
    unless: String.raw`\b(?:live|living|moved|moving|relocat\p{L}*)\b`,
    topic: /\b(?:trip|travel\p{L}*|flights?|fly|flying|flew|holiday|vacation|hotel|itinerary|visit|honeymoon|getaway)\b/iu,
  }),
  // A route, from one place to another: "a great deal Brussels–Seoul", "Flug Hamburg → Lissabon".
  signal("travel destination", String.raw`(?<=\p{L} ?)(?:–|—|→|->) ?(?<name>\p{L}[\p{L}'’-]+)`, { plan: true, with: `${TRAVEL}|\\b(?:deals?)\\b` }),
  // A pet named alone in its end, where the user has pets: "Sad news, Biscuit died in October".
  signal("pet", String.raw`^\s*(?:(?:sadly|so|also|btw|and) )?(?<name>\p{L}+)(?= (?:(?:has|sadly|finally) )?(?:died|passed away|was put down|was put to sleep)\b)`, { owned: true, with: String.raw`\b(?:died|passed away|put down|put to sleep)\b`, topic: compile(String.raw`\b${ANIMAL}\b`, "iu"), unless: String.raw`^\s*(?:\p{L}+ )?(?:grandma|grandpa|granny|grandad|nan|nana|mum|mom|dad|mother|father|uncle|aunt|auntie|brother|sister|he|she|they|it|phone|laptop|battery|car)\b` }),
  // A move to the place just named: "Any beaches near Hove? We relocated there in May."
  signal("home city", String.raw`\b(?:moved|moving|relocated|relocating|settled|settling) (?:over )?there\b`),
  // The user's home in a place: "the rent for our flat in Leeds".
  signal("home city", String.raw`\b(?:my|our) (?:\p{L}+ )?${HOME} (?:in|near) ${PLACE}`, { unless: String.raw`\b(?:old|former|previous)\b` }),
  // The new home in a place, said without a person: "The new flat in Leith has no lift".
  signal("home city", String.raw`\bthe new (?:\p{L}+ )?${HOME} (?:in|near) ${PLACE}`, { plan: true }),
  // A size for another, a new device arrived: "an M instead of an L", "the pixel 8a arrived".
  signal("clothing size", String.raw`\b${LETTER_SIZE} instead of (?:an? )?${LETTER_SIZE}\b`, { plan: true }),
  signal("phone", String.raw`\b${PHONE_MAKE}\b[^.;]{0,20}\b(?:arrived|is here|came today|got delivered|was delivered)\b`, { plan: true }),
  // Somewhere to stay in a place is where the trip goes: "Can you find hotels in Lisbon?"
  signal("travel destination", String.raw`\b(?:hotels?|hostels?|airbnbs?|accommodation|somewhere to stay) (?:in|near) ${PLACE}`, { plan: true }),
  // A family by its count, a baby by its age in months: "2 adults + 3 kids", "Léa (3 mois)".
  signal("children", String.raw`\b\d (?:adults?|grown-ups) ?(?:\+|and|&|,) ?\d (?:kids|children|teens)\b`, { plan: true }),
  signal("children", BABY_AGE, { plan: true }),
  signal("children", KIDS_AGES, { plan: true }),
  // What is left to live on: "I have about £400 left a month".
  signal("budget", String.raw`\bi(?:'ve| have)? (?:got )?(?:about |around |only )?${MONEY} left\b`, { plan: true }),
  // What an allergy does, whatever causes it: "my throat swells up", "my mouth itches", "I come out in hives", "whenever I'm near cats my eyes stream".
  signal("allergy", String.raw`\b(?:(?:throat|lips|tongue|face|mouth) (?:swells?|swelled|swelling|closes|closing) up|i swell up)\b|\b(?:mouth|throat|lips|tongue) (?:itches|itchy|tingles|tingly|tingling|gets itchy)\b|\b(?:react(?:s|ed)? badly to|come out in hives|break out in hives|throat (?:goes|gets|went) tight)\b|\b(?:every time|whenever|each time)\b[^.;]{0,40}\b(?:sneez\p{L}*|eyes (?:swell|water|itch|stream)\p{L}*|hives|wheez\p{L}*)`),
  // A size exchanged or worn: "I'll swap it for an M", "my rain jacket in M".
  signal("clothing size", String.raw`\b(?:swap\p{L}*|exchang\p{L}*) (?:it |them |this |that |the \p{L}+ )?for (?:an? |the |size )?${LETTER_SIZE}\b(?![.,]?\d)`, { plan: true }),
  signal("clothing size", String.raw`\b(?:jacket|coat|shirt|hoodie|jersey|top|dress|jeans|trousers) in (?:an? )?(?:${LETTER_SIZE}|small|medium|large)\b`, { owned: true }),
  // A job by what it is: a first week as, weeks into, years as, "the truck is my actual full time job now", "my year 2 class".
  signal("job", String.raw`\bfirst (?:day|week|month|shift) as an? \p{L}+|\b(?:weeks|months|days) into (?:the|my) (?:new )?(?:[\p{L}-]+ ){0,2}(?:job|role|position)\b`, { plan: true }),
  signal("job", String.raw`\b(?:been|worked as) an? (?:[\p{L}-]+ )?(?:${JOBS}|rn|lpn|cna|hca|emt)\b[^.;]{0,30}\bfor (?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|several|many|years|months)\b|\bis (?:now )?my (?:actual |real |main )?(?:full[- ]time |day )?job\b|\bmy (?:year \d{1,2}|reception|nursery|\d(?:st|nd|rd|th) grade) class\b`),
  // Hours cut, nights no more; workdays in a thread about work ("mon-fri").
  signal("work schedule", String.raw`\b(?:cut|reduced|dropped|lowered) (?:down )?(?:my|our) hours\b|\b(?:no more nights|(?:days|nights) only|only (?:days|nights) now)\b`),
  signal("work schedule", String.raw`\b(?:mon|monday)(?:-|–| to )(?:thu|thurs|thursday|fri|friday|sat|saturday)\b`, { plan: true, topic: /\b(?:work|job|shifts?|office|wfh|boss|hours)\b/iu }),
  // A phone chosen at last: "ended up with the pixel".
  signal("phone", String.raw`\b(?:ended up with|went with|settled on|went for) (?:the|a|an) ${PHONE_MAKE}\b`, { plan: true }),
  // What a medic found, an injury by its repair, a joint replaced: "my GP says I have gout", "ACL reconstruction".
  signal("health condition", String.raw`\b${MEDIC}\b[^.;]{0,30}\b(?:says|said|told me|thinks|reckons|confirmed)(?: that)? (?:i(?:'ve|’ve| have)? got|i have)\b|\b(?:hip|knee) replacement\b`),
  signal("health condition", String.raw`\b(?:acl|mcl|meniscus|rotator cuff|labrum|achilles|slap) (?:reconstruction|repair|surgery|tear|rupture)\b|\brotator cuff\b`, { plan: true }),
  // A diet by what it leaves out: "no animal products", low FODMAP, low histamine.
  signal("diet", String.raw`\b(?:no|zero|nothing from) animal products?\b|\b(?:low[- ]fodmap|low[- ]histamine|fodmap)\b`),
  // A half or a European shoe size in a thread about shoes: "UK 7.5", "10.5 US".
  signal("shoe size", String.raw`\b(?:uk|us) ?\d{1,2}[.,]5\b|\b\d{1,2}[.,]5 ?(?:uk|us)\b|\beu ?(?:3[5-9]|4[0-8])(?:[.,]5)?\b`, { plan: true, topic: /\b(?:shoes?|trainers|sneakers|boots)\b/iu }),
  // The pot for a purchase: "the pot is 25k now".
  signal("budget", String.raw`\b(?:the )?(?:pot|kitty|fund) (?:is|'s|’s) (?:now )?(?:at )?${AMOUNT}`, { plan: true }),
  // Strength and weight goals by their counts: "10 clean pull ups by spring", "my goal is to get to 85 kg".
  signal("training goal", String.raw`\b\d{1,3} (?:clean |strict |unbroken |full )?(?:pull[- ]?ups|push[- ]?ups|chin[- ]?ups|muscle[- ]?ups)\b`, { with: String.raw`\b(?:goal|want|aim|target|by|able to|get to)\b` }),
  signal("training goal", String.raw`\b(?:goal|target|aim) is (?:to )?(?:get (?:down )?to|reach|hit|weigh) \d{2,3} ?(?:kg|kilos|lbs|pounds|stone)\b`),
];
