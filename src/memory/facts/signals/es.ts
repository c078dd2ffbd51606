import { signal, type Person, type Signal } from "../signal.ts";
import { AMOUNT, BABY_AGE, KIDS_AGES, BREED, CAR_MODEL, LAPTOP_MAKE, RACE_K, DWELLING, MONEY, LETTER_SIZE, PHONE_MAKE, compile } from "../rule.ts";

const PLACE = String.raw`(?<name>\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*)?)`;
export const MONTH = String.raw`(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)\b`;
const DATE = String.raw`\b(?:\d{1,2} de ${MONTH}|\d{1,2}/\d{1,2}\b|(?:en|a principios de|a finales de|a mediados de) ${MONTH})`;
const TRAVEL = String.raw`\b(?:hotel(?:es)?|tiquetes?|billetes?|boletos?|pasajes?|vuelo\p{L}*|volamos|vuelo|avión|viaj\p{L}*|vacaciones|escapada|salimos|salgo|salida|regreso|volvemos|tren|luna de miel|visitar|visita|reserv\p{L}*|(?:vamos|voy)(?! a \p{L}+(?:ar|er|ir)\b| a base de\b)|ir|irnos|irme)\b`;
export const CHANGE = String.raw`\b(?:mejor|al final|finalmente|ahora|ya|cambiado|cambiamos|cambié|retrasado|adelantado|aplazado|pospuesto|movido|nuevo plan|decidimos|decidí|en vez de|en lugar de)\b`;
const ANIMAL = String.raw`(?:${BREED}|perr[oa]s?|perrit[oa]s?|cachorr[oa]s?|gat[oa]s?|gatit[oa]s?|conejos?|hámster|hamster|loros?|periquitos?|caballos?|poni|cobayas?|tortugas?|hurones?|gallinas|golden)`;
const JOBS = String.raw`(?:ingenier[oa]|desarrollador[a]?|programador[a]?|enfermer[oa]|profesor[a]?|maestr[oa]|analista|diseñador[a]?|médic[oa]|abogad[oa]|contador[a]?|contable|gerente|jef[ea] de \p{L}+|encargad[oa] de \p{L}+|encargad[oa]|consultor[a]?|traductor[a]?|estudiante|cociner[oa]|chef|arquitect[oa]|farmacéutic[oa]|electricista|fontaner[oa]|conductor[a]?|periodista|fotógraf[oa]|vendedor[a]?|dependient[ea]|secretari[oa]|camarer[oa]|policía|bomber[oa]|funcionari[oa]|administrativ[oa]|auxiliar|veterinari[oa]|fisioterapeuta|psicólog[oa]|educador[a]?|comercial|directora?|director)`;
/** Looking for one is not having one: "I'm looking for a new laptop". */
const SEEKING = String.raw`\b(?:busco|buscamos|necesito|necesitamos|quiero|queremos|recomiend\p{L}*)\b`;
/** Whoever treats the user: what they said is about the user ("el fisio dice 4 semanas parado"). */
const MEDIC = String.raw`(?:médic[oa]|doctor[a]?|fisio|fisioterapeuta|\p{L}{2,12}ólog[oa]|especialista|dentista)`;
const REPORTED = String.raw`(?:dice|dijo|me dijo|ha dicho|me ha dicho|cree|confirmó|me ha dado el alta|me dio el alta)`;
/** Countries and cities people travel to, for a destination written in lowercase or without accents ("a peru"). */
const DESTINATION = String.raw`(?:jap[oó]n|corea|china|tailandia|vietnam|bali|indonesia|india|australia|nueva zelanda|canad[aá]|estados unidos|eeuu|nueva york|m[eé]xico|per[uú]|brasil|argentina|chile|colombia|costa rica|cuba|islandia|noruega|suecia|escocia|irlanda|inglaterra|londres|francia|par[ií]s|italia|roma|portugal|lisboa|grecia|croacia|turqu[ií]a|marruecos|egipto|kenia|alemania|berl[ií]n|praga|viena|budapest|[aá]msterdam|canarias|tenerife|mallorca|menorca|ibiza)`;
const SPOKEN = String.raw`(?:inglés|español|alemán|francés|italiano|portugués|japonés|chino|mandarín|coreano|árabe|holandés|neerlandés|ruso|polaco|sueco|griego|turco|catalán|euskera|gallego)`;
/** Spanish drops the pronoun: the verb says the speaker ("tengo", "nos mudamos", "compré"). */
const FIRST_PERSON_VERB = String.raw`\p{L}{1,20}(?:amos|emos|imos)|\p{L}{0,20}[bcdfgjlmnprstvz]é|\p{L}{1,20}ié|\p{L}{2,20}[bcdgmnprtv]í|\p{L}{2,20}guí|salí|soy|estoy|tengo|vivo|trabajo|laburo|curro|peso|mido|calzo|uso|llevo|paro|hago|corro|camino|voy|puedo|quiero|necesito|gasto|aprendo|estudio|busco|prefiero|salgo|vuelo|cuido|cobro|ahorro|alquilo|pago|sigo|entreno|acabo|empiezo|cumplo|cumplí|vuelvo|bajo|subo|paso|cambio|dejo|toco|practico|hablo|fumo|gano|he|hemos`;

export const ES_PERSON: Person = {
  self: compile(String.raw`\b(?:yo|nosotr[oa]s|me|nos|(?:próximo|nuevo|siguiente) (?:objetivo|reto)|(?:próxima|siguiente) meta|${FIRST_PERSON_VERB}|(?:el|la|mi) ${MEDIC} ${REPORTED})\b`, "iu"),
  // A clause that starts with the speaker's state, its verb left out: "Ya recuperado de la rodilla", "Lesión en el tendón".
  subjectless: compile(String.raw`^\s*(?:(?:ya|por fin|recién|al final|también|ahora|todavía)\s+)?(?:\p{L}{2,20}(?:ad|id)[oa]s?|lesión|embarazada|vegan[oa]|vegetarian[oa])\b`, "iu"),
  own: compile(String.raw`\b(?:mi|mis|nuestr[oa]s?)\b`, "iu"),
  other: compile(
    String.raw`^\s*(?:(?:y|pero|aunque|bueno|pues|además|igual)\s+)?(?:a )?(?:(?:mi|mis|nuestr[oa]s?|su|sus) (?:\p{L}+ )?(?:herman[oa]s?|madre|mamá|padre|papá|padres|amig[oa]s?|compañer[oa]s?|colegas?|jef[ea]|vecin[oa]s?|prim[oa]s?|sobrin[oa]s?|tí[oa]|abuel[oa]s?|cuñad[oa]s?|suegr[oa]s?|casero|médic[oa](?! ${REPORTED}))|él|ella|ellos|ellas)\b`,
    "iu",
  ),
  household: compile(String.raw`^\s*(?:mi|mis|nuestr[oa]s?|su|sus) (?:\p{L}+ )?(?:marido|esposa|esposo|mujer|novi[oa]|pareja|hij[oa]s?|bebé|perr[oa]|gat[oa]|prometid[oa])\b`, "iu"),
  together: compile(String.raw`^\s*(?:\p{L}+ ){1,3}y yo\b`, "iu"),
  ending: compile(String.raw`\b(?:murió|murieron|muri[oó]|falleci[oó]|se nos fue|sacrificad[oa]s?|vend(?:í|imos|ido|ió|ieron)|regal(?:é|amos|ado)|separ(?:é|amos|ado|ada|ados)|rompimos|cortamos)\b`, "iu"),
  wish: compile(String.raw`\b(?:quiero|quiere|quieren|queremos|quería\p{L}*|busc(?:o|a|an|amos|ando)|sueñ\p{L}*|piden|pide|pedimos)\b`, "iu"),
  condition: compile(String.raw`^\s*(?:si|cuando|en caso|quizás|quizá|tal vez)\b|\b(?:podría\p{L}*|querría\p{L}*|debería\p{L}*|pensando en|encantaría|gustaría|ojalá|algún día)\b`, "iu"),
};

const RUNNING = /\b(?:corr\p{L}*|carreras?|running|trotar|rodajes?|tiradas?|marat\p{L}*|zapatillas)\b/iu;
const NOT_RUNNING_DAYS = String.raw`\b(?:trabaj\p{L}*|teletrabaj\p{L}*|oficina|gimnasio|natación|yoga|pilates|clases?)\b`;

/** Words that make an amount the budget: "gastar", "como mucho", "al mes". */
const BUDGET_WORDS = String.raw`\b(?:presupuesto|gastar|pagar|permitir\p{L}*|máximo|hasta|como mucho|menos de|no más de|límite|tope|al mes|mensual\p{L}*|por noche|la noche|por persona|en total|ahorrad[oa]s?|ahorros|unos|unas|alrededor de|más o menos)\b`;

/** Spanish signals: the words any phrasing of a subject uses. */
/** A home: "estudio" only as a noun ("un estudio"), since "estudio" is also "I study". */
const HOME = String.raw`(?:${DWELLING}|casita|adosad[oa]|depa|habitación|dúplex|loft|(?:un|el|mi|nuestro) estudio)`;

/** Pastimes by their own words ("toco la guitarra", "me encanta el senderismo"); correr, la bici y el gimnasio son temas de entrenamiento. */
const PASTIME = String.raw`(?:afición|aficion|aficiones|hobby|pasatiempo|fotografía|fotografia|fotos|pintura|pintar|dibujo|dibujar|tejer|ganchillo|costura|cerámica|ceramica|jardinería|jardineria|senderismo|escalada|búlder|yoga|pilates|ajedrez|videojuegos|juegos de mesa|guitarra|piano|violín|violin|batería|bateria|ukelele|saxofón|saxofon|flauta|cantar|coro|bailar|baile|salsa|tango|surf|esquí|esqui|snowboard|vela|kayak|remo|pesca|pescar|repostería|reposteria|tenis|fútbol|futbol|baloncesto|voleibol|balonmano|golf|bádminton|pádel|padel|artes marciales|kárate|karate|judo|boxeo|esgrima|equitación|equitacion|camping|buceo)`;

export const ES: Signal[] = [
  signal("hobby", String.raw`\b${PASTIME}\b`, { with: String.raw`\b(?:toco|tocamos|tocar|juego|jugamos|jugar|hago|hacemos|practico|practicamos|encanta|encantan|me gusta|afición|aficion|hobby|pasatiempo|pasión|pasion|empecé|empece|apunté|apunte|apuntado|apuntada|fan de)\b`, unless: SEEKING + "|" + String.raw`\b(?:ver|veo|vemos|entradas?)\b` }),
  signal("pet", String.raw`\b${ANIMAL}\b`, { owned: true, unless: String.raw`\b(?:alérgic[oa]|miedo|vecin\p{L}*)\b|\bnada de (?:perro|gato)|\bsin (?:perro|gato)\b|parque para perros|pienso|\b(?:nos|me) (?:encanta|encantan|gusta|gustan)\b` }),
  // A pet said by its litter or its shelter: "la litière de Pistache", "Lola, que la adopté de la protectora".
  signal("pet", String.raw`\b(?:arenero|adopt\p{L}* (?:\p{L}+ ){0,3}(?:de|en) la (?:protectora|perrera))\b`, { owned: true }),
  signal("partner", String.raw`\b(?:marido|espos[oa]|mi ex|ex(?:marido|mujer|novi[oa]|pareja)|(?:mi|nuestra) mujer|novi[oa]|pareja|prometid[oa]|casad[oa]s?|casamos|boda|comprometid[oa]s?|divorciad[oa]s?|divorcio|separad[oa]s?|separamos|rompimos|lo dejamos|lo he dejado|saliendo con|salgo con|llevamos (?:[\p{L}\p{N}]+ ){1,3}junt[oa]s|junt[oa]s desde)\b`, { owned: true }),
  // Someone named with the user, sealing a life together, is a partner: "Marta y yo firmamos la hipoteca".
  signal("partner", String.raw`(?<=\b(?<name>(?!(?:mamá|papá|madre|padre|hermana|hermano|abuela|abuelo|tía|tío)\b)\p{L}+) )y yo\b`, { with: String.raw`\b(?:boda|casarnos|casamos|comprometid[oa]s|firmamos|hipoteca\p{L}*|crédito|contrato|nos mudamos|nos vamos a vivir|nos vamos a (?:una|un) (?:casa|piso|depa\p{L}*|departamento))\b` }),
  signal("children", String.raw`\b(?:dando (?:el )?pecho|lactancia|hij[oa]s?|niñ[oa]s|bebé|bebés|peques?|pequeñ[oa]s?|gemel[oa]s|mellizos|embarazada|embarazo|nació|nacieron|nacimiento|ser (?:padres|madre|padre|mamá|papá)|(?:madre|padre|mamá|papá) de (?:un|una|dos|tres|cuatro|cinco|\d)|hijastr[oa])\b`, { owned: true, unless: String.raw`\b(?:de niñ[oa]|desde niñ[oa]|cuando era|como un bebé)\b` }),
  signal("job", String.raw`\b(?:ascendid[oa]|ascenso|me ascendieron|contratad[oa]|cogid[oa]|me cogieron|(?:dejé|dejado|dejo) (?:la|el) (?:enseñanza|docencia|hostelería|banca|abogacía|medicina|enfermería|policía|ejército|comercio)|despedid[oa]|despido|dimití|renuncié|jubil\p{L}*|en paro|desemplead[oa]|autónom[oa]|freelance|(?:nuevo|nueva|conseguí|empecé|acepté|encontré|perdí|dejé|cambié de)\b[^.;]{0,25}\b(?:trabajo|empleo|puesto|curro|laburo|chamba|empresa)|trabajo (?:ahora |ya )?(?:en|para) \p{L}+|trabajo de (?!(?:lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo|noche|día|dia|mañana|tarde|casa)\b)\p{L}+|trabajo como \p{L}+|(?:empiezo|empecé|empezaré|entro|entré) (?:de|como) \p{L}+|baja (?:médica|por maternidad|por paternidad)|(?:soy|como|trabajo de) (?:una? )?(?:\p{L}+ )?${JOBS})\b`),
  signal("work schedule", String.raw`\b(?:turnos?|de noche|noches|guardias?|teletrabajo|teletrabajando|en remoto|a distancia|desde casa|(?:en|modelo|formato|régimen) híbrido|(?:en|a) la oficina|media jornada|jornada (?:completa|intensiva|partida|continua)|tiempo completo|tiempo parcial|jornada reducida|reducción de jornada|semana de cuatro días|\d{1,2} horas (?:a la|por) semana|fines de semana)\b`, { unless: String.raw`\b(?:encargad[oa] de turno|jef[ea] de turno|coche|carro|auto|moto|${CAR_MODEL}|seat|toyota|renault|desguace|gasolina|diésel|diesel|enchufable|eléctrico)\b` }),
  signal("diet", String.raw`\b(?:vegetarian[oa]s?|vegan[oa]s?|pescetarian[oa]s?|flexitarian[oa]s?|keto|cetogénica|paleo|halal|kosher|sin gluten|low[- ]?carb|bajo en carbohidratos|(?:como|comer|comemos|dejé|dejado|volví a|pruebo|probado)\b[^.;]{0,20}\b(?:carne|pescado|lácteos|cerdo|productos animales|gluten|azúcar|harinas))\b(?! (?:restaurante|recetas?|platos?))`),
  signal("allergy", String.raw`\b(?:epi-?pen|alergi\p{L}*|alérgic[oa]s?|intoleran\p{L}*|anafila\p{L}*|polen(?= (?:\p{L}+ ){0,6}estornud\p{L}*))\b`),
  // A deficiency or anaemia found: "tengo anemia", "una carencia de hierro".
  signal("health condition", String.raw`\b(?:anemia|anémic[oa]|(?:carencia|deficiencia|falta) de (?:hierro|vitamina \p{L}+|b12))\b`),
  signal("health condition", String.raw`\b(?:inhalador|ventolin|metformina|insulina|eutirox|levotiroxina|remisión|glucosa|azúcar en sangre|diabetes|diabétic[oa]|prediabetes|asma|asmátic[oa]|hipertensión|tensi[oó]n alta|presi[oó]n alta|(?:me duele|me duelen|dolor de) (?:\p{L}+ ){0,2}(?:espalda|rodilla|cabeza|hombro|cadera|tobillo|cuello)|colesterol|tiroides|hipotiroidismo|hipertiroidismo|celíac[oa]|celiaquía|migrañas?|artrosis|artritis|depresión|ansiedad|epilepsia|tdah|covid persistente|insomnio|apnea|dolor de espalda|lumbalgia|rodilla|lesi[oó]n|lesion\p{L}*|muletas|escayola|de baja|operaci[oó]n|diagn[oó]stico|hipertensi[oó]n|depresi[oó]n|cel[ií]ac[oa]|diab[eé]tic[oa]|asm[aá]tic[oa]|recuperad[oa]|recuperándome|tendón|aquiles|tobillo|hombro|isquio\p{L}*|gemelo|torc\p{L}*|fisio\p{L}*|esguince|tendinitis|fractura|roto|operad[oa]|operación|diagnosticad[oa]|diagnóstico|eccema|psoriasis|ciática)\b`),
  signal("weight", String.raw`\b\d{2,3}(?:[.,]\d)? ?(?:kg|kilos?)\b`, { unless: String.raw`\b(?:perder|bajar|adelgazar|objetivo|meta|faltan?|maleta|equipaje|mochila|levant\p{L}*|pesas|sentadilla|quiero|quisiera)\b` }),
  // "Peso" is "I weigh": the number needs no unit ("ahora peso 70").
  signal("weight", String.raw`\bpeso (?:unos |ya |ahora )?\d{2,3}(?:[.,]\d)?\b(?![.,]?\d| ?(?:€|euros?|%))`),
  // A weight said without its unit, in a thread about weight: "he bajado 6 kilos, ya estoy en 74".
  signal("weight", String.raw`\b(?:estoy en|bajado a|bajé a|subido a|llegado a|estancad[oa] en|atascad[oa] en) \d{2,3}(?:[.,]\d)?\b(?![.,]?\d| ?(?:€|euros?|%|km|d[ií]as|minutos|horas))`, { topic: /(?:\d|\b)(?:kg|kilos?|peso)\b/iu, unless: String.raw`\b(?:objetivo|meta|quiero|quisiera)\b` }),
  signal("age", String.raw`\b\d{1,2} años\b|\bcumpl(?:í|o|ir|iré) (?:los )?\d{1,2}\b|\bnac[ií] en (?:19[3-9]\d|200\d)\b`, { unless: String.raw`\(\s*\d{1,2}\b|\b(?:hij[oa]s?|bebé|perr[oa]|gat[oa]|mestiz[oa]|cachorr[oa]|casad[oa]s|juntos|él|ella|tiene|tienen|desde|hace|durante|coche|bici|piso|casa|llevo|llevamos)\b` }),
  signal("budget", MONEY, { with: BUDGET_WORDS, unless: String.raw`\b(?:gano|sueldo|salario|ingresos)\b` }),
  signal("budget", String.raw`\bpresupuesto\b`, { plan: true, with: AMOUNT }),
  // A limit on what the user spends needs no currency: "podemos gastar 5k como mucho".
  signal("budget", String.raw`\b(?:máximo|como mucho|como máximo|hasta|no más de|menos de) ${AMOUNT}|${AMOUNT} ?(?:máximo|como mucho|como máximo)\b`, { with: String.raw`\b(?:gastar|gasto|gastamos|pagar|pago|pagamos|invertir|poner)\b` }),
  // Money in slang: "500 pavos".
  signal("budget", String.raw`\b\d[\d.]{0,8} ?(?:pavos|pelas)\b`, { with: BUDGET_WORDS }),
  signal("daily steps", String.raw`\b\d[\d,.]{0,8}(?: mil)? pasos\b`, { plan: true }),
  // What the scale says, said without a person: "la báscula marca 80,5".
  signal("weight", String.raw`\bb[aá]scula (?:\p{L}+ ){0,3}\d{2,3}(?:[.,]\d)?\b(?![.,]?\d| ?(?:%|€|euros?|km|d[ií]as|veces|minutos))`, { plan: true }),
  // Hours of work from one time to another, said without a person: "el horario es de 8 a 15 de lunes a viernes".
  signal("work schedule", String.raw`\b(?:(?:mi|el|nuevo) horario|mi jornada|la jornada)(?: (?:de trabajo|laboral|nuevo))? (?:es|será|sería|va a ser) de \d{1,2}(?::\d\d)? a \d{1,2}\b`, { plan: true }),
  signal("running days per week", String.raw`\b(?:\d|un|una|dos|tres|cuatro|cinco|seis|siete)(?: (?:d[ií]as|veces|salidas|sesiones))? (?:a la|por|cada) semana\b|\b(?:segunda|tercera|cuarta|quinta|sexta|segundo|tercer|cuarto|quinto|sexto) (?:salida|sesi[oó]n|d[ií]a)\b`, { topic: RUNNING, unless: NOT_RUNNING_DAYS }),
  // Days said without "a week", by the verb that runs or changes them: "corro 4 dias", "bajo a 3 días suaves".
  signal("running days per week", String.raw`\b(?:\d|dos|tres|cuatro|cinco|seis|siete) d[ií]as\b`, { topic: RUNNING, with: String.raw`\b(?:corr\p{L}*|salgo|entreno|(?:bajo|subo|vuelvo|paso|bajado|subido|vuelto|pasado) a)\b`, unless: String.raw`${NOT_RUNNING_DAYS}|\b(?:hace|durante|dentro de|en) \S+ d[ií]as\b|\bd[ií]as (?:sin|parad[oa]|de descanso)\b` }),
  signal("training goal", String.raw`\b(?:maratón|media maratón|medio maratón|san silvestre|media|ultra\p{L}*|triatlón|ironman|trail|\d{1,2} ?km|${RACE_K}|carrera|competición)\b`, { unless: String.raw`\ba \d{1,3} ?km de\b|\b(?:media jornada|carrera universitaria|ver|animar|gastar|presupuesto|pagar|cuesta|sueldo|ahorrar|euros)\b|\bdurante (?:la|el|mi)\b` }),
  // Signing up for a race, in a thread about running: "me apunto a la de Sevilla".
  signal("training goal", String.raw`\b(?:apunt\p{L}*|inscrib\p{L}*|inscrit[oa]) a (?:la|el|una|un)\b`, { topic: RUNNING }),
  // "Gasto un 39" is a shoe size, not spending.
  signal("shoe size", String.raw`\b(?:gasto|calzo|uso) (?:un|el) (?:3[4-9]|4[0-8])(?:[.,]5)?\b(?! ?(?:€|euros?|%))`),
  signal("car", String.raw`\b(?:${CAR_MODEL}|toyota|honda|ford|vw|volkswagen|golf|polo|bmw|audi|mercedes|tesla|renault|peugeot|citroën|fiat|seat|ibiza|león|skoda|kia|hyundai|nissan|mazda|volvo|opel|dacia|coche|carro|auto|todoterreno|eléctrico|híbrido|furgoneta|moto)\b`, { owned: true, unless: SEEKING + "|" + String.raw`\b(?:alquiler|alquilar un|taxi|en coche)\b|\bmoto [eg](?:\d|\b)` }),
  signal("phone", String.raw`\b(?:${PHONE_MAKE}|android|smartphone|móvil|teléfono|celular)\b`, { owned: true, unless: SEEKING + "|" + String.raw`\b(?:por teléfono|al teléfono)\b` }),
  signal("laptop", String.raw`\b(?:${LAPTOP_MAKE}|portátil|ordenador|computadora|laptop|macbook|thinkpad|xps|surface|chromebook|imac)\b`, { owned: true, unless: SEEKING + String.raw`|\bpresupuesto\b` }),
  signal("operating system", String.raw`\b(?:linux|ubuntu|windows|macos|fedora|debian|chromeos)\b`),
  signal("programming language", String.raw`\b(?:python|java|kotlin|typescript|javascript|golang|rust|c#|c\+\+|ruby|php|swift|scala|elixir|haskell|dart)\b`),
  // Go, by its capital and what follows it: "migramos todo a Go", "backend en Go".
  signal("programming language", String.raw`\b(?<name>go)(?:(?= (?:backend|developer|dev)\b)|(?<=\b(?:en|con|usando|a) go)(?=[.,;!]|$| (?:ahora|ya|en el trabajo)\b))`),
  signal("language learning", String.raw`\b${SPOKEN}\b`, { with: String.raw`\b(?:aprend\p{L}*|estudi\p{L}*|clases?|curso|lecciones|duolingo|practic\p{L}*|a1|a2|b1|b2|c1|examen|con fluidez|empecé|cambié|pasé|apunt\p{L}*|inscrit[oa]|escuela oficial de idiomas|nivel)\b` }),
  signal("shoe size", String.raw`\b(?:zapat\p{L}*|zapatillas?|deportivas|botas?|calzo|calzado|talla de pie|pies?)\b`, { owned: true, with: String.raw`\b(?:talla|número|un|el) ?\d{2}(?:[.,]5)?\b|\b\d{2}(?:[.,]5)?\b` }),
  signal("clothing size", String.raw`\b(?:xxs|xs|xl|xxl|xxxl|talla (?:s|m|l|\d{2}))\b`, { owned: true, with: String.raw`\b(?:chaquetas?|camisas?|camisetas?|vestidos?|vaqueros|pantal\p{L}*|abrigos?|sudaderas?|jerséis?|jersey|ropa|talla|xxs|xs|xl|xxl)\b` }),
  signal("housing", String.raw`\b(?:${HOME}|viv(?:ir|o|imos) sol[oa]s?|independiz\p{L}*|piso compartido|compartimos piso|comparto piso|con mis padres|casero|alquiler|hipoteca)\b`, { owned: true, with: String.raw`\b(?:alquil\p{L}*|firm\p{L}*|compr\p{L}*|propi\p{L}*|hipoteca|mud\p{L}*|viv\p{L}*|vend\p{L}*|compart\p{L}*|alquiler|encontr\p{L}*|independiz\p{L}*|sol[oa]s?)\b|\b(?:id[oa]s?|vamos|voy|fuimos|fui) a (?:un|una|vivir)\b|\b(?:dejamos|dejé|dejado) (?:el|la|nuestro|nuestra|mi) \p{L}+|^\s*(?:ya |ahora )?en (?:un|una|el|la|mi|nuestro|nuestra) ${HOME}\b|\b(?:estoy|estamos|vivo|vivimos) (?:ya |ahora )?en (?:un|una|el|la|mi|nuestro|nuestra) ${HOME}\b` }),
  signal("home city", String.raw`\b(?:en|a|cerca de) (?!vivir\b)${PLACE}`, { with: String.raw`\b(?:vivo|vivimos|viviendo|vivir|rent(?:o|amos|ando)|resid\p{L}*|mud\p{L}*|instal\p{L}*|nuestra casa|nuevo piso|nueva casa|vinimos|venimos|vine|venid[oa]s? a vivir|quedamos|quedado|vuelto|volvimos|volví|traslad\p{L}*|llev(?:o|amos) (?:\p{L}+ ){1,2}(?:años|meses) en|(?:estoy|estamos) (?:ya |ahora )?en)\b`, unless: TRAVEL }),
  // A home bought, rented or signed for in a place: "wir haben ein Reihenhaus in Pinneberg gekauft".
  // Where the user works as what they are is where they live: "Soy enfermera en Valencia".
  signal("home city", String.raw`\b(?:en|cerca de) ${PLACE}`, { with: String.raw`\b(?:soy|trabajo como|trabajo de|curro de) (?:\p{L}+ ){0,2}${JOBS}`, unless: TRAVEL }),
  signal("home city", String.raw`\b(?:en|a|cerca de) ${PLACE}`, { with: String.raw`\b(?:comprad[oa]|compramos|compré|alquilad[oa]|alquilamos|alquilé|firmad[oa]|firmamos)\b[^.;]{0,40}\b${HOME}\b|\b${HOME}\b[^.;]{0,40}\b(?:comprad[oa]|compramos|compré|alquilad[oa]|alquilamos|alquilé|firmad[oa]|firmamos)\b`, unless: TRAVEL }),
  signal("name", String.raw`\b(?:me llamo|mi nombre es|llámame)\b(?: \p{L}+)? ${PLACE}`),
  signal("travel date", DATE, { plan: true, with: `${TRAVEL}|${CHANGE}`, unless: String.raw`\b(?:ser (?:padres|madre|padre)|nacer|nacerá|bebé|apunt\p{L}*|inscri\p{L}*|dejé|dejado|examen|c1|c2|b1|b2|cumpl\p{L}*|cumpleaños|salgo de cuentas|parto|embaraz\p{L}*)\b` }),
  signal("travel origin", String.raw`\b(?:de|desde) ${PLACE}`, { plan: true, with: TRAVEL, unless: String.raw`\b(?:todos los d[ií]as|cada d[ií]a|a diario|diariamente|remoto|teletrabaj\p{L}*|a1|a2|b1|b2|c1|c2|nivel)\b` }),
  // Where the user is, here, or leaves from every day: "laburo de mozo acá en Córdoba", "voy de valencia a sagunto todos los dias".
  signal("home city", String.raw`\b(?:aquí|acá) en ${PLACE}`, { plan: true }),
  signal("home city", String.raw`\b(?:voy|vengo|viajo|conduzco|manejo) (?:\p{L}+ ){0,2}(?:de|desde) ${PLACE}`, { with: String.raw`\b(?:todos los d[ií]as|cada d[ií]a|a diario|diariamente)\b` }),
  signal("travel destination", String.raw`\b(?:a|en|para|hacia|visitar|conocer|será|va a ser) ${PLACE}`, {
    plan: true,
    with: `${TRAVEL}|${CHANGE}`,
    unless: String.raw`\b(?:vivo|vivimos|mud\p{L}*|instal\p{L}*)\b`,
    topic: /\b(?:viaj\p{L}*|vacaciones|vuelos?|tiquetes?|billetes? de avión|pasajes?|vol(?:ar|amos|é)|avión|hotel|escapada|luna de miel)\b/iu,
  }),  signal("travel destination", String.raw`\b(?:a|en|para|hacia|visitar|conocer|será|va a ser) ${DESTINATION}\b`, {
    plan: true,
    with: `${TRAVEL}|${CHANGE}`,
    unless: String.raw`\b(?:vivo|vivimos|mud\p{L}*|instal\p{L}*)\b`,
    topic: /\b(?:viaj\p{L}*|vacaciones|vuelos?|tiquetes?|billetes? de avión|pasajes?|vol(?:ar|amos|é)|avión|hotel|escapada|luna de miel)\b/iu,
  }),
  // A route, from one place to another: "a great deal Brussels–Seoul", "Flug Hamburg → Lissabon".
  signal("travel destination", String.raw`(?<=\p{L} ?)(?:–|—|→|->) ?(?<name>\p{L}[\p{L}'’-]+)`, { plan: true, with: `${TRAVEL}|\\b(?:deals?)\\b` }),
  // A pet named alone in its end, where the user has pets: "Kira murió en abril".
  signal("pet", String.raw`^\s*(?:(?:pues|y|por desgracia|al final) )?(?<name>\p{L}+)(?= (?:(?:se )?muri[oó]|falleci[oó]|se nos fue|ha muerto)\b)`, { owned: true, with: String.raw`\b(?:muri[oó]|falleci[oó]|se nos fue|muerto)\b`, topic: compile(String.raw`\b${ANIMAL}\b`, "iu"), unless: String.raw`^\s*(?:\p{L}+ )?(?:abuel\p{L}*|mamá|papá|madre|padre|tí[oa]|herman[oa]|él|ella|móvil|portátil|coche)\b` }),
  // A move to the place just named: "Nos ofrecieron trabajo en Bilbao y nos mudamos allí".
  signal("home city", String.raw`\b(?:nos mudamos|me mudé|nos hemos mudado|me he mudado|vivimos|vivo) (?:allí|allá|ahí)\b`),
  // The user's home in a place: "el alquiler de mi piso en Zaragoza"; where they work as what they are: "profesora en un instituto de Sevilla".
  signal("home city", String.raw`\b(?:mi|nuestr[oa]) (?:\p{L}+ )?(?:piso|casa|apartamento|estudio|ático) (?:en|de) ${PLACE}`, { unless: String.raw`\b(?:antigu[oa]|anterior)\b` }),
  // The new home in a place, said without a person: "el piso nuevo en Triana no tiene ascensor".
  signal("home city", String.raw`\b(?:el|la) (?:(?:nuev[oa]) (?:piso|casa|apartamento|depa|departamento)|(?:piso|casa|apartamento|depa|departamento) nuev[oa]) (?:en|de) ${PLACE}`, { plan: true }),
  // A size for another, a new device arrived: "una M en vez de una L", "ya llegó el pixel 8a".
  signal("clothing size", String.raw`\b${LETTER_SIZE} (?:en vez de|en lugar de) (?:una? |la |el )?${LETTER_SIZE}\b`, { plan: true }),
  signal("phone", String.raw`\b(?:ya )?(?:me )?(?:llegó|ha llegado)\b[^.;]{0,15}\b${PHONE_MAKE}\b|\b${PHONE_MAKE}\b[^.;]{0,20}\b(?:me )?(?:llegó|ha llegado)\b`, { plan: true }),
  signal("home city", String.raw`\b(?:instituto|colegio|hospital|universidad|ayuntamiento|escuela|clínica|empresa|oficina|tienda|restaurante) de ${PLACE}`, { with: String.raw`\b(?:soy|trabajo como|trabajo de|curro de) (?:\p{L}+ ){0,2}${JOBS}`, unless: TRAVEL }),
  // Somewhere to stay in a place is where the trip goes: "¿Me buscas un hotel en Oporto?"
  signal("travel destination", String.raw`\b(?:hotel(?:es)?|alojamiento|apartamento turístico|airbnbs?) en ${PLACE}`, { plan: true, with: TRAVEL }),
  // A family by its count, a baby by its age in months: "2 adults + 3 kids", "Léa (3 mois)".
  signal("children", String.raw`\b\d adultos ?(?:\+|y|&|,) ?\d (?:niños|niñas|hijos|críos)\b`, { plan: true }),
  signal("children", BABY_AGE, { plan: true }),
  signal("children", KIDS_AGES, { plan: true }),
  // What is left to live on, and an amount asked about: "me quedan 400 euros al mes", "¿con 5.500 euros nos alcanza?".
  signal("budget", String.raw`\b(?:me|nos) quedan (?:unos |como |solo )?${MONEY}|\bcon ${MONEY} (?:nos|me) (?:alcanza|llega|da)\b`, { plan: true }),
  // What an allergy does, whatever causes it: "se me hincha la garganta", "me pica la boca".
  signal("allergy", String.raw`\b(?:se me hinch\p{L}*|me hincho|se me cierra la garganta)\b|\bme pica (?:la boca|la garganta|la lengua)\b`),
  // A size exchanged or reached: "cambiarla por una L", "de ropa ya estoy en una 40".
  signal("clothing size", String.raw`\bcambi\p{L}* (?:\p{L}+ ){0,3}?por (?:una? |la )?(?:talla )?${LETTER_SIZE}\b(?![.,]?\d)`, { plan: true }),
  signal("clothing size", String.raw`\bestoy en (?:una|la|talla) (?:3[2-9]|4\d|5[0-4]|${LETTER_SIZE})\b`, { with: String.raw`\b(?:ropa|talla|pantal\p{L}*|vaqueros|vestidos?|camisetas?|mallas)\b` }),
  // A job by what it is: the first days as, teaching, driving a truck, a workplace by its kind.
  signal("job", String.raw`\b(?:primer (?:día|mes)|primera semana) como \p{L}+|\b(?:doy|damos) clases? de \p{L}+|\b(?:manejo|conduzco) (?:un |el )?(?:tráiler|trailer|camión|taxi|uber|autobús|bus|colectivo|ambulancia)\b`, { plan: true }),
  signal("job", String.raw`\b(?:trabajo|laburo|curro)\b[^.;]{0,25}\ben (?:un|una) (?:call center|almacén|fábrica|supermercado|súper|hospital|restaurante|bar|tienda|colegio|escuela|banco|hotel|obra)\b`),
  // A child's nursery: "la guarde de Mateo".
  signal("children", String.raw`\b(?:guarde|guardería|escuela infantil) de (?<name>\p{L}+)`, { plan: true }),
  // A phone chosen or switched to at last: "al final el pixel 8a", "me he pasado al iPhone".
  signal("phone", String.raw`\bal final (?:el|la|me (?:he )?(?:comprado|pillado|quedado con) el) ${PHONE_MAKE}\b|\bpasad[oa]s? al ${PHONE_MAKE}\b`, { plan: true }),
  // What a medic found, a joint replaced: "el traumatólogo me ha dicho que tengo …", "prótesis de cadera".
  signal("health condition", String.raw`\b${MEDIC} ${REPORTED} que tengo\b|\bprótesis de (?:cadera|rodilla)\b`),
  // A diet by what it leaves out: "nada de origen animal", low histamine, FODMAP.
  signal("diet", String.raw`\b(?:nada|ningún producto) de origen animal\b|\bni carne ni pescado\b`, { plan: true }),
  signal("diet", String.raw`\b(?:baj[oa] en histamina|fodmap)\b`),
  // Moved here, remote work from a place: "me he mudado aquí", "full remoto desde Córdoba".
  signal("home city", String.raw`\b(?:me he mudado|nos hemos mudado|me mudé|nos mudamos) (?:aquí|allí|ahí|allá|acá)\b|\b(?:remoto|teletrabajo|trabajo) desde ${PLACE}`),
  // A car bought at last: "al final agarré una kia sorento".
  signal("car", String.raw`\b(?:agarr[ée]|agarramos|compr[ée]|compramos)\b[^.;]{0,10}\b(?:una?|el|la) (?:kia|toyota|honda|ford|nissan|chevrolet|chevy|vw|volkswagen|seat|renault|peugeot|hyundai|mazda|${CAR_MODEL})\b`, { plan: true }),
  // The hours a working day starts and ends: "arranco a las 6".
  signal("work schedule", String.raw`\b(?:arranco|entro|empiezo|corto|termino|salgo del trabajo) a las \d{1,2}\b`, { topic: /\b(?:trabaj\p{L}*|laburo|curro|oficina|equipo|jornada|horario)\b/iu }),
  // A dog by its breed: "es una border collie".
  signal("pet", String.raw`\bes una? (?:${BREED}|perr[oa]|gat[oa]|cachorr[oa])\b`, { plan: true }),
  // Weight and strength goals: "mi meta es llegar a 85 kilos", "10 dominadas".
  signal("training goal", String.raw`\b(?:meta|objetivo) es (?:llegar a|bajar a|pesar) \d{2,3} ?(?:kilos|kg)\b|\b\d{1,2} dominadas\b`),
  // A flat of one's own at last: "¡ya tengo piso!".
  signal("housing", String.raw`\b(?:ya )?(?:tengo|tenemos) (?:piso|casa|apartamento|depa)\b`),
];
