import { AMOUNT, BREED, DWELLING, MONEY, NAME, PHONE_MAKE, rule, type Rule } from "../rule.ts";

const NUMBER = String.raw`(?<v>\d{1,2}|one|two|three|four|five|six|seven)`;
const MONTH = String.raw`(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b\.?`;
const DATE = String.raw`(?:${MONTH} \d{1,2}(?:st|nd|rd|th)?\b|\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH})`;
/** A holiday a trip is dated by: "in Semana Santa", "over Easter". */
const HOLIDAY = String.raw`(?:easter|christmas|new year(?:'s)?|thanksgiving|half[- ]term)\b`;
/** A month without a day: written out, after "in" ("in May", not "may"). */
const IN_MONTH = String.raw`(?:in|early|late|mid-|end of|beginning of) (?:january|february|march|april|may|june|july|august|september|october|november|december)\b`;
const TRAVEL_WORDS = "fly flying flight flights land landing arrive arriving arrival trip travel travelling traveling leave leaving depart departing departure departs return returning going holiday vacation visit visiting getaway honeymoon";
const TRAVEL = String.raw`\b(?:${TRAVEL_WORDS.replaceAll(" ", "|")})\b`;
const LANGUAGES = String.raw`(?:python|java|kotlin|typescript|javascript|go|golang|rust|c#|c\+\+|ruby|php|swift|scala|elixir|r(?![&\p{L}'’]))`;
const SPOKEN = String.raw`(?:english|spanish|german|french|italian|portuguese|japanese|chinese|mandarin|korean|arabic|dutch|russian|polish|swedish|greek|turkish)`;
const PHONE = String.raw`${PHONE_MAKE}(?: [\p{L}\p{N}]+){0,2}`;
const LAPTOP = String.raw`(?:laptop|notebook|macbook|thinkpad|xps|surface|chromebook|zenbook|vivobook|ideapad)(?: [\p{L}\p{N}]+){0,2}`;
/** What people study, for "I study …" (not "I study the map"). */
const FIELDS = String.raw`(?:medicine|law|computer science|software engineering|engineering|mechanical engineering|electrical engineering|civil engineering|biology|biochemistry|chemistry|physics|economics|business|business administration|management|history|psychology|nursing|architecture|maths|math|mathematics|philosophy|literature|english|music|art|fine arts|graphic design|design|finance|accounting|marketing|linguistics|languages|sociology|politics|political science|international relations|journalism|education|pharmacy|dentistry|veterinary medicine|data science|statistics|geography|geology|anthropology|nutrition|physiotherapy|social work|film|theatre|theater|agriculture|environmental science)`;
const NATIONALITY_WORDS = "american canadian british english irish scottish welsh australian kiwi german french spanish italian portuguese dutch belgian swiss austrian polish czech hungarian romanian swedish norwegian danish finnish icelandic greek turkish mexican brazilian argentinian argentine chilean colombian peruvian venezuelan cuban indian pakistani chinese japanese korean vietnamese thai filipino indonesian nigerian kenyan ghanaian ethiopian egyptian moroccan russian ukrainian israeli lebanese iranian us uk eu";
const NATIONALITY = String.raw`(?:${NATIONALITY_WORDS.replaceAll(" ", "|")}|new zealander|south african)`;
const FOOD_WORDS = "spicy italian indian thai chinese japanese mexican french greek korean vietnamese fried sweet vegan vegetarian food cooking cuisine dishes cilantro coriander mushrooms olives onions garlic seafood fish shellfish sushi chocolate coffee tea beer wine alcohol meat pork beef chicken cheese tofu avocado eggs pasta pizza curry tomatoes peppers chili chilli broccoli spinach";
/** What a food like or dislike is of: a cuisine or kind of food, or a food by name ("I hate cilantro", "I love Thai food"). */
const FOOD = String.raw`(?:(?:spicy|hot|italian|indian|thai|chinese|japanese|mexican|french|greek|korean|vietnamese|fried|sweet|vegan|vegetarian|street|fast|junk|home-cooked|raw) (?:food|cooking|cuisine|dishes|things)|cilantro|coriander|mushrooms|olives|onions|garlic|seafood|fish|shellfish|sushi|chocolate|coffee|tea|beer|wine|alcohol|red meat|meat|pork|beef|chicken|cheese|tofu|avocados?|eggs|pasta|pizza|curry|curries|tomatoes|peppers|chill?i(?:es)?|broccoli|spinach)`;
/** After "live in": words that are no town ("live in fear", "live in a flat"). */
const NOT_A_TOWN = String.raw`a|an|the|my|our|his|her|their|this|that|it|one|two|three|fear|hope|peace|harmony|denial|luxury|poverty|comfort|sin|town|city|here|there|halls|dorms|student|shared|rented|private|sheltered|social|temporary|constant|same`;
/** What a favorite may be of, by the English key of each word. */
const ENGLISH_KINDS: Record<string, string> = Object.fromEntries(
  ["food", "color", "colour:color", "movie", "film:movie", "book", "author", "music", "band", "song", "artist", "singer", "sport", "team", "drink", "dish", "meal:food", "cuisine", "restaurant", "show", "tv show:show", "series:show", "game", "animal", "season", "city", "holiday destination:destination", "place", "snack", "dessert", "fruit", "flower", "genre"].map((entry) => {
    const [word, key = word] = entry.split(":") as [string, string?];
    return [word, key];
  }),
);
const FAVORITE_KINDS = Object.keys(ENGLISH_KINDS).sort((a, b) => b.length - a.length).join("|");
export const JOBS = String.raw`(?:homemaker|housewife|househusband|carer|caregiver|stay-at-home (?:mum|mom|dad|parent)|engineer|developer|dev|programmer|nurse|teacher|analyst|designer|doctor|lawyer|accountant|manager|consultant|translator|student|writer|chef|cook|scientist|architect|pharmacist|electrician|plumber|driver|freelancer|researcher|paramedic|midwife|cashier|mechanic|journalist|photographer|professor|lecturer|therapist|dentist|vet|veterinarian|firefighter|officer|clerk|secretary|assistant|administrator|economist|psychologist|surgeon|paralegal|barista|waiter|waitress|physio|physiotherapist|recruiter|technician|radiographer|sonographer|radiologist|tattoo artist|tattooist|hairdresser|hairstylist|barber|baker|butcher|carpenter|joiner|welder|builder|roofer|bricklayer|locksmith|decorator|chimney sweep|pilot|flight attendant|cabin crew|social worker|librarian|receptionist|realtor|estate agent|cleaner|gardener|landscaper|farmer|fisherman|postman|postwoman|courier|tailor|optician|optometrist|dietitian|nutritionist|trucker|truck driver|lorry driver|bus driver|security guard|soldier|nanny|childminder|personal trainer|coach|surveyor|florist|bartender|sommelier|copywriter|phd student|postdoc)`;

/** English. The order matters where two rules give one subject: the first that matches wins. */
export const EN: Rule[] = [
  rule("home city", String.raw`\b(?:i|we)(?:'re|’re| are|'m|’m| am|'ve|’ve| have)?(?: (?:just|now|recently|finally|both|all|still|currently|been|no longer|not|don't|don’t|do not)){0,2} (?:live|living|based|settled|moved|moving|relocated|relocating)(?: back)?(?: here)? (?:in|to|out of) ${NAME}`),
  rule("home city", String.raw`\b(?:i|we)(?:'re|’re| are|'m|’m| am) (?:still )?in ${NAME}(?= (?:at the moment|these days|now|for now|for good|currently)\b)`, { needs: "moment days now good currently" }),
  rule("home city", String.raw`\b(?:i|we)(?:'ve|’ve| have|'re|’re| are|'m|’m| am)?(?: (?:just|now|recently|finally|still|currently|been|all|both)){0,2} (?:live|living|moved|moving|move) (?:in|into) (?:a|an|our|my|the) (?:[\p{L}\p{N}-]+ ){0,3}?${DWELLING} (?:in|near|outside) ${NAME}`, { needs: "live living moved moving move" }),
  rule("home city", String.raw`\b(?:move|relocation) to ${NAME}`),
  rule("home city", String.raw`\b(?:i|we)\b[^.;]{0,20}? (?:moved|relocated|moving|relocating)\b[^.;]{0,30}? to ${NAME}`, { needs: "moved relocated moving relocating" }),
  rule("home city", String.raw`\b(?:we|i|me and my \p{L}+) (?:just )?(?:bought|rent|are renting|rented|found) (?:a|an|our) (?:[\p{L}\p{N}-]+ ){0,3}?(?:${DWELLING}|home|place) in ${NAME}`, { needs: "bought rent renting rented found" }),
  rule("home city", String.raw`\b(?:my|our) (?:home ?town|home|city) is (?:now )?(?:in )?${NAME}`),
  rule("home city", String.raw`\bi work (?:as|at|for)\b[^.;]{0,50}? in ${NAME}`),
  rule("housing", String.raw`\b(?:we|i) (?:finally |just )?(?:got|get|picked up|collected) the keys (?:to|for) (?:our|my) (?:first |new |own )?(?<v>${DWELLING}|home)\b`, { needs: "keys" }),
  rule("housing", String.raw`\b(?:we|i) (?:now |currently )?pay (?<v>[^.,;!?]{0,30}?\b(?:in|for|of) rent)\b`, { needs: "rent" }),
  rule("housing", String.raw`\b(?:we|i) (?:just )?(?:bought|own|rent|are renting|rented|sold) (?:a|an|our|the) (?:[\p{L}\p{N}-]+ ){0,3}?(?<v>${DWELLING}|home)\b`),
  rule("housing", String.raw`\b(?:i|we)(?:'ve|’ve| have|'re|’re| are|'m|’m| am)?(?: (?:just|now|recently|finally|still|currently|been|all|both)){0,2} (?:live|living|moved|moving|move) (?:in|into) (?:a|an|our|my|the) (?:[\p{L}\p{N}-]+ ){0,3}?(?<v>${DWELLING})\b`, { needs: "live living moved moving move" }),
  rule("budget", String.raw`\bbudget\b[^.;?]{0,40}?(?<v>${MONEY})`),
  rule("budget", String.raw`\b(?:i|we)(?:'d|’d| would)? (?:can't|can’t|cannot|won't|won’t|don't want to|don’t want to|do not want to|rather not|prefer not to) (?:spend|pay|go) (?:more than|over|above|beyond)\b[^.;?]{0,15}?(?<v>${MONEY})`, { needs: "spend pay go" }),
  rule("budget", String.raw`\b(?:my|our) (?:max|maximum|limit|ceiling|price limit|spending limit|upper limit)\b[^.;?]{0,20}?(?<v>${MONEY})`, { needs: "max maximum limit ceiling" }),
  rule("budget", String.raw`\bkeep (?:it|the cost|costs|the price) (?:under|below|at|around)\b[^.;?]{0,10}?(?<v>${MONEY})`),
  rule("budget", String.raw`\b(?:i|we) can (?:now |only |still )?(?:spend|afford|pay|go up to|stretch)\b[^.;?]{0,20}?(?<v>${AMOUNT})`),
  rule("budget", String.raw`\b(?:can|could) (?:now |only |still )?(?:stretch|go up|go) to (?<v>${AMOUNT})`, { needs: "stretch go" }),
  rule("budget", String.raw`^(?:around|about|roughly|up to|max(?:imum)?|at most)?\s*(?<v>${MONEY})`, { answers: /budget|spend|price range/i }),
  // A ceiling that opens a message, no question needed: "max $200 for the dress".
  rule("budget", String.raw`^(?:max(?:imum)?|at most|tops|no more than) (?<v>${MONEY})`, { needs: "max maximum at tops no" }),
  rule("budget", String.raw`\b(?:we|i)(?:'ve|’ve| have)? (?:now |just )?(?:stretched|increased|raised|upped|bumped) (?:it |the budget |our budget |my budget )?(?:up )?to (?<v>${MONEY})`, { needs: "stretched increased raised upped bumped" }),
  // An amount said with its limit: "£400 all in for the four of us", "1,100 a month max".
  rule("budget", String.raw`(?<v>${MONEY})(?: (?:a|per) (?:month|week|night|person))? (?:all[- ]in|in total|total|tops|max|maximum)\b`, { needs: "all in total tops max maximum" }),
  rule("diet", String.raw`\b(?:i'm|i’m|i am|im|we're|we’re|we are|gone|become|became|i'm now|i’m now|now|fully|strictly|still)\s(?:\p{L}+\s){0,2}?(?<v>vegetarian|vegan|pescatarian|pescetarian|keto|paleo|flexitarian|carnivore|omnivore|gluten-free|dairy-free|lactose-free|low-carb|halal|kosher)\b`),
  // Not eating meat is a diet; not eating fish or dairy is one only when it changed ("no longer"): a vegetarian's "I don't eat fish" changes nothing.
  rule("diet", String.raw`\b(?:i|we) (?:don't|don’t|do not|never) (?:eat|do|touch) (?:any )?(?<v>meat|red meat)\b`, { needs: "eat do touch" }),
  rule("diet", String.raw`\b(?:i|we) (?:haven't|haven’t|have not|hasn't) (?:touched|eaten|had) (?:any )?(?<v>meat|red meat|fish|dairy|pork)\b`, { needs: "touched eaten had" }),
  rule("diet", String.raw`\b(?:i|we)(?:'ve|’ve| have)? (?:no longer eat|stopped eating|quit eating|gave up|given up|cut out) (?:any |all )?(?<v>meat|red meat|fish|dairy|animal products|pork)\b`, { needs: "eat eating gave given cut" }),
  rule("diet", String.raw`\b(?:i|we) (?:don't|don’t|do not) eat (?:any )?(?<v>meat|red meat|fish|dairy|animal products|pork) (?:anymore|any more)\b`, { needs: "eat" }),
  rule("diet", String.raw`\b(?:i|we)(?:'ve|’ve| have|'m|’m| am|'re|’re| are)? (?:went|go|going|turned|switched to) (?:fully |completely |strictly )?(?<v>vegetarian|vegan|pescatarian|pescetarian|keto|paleo|flexitarian)\b`, { needs: "vegetarian vegan pescatarian pescetarian keto paleo flexitarian" }),
  rule("diet", String.raw`\bi (?:eat|'ve started eating|have started eating|started eating) (?<v>meat|fish|chicken)\b`),
  rule("diet", String.raw`\b(?:started|starting|back to|begun) eating (?<v>meat|fish|chicken|poultry|dairy)\b`),
  rule("diet", String.raw`\b(?:eat|eating) (?<v>meat|fish|chicken|poultry|dairy) (?:again|now|these days)\b`),
  rule("allergy", String.raw`\b(?:i'm|i’m|i am|im|i've been|we're)\s(?:\p{L}+\s){0,2}?(?:allergic|intolerant) to (?<v>[\p{L}\s,-]{2,40}?)(?=[,.;]|$| so\b| and\b| but\b)`),
  rule("allergy", String.raw`\b(?:i'm|i’m|i am|we're|we’re|we are)\s(?:\p{L}+\s)?(?<v>lactose|gluten|fructose|histamine|wheat|dairy) intolerant\b`, { needs: "intolerant" }),
  rule("allergy", String.raw`\b(?:i|we) (?:have|'ve got|’ve got|have got) (?:a |an )?(?:severe |mild |bad |serious )?(?<v>[\p{L}-]+) (?:allergy|intolerance)\b`, { needs: "allergy intolerance" }),
  rule("allergy", String.raw`\bmy (?<v>\p{L}+(?: \p{L}+)?) (?:allergy|intolerance)\b`),
  rule("health condition", String.raw`\b(?:diagnosed with|i have|i've got|i’ve got|i suffer from|i've had|my)\b[^.,;]{0,30}?\b(?<v>diabetes|asthma|hypertension|high blood pressure|celiac disease|coeliac disease|migraines?|arthritis|depression|anxiety|ibs|crohn's|epilepsy|adhd|long covid)\b`),
  rule("health condition", String.raw`\bi(?:'m|’m| am) (?<v>pre-?diabetic|prediabetic|celiac|coeliac|diabetic|asthmatic|pregnant)\b`),
  rule("weight", String.raw`\bi(?:'m|’m| am) (?:now |currently |still |at |about |around ){0,2}(?<v>\d{2,3}(?:[.,]\d)?\s?(?:kg|kilos?|lbs?|pounds|stone))\b`),
  rule("weight", String.raw`\b(?:i (?:\p{L}+ )?weigh|i'm down to|i’m down to|i am down to|my weight is|i've lost|down to|i'm up to|weighing|dropped to|got down to|gone down to|went down to)\b[^.,;]{0,15}?(?<v>\d{2,3}(?:[.,]\d)?\s?(?:kg|kilos?|lbs?|pounds|stone))\b`, { needs: "weigh weighing weight down up lost dropped" }),
  rule("age", String.raw`\bi(?:'m|’m| am|m) (?<v>\d{1,2})(?![.,]?\d|\s?(?:ft|foot|feet|'|’|"))(?: years old| yo)?(?! ?(?:kg|km|%|cm|m|mi|miles|min|mins|minutes|secs?|seconds|hours|hrs|days|weeks|months|h|k|kilos?|kgs|lbs?|pounds|stone|st|\$|€|£)\b)`, { needs: "i i'm i’m im" }),
  rule("age", String.raw`\bi (?:just )?turned (?<v>\d{1,2})\b`),
  rule("age", String.raw`\bas an? (?<v>\d{2})[- ](?:year|yr)[- ]old\b`, { needs: "as" }),
  // An age after a name: "I'm Maya, 29, and …".
  rule("age", String.raw`\b(?:i'm|i’m|im|i am) \p{L}[\p{L}'’-]+, (?<v>\d{1,2})(?=[,.;!]|$| and\b| years\b| yo\b)`, { needs: "i'm i’m im i" }),
  rule("age", String.raw`\b(?:i'm |i’m |i am |im )?turning (?<v>\d{2})\b(?! ?(?:kg|km|%|minutes|mins|hours|degrees)\b)`, { needs: "turning" }),
  rule("job", String.raw`\b(?:i(?:'m|’m| am)?|and|now) (?:now |currently )?(?:work|working) as (?:an? )?(?<v>[^.,;]{2,40}?)(?=[,.;]| at\b| in\b| for\b|$)`),
  rule("job", String.raw`\bi(?:'m|’m| am) (?:now |currently |still )?(?:an? )(?<v>(?:[\p{L}\p{N}-]+ ){0,3}${JOBS})\b`),
  rule("job", String.raw`\bi (?:now |still )?(?:own|run) (?:a|an|my own|our own|the family) (?<v>(?:(?:small|little|family|local|busy) )?(?:bakery|restaurant|café|cafe|coffee shop|shop|store|business|company|startup|bar|pub|salon|farm|hotel|gym|agency|studio|practice|clinic|garage|bookshop|bookstore|florist)\b[^.,;!?]{0,30}?)(?=[.,;!?]|$)`, { needs: "own run" }),
  rule("job", String.raw`\bi(?:'ve|’ve| have| was| got)? (?:just )?(?:been )?promoted to (?<v>[^.,;]{2,40}?)(?=[,.;]| at\b| in\b|$)`, { needs: "promoted" }),
  rule("job", String.raw`\bi (?<v>teach|lecture|tutor)\b`, { needs: "teach lecture tutor" }),
  // A job after a name: "I'm Tomasz, solo indie game dev".
  rule("job", String.raw`\b(?:i'm|i’m|im|i am) \p{L}[\p{L}'’-]+, (?:an? )?(?<v>(?:[\p{L}-]+ ){0,3}${JOBS})\b`, { needs: "i'm i’m im i" }),
  rule("job", String.raw`\bi (?:got|started|took|accepted|landed|start) (?:a |the |my )?(?:new )?(?:[\p{L}-]+ ){0,3}?(?:job|position|role)\b(?! of\b)`),
  rule("job", String.raw`\bi (?:quit|left|lost) my job\b`),
  rule("job", String.raw`\bi(?:'m|’m| am|'ve|’ve| have)? (?:now |just |recently )?(?:been )?(?<v>retired|self-employed|unemployed|laid off|made redundant|between jobs)\b`, { needs: "retired self-employed unemployed laid made between" }),
  rule("work schedule", String.raw`\b(?<v>night|day|early|late|morning|evening|weekend|split) shifts?\b`),
  rule("work schedule", String.raw`\b(?:i'm|i’m|i am|im|now|still) on (?<v>(?:maternity|paternity|parental) leave)\b`),
  // Not what it was then: "on nights it was barely 5k".
  rule("work schedule", String.raw`\b(?:on|back on|off|switched to|moved to|moved onto|swapped to) (?<v>nights|days)\b(?! (?:it|that|i|we|they) (?:was|were|used to)\b)`),
  rule("work schedule", String.raw`\b(?:work|working) (?<v>nights|days|weekends|evenings|mornings|nine to five|9 to 5)\b`),
  rule("work schedule", String.raw`\b(?:work|working) (?<v>(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\p{L}*\s?(?:-|–|to|through|thru)\s?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\p{L}*)`, { needs: "work working" }),
  rule("work schedule", String.raw`\b(?:work|working) (?<v>from home|remotely|remote|part[- ]time|full[- ]time|from the office|in the office|on site|onsite)\b`),
  rule("work schedule", String.raw`\b(?:went|go|going|am|i'm|we're|is|are) (?<v>fully remote|remote|part[- ]time|full[- ]time|hybrid)\b`),
  rule("running days per week", String.raw`\b(?:run|running|jog|jogging)\b[^.;]{0,30}?\b${NUMBER} (?:days|times|runs|sessions) (?:a|per|each) week\b`),
  rule("running days per week", String.raw`\b${NUMBER} (?:days|times|runs) (?:a|per|each) week\b`, { topic: /\b(?:run|runs|running|jog|jogging)\b/i, needs: "days times runs" }),
  rule("running days per week", String.raw`\b(?<v>once|twice|thrice) (?:a|per|each|every) week\b`, { topic: /\b(?:run|runs|running|jog|jogging)\b/i }),
  rule("running days per week", String.raw`\b(?<v>second|third|fourth|fifth|sixth) (?:run|session|day) (?:a|per|each|every) week\b`, { topic: /\b(?:run|runs|running|jog|jogging)\b/i }),
  rule("daily steps", String.raw`(?<v>\d[\d,.]*) steps (?:a|per|each) day\b`, { needs: "steps" }),
  // Steps said without the word, where the conversation is about them: "averagin about 6000 a day now".
  rule("daily steps", String.raw`\b(?:averag\p{L}*|doing|hitting|getting|at|up to|down to)(?: (?:about|around|like|roughly))? (?<v>\d{1,2}[,.]?\d{3}|\d{1,2}k|\d{1,2} thousand) (?:a|per|each) day\b`, { topic: /\bsteps?\b/i, needs: "day" }),
  // Weight said without a unit, where the conversation gives it: "weights holdin around 244".
  rule("weight", String.raw`\bweight(?:'s|’s|s| is)? (?:holding|holdin|steady|stable|sitting|hovering|stuck)(?: (?:at|around|about|on))? (?<v>\d{2,3}(?:[.,]\d)?)(?:\s?(?:kg|kilos?|lbs?|pounds))?\b`, { needs: "weight weights" }),
  rule("training goal", String.raw`\b(?:training for|preparing for|signed up for|registered for|entered|my goal is to run|my goal is to finish|my goal is to do|(?:want|hope|plan|aim|trying|going) to (?:run|finish|complete|do|get through|race))\b[^.,;]{0,60}?\b(?<v>marathon|half marathon|half-marathon|ultra|triathlon|ironman|10k|5k|race|trail)\b`, { needs: "training preparing signed registered entered goal want hope plan aim trying going" }),
  rule("partner", String.raw`\bmy (?<v>husband|hubby|wife|partner|girlfriend|boyfriend|fiancée?|spouse|other half|better half)\b`),
  rule("partner", String.raw`\b(?:got|are|we're|we’re|we are|just|recently) (?<v>engaged|married|divorced|separated)\b`),
  rule("partner", String.raw`\b(?:we|i) (?:just |finally )?(?<v>tied the knot|got hitched)\b`, { needs: "tied got" }),
  rule("partner", String.raw`\b(?:i'm|i’m|i am|im) (?:now )?(?<v>single|married|divorced|engaged|widowed)\b`),
  rule("partner", String.raw`\bwe (?<v>broke up|split up)\b`, { needs: "broke split" }),
  // A couple counted in years: "We've been together 6 years".
  rule("partner", String.raw`\bwe(?:'ve|’ve| have)? (?:now )?been (?<v>together|married)\b(?! with\b)`, { needs: "we've we’ve we" }),
  // Not "I was born …": a birthday.
  rule("children", String.raw`\b(?<!\bi )(?:was|were) born\b`),
  rule("children", String.raw`\b(?:expecting|pregnant)\b`),
  rule("children", String.raw`\b(?:we have|i have|we've got|i've got|our|with our|my)\s(?:\p{L}+\s)?(?<v>kids|children|sons?|daughters?|baby|babies|toddler|twins|child|little ones?|eldest|youngest|newborn)\b`),
  rule("pet", String.raw`\b(?:got|have|adopted|bought|rescued|own|has|getting|adopting)\b[^.;]{0,20}?\b(?<v>${BREED}|puppy|dog|cat|kitten|rabbit|bunny|hamster|parrot|horse|guinea pig|tortoise|turtle|ferret|budgie)\b`),
  rule("pet", String.raw`\b(?:my|our) (?<v>${BREED}|puppy|dog|cat|kitten|rabbit|bunny|hamster|parrot|horse|guinea pig)\b(?! (?:food|sitter|walker))`),
  rule("travel date", String.raw`${TRAVEL}[^.;]{0,80}?\b(?<v>${DATE}|${IN_MONTH}(?! \d)|${HOLIDAY})`),
  rule("travel date", String.raw`\b(?<v>${DATE})[^.;]{0,40}?${TRAVEL}`, { needs: TRAVEL_WORDS }),
  rule("travel origin", String.raw`\b(?:fly|flying|flight|flights|departing|leaving|driving|start|starting)\b(?: \p{L}+)?? (?:from|out of) ${NAME}`),
  rule("travel destination", String.raw`\b(?:trip|holiday|vacation|journey)\b[^.;]{0,40}?: (?:the )?${NAME}`, { needs: "trip holiday vacation journey" }),
  rule("travel destination", String.raw`\bdestination\b[^.;]{0,20}? (?:to|is) ${NAME}`),
  rule("travel destination", String.raw`\b(?:trip|travel|travelling|traveling|flying|fly|going|heading|holiday|vacation|visiting|hotel|flight|getaway|honeymoon)\b(?: [\p{L}'’-]+){0,3}? (?:to|in) ${NAME}`),
  rule("car", String.raw`\b(?:drive|bought|own|have|got|leased|sold|traded|swapped|switched)\b[^.;]{0,30}?\b(?<v>toyota|honda|civic|ford|vw|volkswagen|golf|bmw|audi|mercedes|tesla|renault|peugeot|citroën|fiat|seat|skoda|kia|hyundai|nissan|mazda|volvo|opel|dacia|subaru|jeep|prius|car|suv|minivan|pickup|motorbike|motorcycle)\b`),
  // "I'm on a MacBook Air now" says what the user has now, before "my old ThinkPad" of the same sentence.
  rule("phone", String.raw`\b(?:i'm|i’m|i am|now) on (?:a|an|the|my) (?<v>${PHONE})`, { needs: "iphone pixel galaxy samsung xiaomi redmi oneplus huawei motorola nokia fairphone" }),
  rule("phone", String.raw`\b(?:have|got|bought|ordered|switched to|use|using|my)\b(?!(?: \p{L}+)? (?:old|former|previous)\b)[^.;]{0,20}?\b(?<v>${PHONE})`),
  rule("laptop", String.raw`\b(?:i'm|i’m|i am|now) on (?:a|an|the|my) (?<v>${LAPTOP})`, { needs: "laptop notebook macbook thinkpad xps surface chromebook zenbook vivobook ideapad" }),
  rule("laptop", String.raw`\b(?:have|got|bought|ordered|switched to|use|using|my)\b[^.;]{0,20}?\b(?<v>${LAPTOP})`),
  rule("operating system", String.raw`\b(?:i use|i'm using|i’m using|i run|running|i switched|i moved|we switched|we moved|we use|i'm on|i’m on)\b[^.;]{0,20}?\b(?<v>linux|ubuntu|windows|macos|mac os|fedora|debian|chromeos|arch)\b`),
  rule("programming language", String.raw`\b(?:code|coding|program|programming|develop|write|work|works|switched|switching|moving|started with|starting with|learning|picked up)\b[^.;]{0,30}?\b(?:in|to|with) (?<v>${LANGUAGES})\b`),
  rule("programming language", String.raw`\b(?:started|starting|learning|picked up|switched to|switching to|moved to|moving to) (?:with )?(?<v>${LANGUAGES})\b`),
  rule("shoe size", String.raw`\b(?:wear|take|am|i'm|shoe size is|size)\b(?: a| an| size| us| uk| eu){0,2} (?<v>\d{1,2}(?:[.,]5)?)\b[^.;]{0,10}?\b(?:shoes?|boots?|trainers|sneakers)\b`),
  rule("shoe size", String.raw`\bshoe size (?:is )?(?<v>\d{1,2}(?:[.,]5)?)\b`),
  rule("clothing size", String.raw`\b(?:i wear|i take|i'm a|i am a)(?: size)? (?<v>xxs|xs|s|m|l|xl|xxl|small|medium|large)\b`),
  rule("language learning", String.raw`\b(?:taking|started|doing|having) (?<v>${SPOKEN}) (?:classes|lessons|courses|class|lessons)\b`),
  rule("language learning", String.raw`\b(?:learning|studying|taking lessons in|taking classes in)\b (?<v>english|spanish|german|french|italian|portuguese|japanese|chinese|mandarin|korean|arabic|dutch|russian|polish|swedish|greek|turkish)\b`),
  rule("name", String.raw`\b(?:my name is|call me|my name's) ${NAME}`),
  // An introduction after the fact: "btw i'm Megan lol, forgot to say".
  rule("name", String.raw`\b(?:btw|by the way),? (?:i'm|i’m|im|i am) (?<name>\p{L}[\p{L}'’-]+)(?=[,.!]|$| (?:lol|haha|btw|here)\b)`, { needs: "btw by" }),
  // The name as a message opens with it, its "my" left out: "names Dale. been haulin flatbed …".
  rule("name", String.raw`^(?:the )?name(?:'s|’s|s| is) (?<name>\p{L}[\p{L}'’-]+)(?=[.,!]|$)`, { needs: "name names name's name’s" }),
  // A greeting's introduction: "Morning. Declan here, 68 years young".
  rule("name", String.raw`^(?:(?:hi|hey|hello|hiya|morning|evening|afternoon|yo)[,!]? )?(?!(?:same|nobody|everyone|anyone|someone|me|new|help|stuck|nothing|newbie|beginner|question)\b)(?<name>\p{L}[\p{L}'’-]+) here(?=[,.!]|$| again\b)`, { needs: "here" }),
  // A name in lowercase before "btw": "im maya btw" (a state, a place or a verb is none).
  rule("name", String.raw`\b(?:i'm|i’m|im) (?!(?:${NATIONALITY}|new|here|back|sorry|fine|good|ok|okay|tired|bored|confused|lost|stuck|vegan|vegetarian|pregnant|single|married|divorced|engaged|retired|unemployed|broke|sick|ill|home|done|serious|kidding|joking|not|so|very|really|just|still|now|also|actually|currently|on|in|at|from|off|out|up|over|curious|happy|sad|scared|nervous|excited|alone|free|busy|late|early|exhausted|knackered|skint|desperate|clueless)\b)(?!\p{L}+ing\b)(?<v>\p{L}{3,12})(?= (?:btw|by the way)\b)`, { needs: "btw by" }),
  // A sentence that is an introduction: "I'm Tomasz btw.", "I'm Priya, …" (a nationality, a faith or a state is none).
  rule("name", String.raw`^(?:(?:so|well|ok|okay|anyway|right),? )?(?:i'm|i’m|im|i am) (?!(?:${NATIONALITY}|catholic|christian|muslim|jewish|hindu|buddhist|atheist|vegan|vegetarian|pregnant|fine|good|ok|okay|back|new|here|home|done|sorry|sure|not|so|very|really|just|still|now)\b)(?<name>\p{L}[\p{L}'’-]+)(?=,? (?:btw|by the way|here)\b|,|!|\.?$| and (?:i|i'm|i’m|i've|i’ve|my)\b)`, { needs: "i'm i’m im i" }),
  // Where a home is said in lowercase: after "live in" / "based in", a word that is no article, pronoun or state of mind.
  rule("home city", String.raw`\b(?:i|we|im|i'm|i’m|we're|we’re)(?: (?:now|currently|still|also|both))? (?:live|living|based|reside|residing) in (?!(?:${NOT_A_TOWN})\b)(?<v>\p{L}{3,}(?: \p{L}{3,})?)(?=[,.;!?)]|$| (?:now|atm|rn|lol|haha|currently|these days|for now|since|with|and|but|so)\b)`, { needs: "live living based reside residing" }),
  rule("favorite {kind}", String.raw`\b(?:my|our) (?:all[- ]time |absolute )?fav(?:ou?rite|e)? (?<kind>${FAVORITE_KINDS}) (?:is|are|has to be|would be|'s|’s) (?:probably |definitely |still |now )?(?<v>[^.,;!?]{2,60}?)(?=[.,;!?]|$| (?:but|and|because|though)\b)`, { kinds: ENGLISH_KINDS }),
  rule("favorite {kind}", String.raw`\bi (?:love|like|prefer) (?<v>[^.,;!?]{2,40}?) (?:the )?(?:most|best)\b[^.;]{0,20}?\b(?<kind>${FAVORITE_KINDS})\b`, { kinds: ENGLISH_KINDS, needs: "most best" }),
  rule("contact preference", String.raw`\b(?:contact|reach|ping|message) (?:me|us) (?:by|via|over|on|through) (?<v>e-?mail|phone|text|sms|whatsapp|telegram|signal|slack)\b`),
  rule("contact preference", String.raw`\b(?:i|we)(?:'d|’d| would)? (?:prefer|rather|like) (?:to be (?:contacted|reached) |to hear (?:back )?|being contacted |contact )?(?:by|via|over|through) (?<v>e-?mail|phone|text|sms|whatsapp|telegram|signal|slack)\b`, { needs: "email e-mail phone text sms whatsapp telegram signal slack" }),
  rule("contact preference", String.raw`\b(?:i|we) prefer (?<v>e-?mails?|phone calls|calls|texts|text messages|whatsapp)\b`, { needs: "email emails e-mail e-mails calls texts text whatsapp" }),
  rule("answer style", String.raw`\b(?:i|we)(?:'d|’d| would)? (?:prefer|like|want|need|love) (?<v>(?:very |really |much )?(?:short|shorter|brief|concise|detailed|longer|long|simple|simpler|plain|technical|step-by-step|bullet[- ]point(?:ed)?)) (?:answers|responses|replies|explanations|summaries|instructions)\b`, { needs: "answers responses replies explanations summaries instructions" }),
  rule("answer style", String.raw`\b(?:keep|make) (?:your |the |all )?(?:answers|responses|replies) (?<v>short|brief|concise|simple|detailed)\b`, { needs: "keep make" }),
  rule("seat preference", String.raw`\b(?:i|we)(?:'d|’d| would)? (?:always )?(?:prefer|like|want|need|book|take|get|choose) (?:an? |the )?(?<v>window|aisle|exit[- ]row|front[- ]row) seats?\b`, { needs: "seat seats" }),
  rule("languages spoken", String.raw`\b(?:i|we) (?:speak|can speak|also speak) (?:fluent |good |basic |some |a little |a bit of )?(?<v>${SPOKEN}(?:(?:, | and | & )(?:fluent |good |basic |some |a little )?${SPOKEN}){0,3})\b`, { needs: "speak can also" }),
  rule("languages spoken", String.raw`\b(?:i'm|i’m|i am|im) (?:fluent|bilingual|trilingual|native) (?:in )?(?<v>${SPOKEN}(?:(?:, | and | & )${SPOKEN}){0,3})\b`, { needs: "fluent bilingual trilingual native" }),
  rule("languages spoken", String.raw`\bmy (?:native|first|mother) (?:language|tongue) is (?<v>${SPOKEN})\b`),
  rule("education", String.raw`\bi(?:'m|’m| am|m)? (?:currently |now |still )?(?:study|studying|studied) (?<v>${FIELDS}(?: and ${FIELDS})?)\b`, { needs: "study studying studied" }),
  rule("education", String.raw`\bi(?:'m|’m| am|m)? (?:currently |now |still )?(?:majoring in|major in|majored in|doing (?:an? |my )?(?:degree|phd|masters?|master's|bachelor'?s|mba|msc|bsc|ba|ma) in) (?<v>[^.,;!?]{2,50}?)(?=[.,;!?]|$| (?:at|in (?:my|the)|and|but|so)\b)`, { needs: "majoring major majored doing" }),
  rule("education", String.raw`\bi(?:'m|’m| am|m) (?:currently |now )?(?:doing|starting|finishing|writing|working on) (?:an? |my )(?<v>(?:phd|ph\.d\.|doctorate|masters?|master's|mba|bachelor'?s|degree|dissertation|thesis|apprenticeship)\b[^.,;!?]{0,40}?)(?=[.,;!?]|$)`, { needs: "phd doctorate masters master's master mba bachelor's bachelors bachelor degree dissertation thesis apprenticeship ph" }),
  rule("education", String.raw`\bi (?:just |recently |finally )?graduated (?:from )?(?<v>[^.,;!?]{2,50}?)(?=[.,;!?]|$)`, { needs: "i" }),
  rule("birthday", String.raw`\bmy birthday(?:'s|’s| is)? (?:on )?(?<v>${DATE}|the \d{1,2}(?:st|nd|rd|th)\b(?: of ${MONTH})?|\d{1,2}/\d{1,2}\b)`),
  rule("birthday", String.raw`\bi was born (?:on )?(?<v>${DATE}(?:,? \d{4})?|in \d{4}|on \d{1,2}/\d{1,2}/\d{2,4})`, { needs: "born" }),
  rule("height", String.raw`\bi(?:'m|’m| am|m) (?:about |around |roughly |only )?(?<v>\d[.,]\d{1,2} ?m\b|\d{3} ?cm\b|\d ?(?:'|’|ft|foot|feet) ?\d{1,2}(?: ?(?:"|”|in\b|inches\b))?|\d ?(?:ft|foot|feet)\b)(?: tall)?`, { needs: "i im" }),
  rule("height", String.raw`\bmy height is (?<v>[^.,;!?]{2,20}?)(?=[.,;!?]|$)`),
  rule("time zone", String.raw`\b(?:i|we)(?:'m|’m| am|m|'re|’re| are| live| work)?(?: based)? (?:in|on) (?:the )?(?<v>(?:pacific|eastern|central|mountain|atlantic|greenwich|gmt|utc|cet|cest|est|edt|pst|pdt|cst|mst|bst|ist|jst|aest)(?: ?[+-] ?\d{1,2})?)(?: time(?: ?zone)?)?\b`, { needs: "pacific eastern central mountain atlantic greenwich gmt utc cet cest est edt pst pdt cst mst bst ist jst aest" }),
  rule("time zone", String.raw`\bmy time ?zone is (?<v>[\p{L}\p{N}/+:_ -]{2,30}?)(?=[.,;!?]|$)`),
  rule("smoking", String.raw`\bi(?:'ve|’ve| have)? (?:just |finally |recently )?(?<v>quit smoking|stopped smoking|gave up smoking|given up smoking|started smoking again|started smoking|smoke|vape|don't smoke|don’t smoke|do not smoke|no longer smoke|never smoked)\b`, { needs: "smoke smoking smoked vape" }),
  rule("smoking", String.raw`\bi(?:'m|’m| am|m) (?:a |an )?(?<v>smoker|non-smoker|nonsmoker|ex-smoker|former smoker)\b`, { needs: "smoker non-smoker nonsmoker ex-smoker former" }),
  rule("income", String.raw`\b(?:i|we) (?:now |currently )?(?:earn|take home|bring home|get paid|gross|net)\b[^.;?]{0,20}?(?<v>${AMOUNT})`, { needs: "earn take bring paid gross net" }),
  // "Make" takes money or thousands only: "I make 60k", not "we make 500 cookies".
  rule("income", String.raw`\b(?:i|we) (?:now |currently )?make\b[^.;?]{0,15}?(?<v>${MONEY}|\b\d{1,3}(?:[.,]\d)?k\b)`, { needs: "make" }),
  rule("income", String.raw`\bmy (?:salary|income|take-home(?: pay)?|pay|wage) is (?:now )?(?:about |around |roughly )?(?<v>${AMOUNT})`),
  rule("origin", String.raw`\b(?:i(?:'m|’m| am)|i come|we(?:'re|’re| are)) (?:originally |actually )?from ${NAME}`, { needs: "i i'm i’m we we're we’re" }),
  rule("origin", String.raw`\b(?:i|we) grew up in ${NAME}`, { needs: "grew" }),
  rule("nationality", String.raw`\bi(?:'m|’m| am) (?:a |an )?(?:half[- ])?(?<v>${NATIONALITY})(?: citizen| national)?\b(?! (?:food|cuisine|restaurants?|dishes|recipes?|films?|movies?|music|wine|beer|class(?:es)?|lessons?|course|speaker|teacher|tutor))`, { needs: NATIONALITY_WORDS }),
  rule("food dislikes", String.raw`\b(?:i|we) (?:really |just |honestly )?(?:don't|don’t|do not|can't|can’t|cannot) (?:like|stand|handle|do|tolerate) (?:anything |any )?(?<v>${FOOD})\b`, { needs: FOOD_WORDS }),
  rule("food dislikes", String.raw`\b(?:i|we) (?:really |just |absolutely )?(?:hate|dislike|detest|loathe) (?<v>${FOOD})\b|\b(?:i'm|i’m|i am|im) not (?:a (?:big )?fan of|into) (?<v2>${FOOD})\b`, { needs: FOOD_WORDS }),
  rule("food likes", String.raw`\b(?:i|we) (?:really |absolutely |just )?(?:love|like|adore|enjoy) (?<v>${FOOD})\b|\b(?:i'm|i’m|i am|im) (?:a (?:big |huge )?fan of|obsessed with|into) (?<v2>${FOOD})\b`, { needs: FOOD_WORDS }),
];

