import { AMOUNT, BREED, DWELLING, MONEY, NAME, rule, type Rule } from "../rule.ts";

const ES_SPOKEN = String.raw`(?:español|espanol|castellano|inglés|ingles|alemán|aleman|francés|frances|italiano|portugués|portugues|catalán|catalan|gallego|euskera|neerlandés|polaco|ruso|turco|árabe|arabe|japonés|japones|chino|coreano|griego)`;
/** What a favorite ("mi comida favorita") may be of, by the English key. */
const SPANISH_KINDS: Record<string, string> = { comida: "food", plato: "dish", color: "color", "película": "movie", pelicula: "movie", libro: "book", autor: "author", autora: "author", "música": "music", musica: "music", grupo: "band", banda: "band", "canción": "song", cancion: "song", cantante: "singer", deporte: "sport", equipo: "team", bebida: "drink", serie: "show", juego: "game", animal: "animal", "estación": "season", estacion: "season", ciudad: "city", restaurante: "restaurant", postre: "dessert", fruta: "fruit", flor: "flower", cocina: "cuisine" };


const NUMBER = String.raw`(?<v>\d{1,2}|un|una|dos|tres|cuatro|cinco|seis|siete)`;
const MONTH = String.raw`(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)\b`;
const DATE = String.raw`(?:\d{1,2} de ${MONTH})`;
/** A holiday a trip is dated by: "in Semana Santa", "over Easter". */
const HOLIDAY = String.raw`(?:semana santa|navidad(?:es)?|pascua|nochevieja|el puente de \p{L}+)\b`;
/** Words of a trip, one word each (the cues of the rules that need one); a phrase and a going that is a future ("on va déménager", "vamos a tener") are in `TRAVEL`. */
const TRAVEL_WORDS = "irnos viajo viajamos viaje viajar vuelo vuelos volamos salimos salgo salida llegada llegamos aterrizamos regreso volvemos vacaciones vamos voy escapada escapadita excursión luna";
// "Salgo de cuentas" is a due date, not a departure.
const TRAVEL = String.raw`\b(?:${TRAVEL_WORDS.split(" ").filter((word) => !["vamos", "voy", "luna", "salgo"].includes(word)).join("|")}|salgo(?! de cuentas\b)|(?:vamos|voy)(?! a \p{L}+(?:ar|er|ir)\b| a base de\b)|luna de miel)\b`;
const JOBS = String.raw`(?:encargad[oa] de turno|encargad[oa] de tienda|encargad[oa]|ingenier[oa]|desarrollador[a]?|programador[a]?|enfermer[oa]|profesor[a]?|maestr[oa]|analista|diseñador[a]?|médic[oa]|abogad[oa]|contador[a]?|contable|gerente|consultor[a]?|traductor[a]?|estudiante|cociner[oa]|chef|arquitect[oa]|farmacéutic[oa]|electricista|fontaner[oa]|conductor[a]?|periodista|fotógraf[oa]|vendedor[a]?|secretari[oa]|camarer[oa]|policía|funcionari[oa]|autónom[oa]|freelance|dentista|odontólog[oa]|camioner[oa]|panader[oa]|carnicer[oa]|peluquer[oa]|carpinter[oa]|albañil|pintor[a]?|jardiner[oa]|agricultor[a]?|pescador[a]?|piloto|azafat[oa]|trabajador[a]? social|bibliotecari[oa]|recepcionista|agente inmobiliari[oa]|limpiador[a]?|carter[oa]|repartidor[a]?|sastre|óptic[oa]|nutricionista|dietista|fisioterapeuta|psicólog[oa]|veterinari[oa]|bomber[oa]|militar|niñera|entrenador[a]?|tatuador[a]?|fruter[oa]|doctorand[oa]|investigador[a]?|mecánic[oa]|soldador[a]?|matron[a]|radiólog[oa]|técnic[oa]|administrativ[oa]|dependient[ae]|cajer[oa]|maquinista|chófer|chofer|taxista|guía turístic[oa]|socorrista)`;

const ES_WEEKDAYS = "lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo";

/** Spanish. The order matters where two rules give one subject: the first that matches wins. */
export const ES: Rule[] = [
  rule("home city", String.raw`\b(?:vivo|vivimos|resido|residimos|me mudé|nos mudamos|nos hemos mudado|me he mudado|me mudo|nos mudaremos|nos fuimos a vivir)\b(?: \p{L}+){0,2}? (?:en|a) ${NAME}`),
  rule("home city", String.raw`\b(?:vivo|vivimos|resido|residimos|me mudé|nos mudamos|nos hemos mudado|me he mudado|me mudo|nos mudaremos|nos fuimos a vivir)\b(?: \p{L}+){0,2}? (?:en|a) (?:un|una|nuestr[oa]|mi|el|la) (?:[\p{L}\p{N}-]+ ){0,3}?${DWELLING}\b[^.;]{0,30}? en ${NAME}`),
  rule("home city", String.raw`\bmudanza (?:a|en) ${NAME}`),
  rule("home city", String.raw`\b(?:propietari[oa]s|compramos|hemos comprado|he comprado|compré|alquilamos|hemos alquilado) (?:de )?(?:un|una|nuestr[oa]|mi|el|la) (?:[\p{L}\p{N}-]+ ){0,3}?${DWELLING}\b[^.;]{0,30}? en ${NAME}`),
  rule("home city", String.raw`\btrabajo\b[^.;]{0,40}? en ${NAME}`),
  rule("housing", String.raw`\b(?:vivo|vivimos|resido|residimos|me mudé|nos mudamos|nos hemos mudado|me he mudado|me mudo|nos mudaremos|nos fuimos a vivir)\b[^.;]{0,40}? (?:en|a) (?:un|una|nuestr[oa]|mi|el|la) (?:[\p{L}\p{N}-]+ ){0,3}?(?<v>${DWELLING})\b`),
  rule("housing", String.raw`\b(?:hemos comprado|compramos|he comprado|compré|alquilamos|alquilo|hemos alquilado) (?:una|un) (?<v>casa|piso|apartamento|departamento|chalet)\b`),
  rule("budget", String.raw`\bpresupuesto\b[^.;?]{0,40}?(?<v>${MONEY})`),
  // A limit said of an amount: "pago 900, que es mi tope absoluto".
  rule("budget", String.raw`\b(?<v>${AMOUNT})(?: (?:euros?|€|dólares|pesos))?,? (?:que )?es mi (?:tope|máximo|límite)\b`, { needs: "tope máximo límite" }),
  rule("budget", String.raw`\bmi (?:tope|máximo|límite) (?:absoluto |total )?(?:es|son|está en)\b[^.;?]{0,10}?(?<v>${AMOUNT})`, { needs: "tope máximo límite" }),
  rule("budget", String.raw`\b(?:puedo|podemos|quiero|queremos) (?:gastar|pagar|invertir|llegar a|subir a|superar|pasar de|pasarme de)\b[^.;?]{0,20}?(?<v>${MONEY})`),
  rule("budget", String.raw`\b(?:puedo|podría|podemos|podríamos) (?:estirarme|estirarnos|llegar|subir) (?:hasta|a) (?<v>${AMOUNT})`),
  rule("budget", String.raw`^(?:unos|unas|alrededor de|hasta|como mucho|máximo)?\s*(?<v>${MONEY})`, { answers: /presupuesto|gastar|precio/i }),
  // A ceiling that opens a message, no question needed: "máximo 900 pesos el vestido".
  rule("budget", String.raw`^(?:máximo|como mucho|como máximo|no más de) (?<v>${MONEY})`, { needs: "máximo como no" }),
  rule("diet", String.raw`\b(?:soy|somos|me hice|me he hecho|ya no soy|sigo siendo|ahora soy)\b(?: \p{L}+){0,2}? (?<v>vegetarian[oa]s?|vegan[oa]s?|pescetarian[oa]s?|flexitarian[oa]s?)\b`),
  rule("diet", String.raw`\b(?:ya no como|dejé de comer|he dejado de comer|ya no comemos|dejamos de comer)\b (?<v>carne|pescado)\b`),
  rule("diet", String.raw`\b(?:no como|no comemos)\b (?<v>carne)\b`),
  rule("diet", String.raw`\b(?:he vuelto a comer|volví a comer|vuelvo a comer|ahora como)\b (?<v>carne|pescado)\b`),
  rule("allergy", String.raw`\b(?:soy|somos)\b(?: \p{L}+){0,2}? (?:alérgic[oa]s?|intolerantes?) (?:a|al) (?:los |las |la |el )?(?<v>[\p{L}\s,-]{2,40}?)(?=[,.;]|$| y\b| pero\b)`),
  rule("allergy", String.raw`\btengo (?:una )?(?<v>alergia (?:a|al) (?:los |las |la |el )?[\p{L}-]+)`),
  rule("health condition", String.raw`\b(?:tengo|me diagnosticaron|me han diagnosticado|padezco|sufro de)\b[^.,;]{0,40}?\b(?<v>diabetes|asma|hipertensión|celiaquía|migrañas?|artrosis|depresión|ansiedad|intolerancia a la lactosa|epilepsia)\b`),
  rule("health condition", String.raw`\b(?:soy|estoy) (?<v>celíac[oa]|diabétic[oa]|asmátic[oa]|embarazada)\b`),
  rule("weight", String.raw`\b(?:peso|pesaba|ya peso|mi peso es|he bajado a|estoy en)\b[^.,;]{0,15}?(?<v>\d{2,3}(?:[.,]\d)?\s?(?:kg|kilos?))\b`),
  rule("age", String.raw`\b(?:tengo|cumplí|acabo de cumplir) (?<v>\d{1,2}) años\b`),
  rule("job", String.raw`\b(?:estoy|soy) (?:ya )?(?<v>jubilad[oa]|en paro|desemplead[oa]|de baja (?:por maternidad|por paternidad))\b`),
  rule("job", String.raw`\b(?:perdí|he perdido|me quedé sin) (?:mi |el )?(?:trabajo|empleo|puesto)\b`),
  // "Trabajo de lunes a jueves" is when, not what.
  rule("job", String.raw`\b(?:trabajo|trabajar|trabajando|laburo|curro) (?:como|de) (?!(?:${ES_WEEKDAYS}|noche|noches|día|dia|mañana|mañanas|tarde|tardes|casa|media jornada|jornada|sol a sol)\b)(?<v>[^.,;]{2,40}?)(?=[,.;!]|$| en\b| para\b)`),
  rule("job", String.raw`\b(?:soy|ahora soy|ya soy) (?<v>${JOBS})\b`),
  // A job after a name: "Soy Ximena, odontóloga, vivo en Guadalajara".
  rule("job", String.raw`\b(?:soy|me llamo) \p{L}[\p{L}'’-]+, (?:(?:soy|una?) )?(?<v>${JOBS}(?: de \p{L}+)?)(?=[,.;!]|$| y\b| en\b)`, { needs: "soy llamo" }),
  rule("job", String.raw`\b(?:estoy|ahora estoy|ya estoy) de (?<v>${JOBS}(?: de \p{L}+)?)`, { needs: "estoy" }),
  rule("job", String.raw`\b(?:nuevo trabajo|nuevo empleo|dejé el trabajo|dejé mi trabajo|me despidieron|conseguí el trabajo|conseguí un trabajo|conseguí el puesto)\b`),
  rule("work schedule", String.raw`\b(?:trabajo|trabajamos|trabajar|curro|curramos|estoy|turno|horario)\b(?: \p{L}+){0,2}? de (?<v>(?:${ES_WEEKDAYS}) a (?:${ES_WEEKDAYS}))\b`),
  rule("work schedule", String.raw`\b(?<v>media jornada|jornada completa|tiempo completo|tiempo parcial|turno de noche|turnos de noche|turno de día|turno de tarde|turnos de tarde|turno de mañana|turnos de mañana|teletrabajo|teletrabajo|desde casa|en remoto|por las mañanas|por las tardes|de noche)\b`),
  rule("running days per week", String.raw`\b(?:corro|corremos|correr|salgo a correr|running)\b[^.;]{0,30}?\b${NUMBER} (?:días|veces) (?:a|por|cada|en) (?:la )?semana\b`),
  // Not days of work or of another sport: "podemos teletrabajar 3 días a la semana", "pilates dos días por semana".
  rule("running days per week", String.raw`(?<!\b(?:trabajar|trabajo|trabajamos|teletrabajar|teletrabajo|teletrabajamos|pilates|yoga|gimnasio|natación) )\b${NUMBER} (?:días|veces) (?:a|por|cada|en) (?:la )?semana\b`, { topic: /\b(?:corr\p{L}*|running|maratón)\b/iu, needs: "días veces" }),
  rule("daily steps", String.raw`(?<v>\d[\d,.]*) pasos (?:al día|diarios|por día|cada día|a diario)`, { needs: "pasos" }),
  rule("training goal", String.raw`\b(?:entreno para|preparo|preparando|inscrito|inscrita|me inscribí|me apunté|me he apuntado|me he inscrito|mi objetivo)\b[^.,;]{0,60}?\b(?<v>maratón|media maratón|ultra|triatlón|trail|10 ?km|carrera)\b`),
  rule("partner", String.raw`\b(?:mi|con mi) (?<v>marido|esposo|esposa|mujer|novio|novia|pareja|prometid[oa]|compañer[oa](?! de))\b`),
  // A couple counted in years: "llevamos 6 años juntos".
  rule("partner", String.raw`\bllevamos (?:\d+|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez) (?:años|meses) (?<v>juntos|casados)\b`, { needs: "llevamos" }),
  rule("partner", String.raw`\b(?:nos casamos|nos hemos casado|nos comprometimos|nos separamos|me casé|me divorcié|estoy casado|estoy casada|estoy divorciado|estoy divorciada|estoy soltero|estoy soltera)\b`),
  rule("children", String.raw`\b(?:nació|nacieron|ha nacido|embarazada|esperamos un bebé)\b`),
  rule("children", String.raw`\b(?:tengo|tenemos|mi|mis|nuestro|nuestra|nuestros|nuestras)\s(?:\p{L}+\s)?(?<v>hij[oa]s?|niñ[oa]s|bebé|gemel[oa]s)\b`),
  rule("pet", String.raw`\b(?:tengo|tenemos|adoptamos|adopté|hemos adoptado|compramos)\b[^.;]{0,20}?\b(?<v>${BREED}|perr[oa]|perrit[oa]|cachorr[oa]|gat[oa]|gatit[oa]|conejo|hámster|loro|caballo|galgo)\b`),
  rule("pet", String.raw`\b(?:mi|nuestro|nuestra) (?<v>${BREED}|perr[oa]|perrit[oa]|cachorr[oa]|gat[oa]|gatit[oa]|conejo|hámster|loro|caballo)\b`),
  rule("travel date", String.raw`${TRAVEL}[^.;]{0,80}?\b(?:el |del |en |a partir del )?(?<v>${DATE}|${MONTH}(?! \d)|${HOLIDAY})`),
  rule("travel date", String.raw`\b(?:el |del )?(?<v>${DATE})\b[^.;]{0,40}?${TRAVEL}`, { needs: TRAVEL_WORDS }),
  rule("travel origin", String.raw`\b(?:desde|saliendo de|salimos de|salgo de)\s${NAME}`),
  rule("travel destination", String.raw`\b(?:viajo|viajamos|viaje|vamos|voy|volamos|vacaciones|vuelo|escapada|escapadita|excursión|luna de miel)\b[^.;]{0,30}? (?:a|en|para) ${NAME}`),
  rule("car", String.raw`\b(?:conduzco|compré|compramos|vendimos|tengo|tenemos)\b[^.;]{0,30}?\b(?<v>toyota|honda|ford|volkswagen|vw|bmw|audi|mercedes|tesla|renault|peugeot|citroën|fiat|seat|skoda|kia|hyundai|nissan|dacia|coche|carro|moto|furgoneta)\b`),
  rule("phone", String.raw`\b(?:tengo|compré|uso|mi|móvil|celular)\b(?!(?: \p{L}+)? (?:viejo|antiguo|anterior)\b)[^.;]{0,20}?\b(?<v>(?:iphone|pixel|galaxy|samsung|xiaomi|redmi|oneplus|huawei|motorola|nokia)(?: [\p{L}\p{N}]+){0,3})`),
  rule("laptop", String.raw`\b(?:tengo|compré|uso|mi)\b[^.;]{0,20}?\b(?<v>(?:portátil|ordenador|laptop|macbook|thinkpad|xps|surface|chromebook)(?: [\p{L}\p{N}]+){0,2})`),
  rule("operating system", String.raw`\b(?:uso|usamos|utilizo|trabajo con|con)\b[^.;]{0,20}?\b(?<v>linux|ubuntu|windows|macos|fedora|debian)\b`),
  rule("programming language", String.raw`\b(?:programo|desarrollo|trabajo|escribo código)\b[^.;]{0,30}?\b(?:en|con) (?<v>python|java|kotlin|typescript|javascript|go|rust|c#|c\+\+|ruby|php|swift|scala)\b`),
  rule("shoe size", String.raw`\b(?:calzo|uso el número|uso un|talla de zapato es)\b(?: un| el)? (?<v>\d{2}(?:[.,]5)?)\b`),
  rule("clothing size", String.raw`\b(?:uso la talla|uso talla|uso una|mi talla es|talla) (?<v>xs|s|m|l|xl|xxl)\b`),
  rule("language learning", String.raw`\b(?:aprendo|aprendiendo|estudio|estudiando)\b (?<v>inglés|alemán|francés|italiano|portugués|japonés|chino|coreano|árabe|neerlandés|ruso|polaco)\b`),
  rule("name", String.raw`\b(?:me llamo|mi nombre es) ${NAME}`),
  // A sentence that is an introduction: "Soy Mariana.", "soy Mariana, …" (a nationality is written in lowercase).
  rule("name", String.raw`^(?:(?:che|hola+|holi+|buenas+|ey|oye|bueno)[,!]* )?soy (?!(?:de|del|la|el|los|las|un|una|muy|madre|mamá|papá|padre|nuevo|nueva|yo)\b)(?<name>\p{L}[\p{L}'’-]+)(?=,|!|\.?$| y\b)`, { needs: "soy" }),
  rule("favorite {kind}", String.raw`\b(?:mi|mis|nuestra|nuestro) (?<kind>comida|plato|color|película|pelicula|libro|autor|autora|música|musica|grupo|banda|canción|cancion|cantante|deporte|equipo|bebida|serie|juego|animal|estación|estacion|ciudad|restaurante|postre|fruta|flor|cocina) (?:favorit[oa]s?|preferid[oa]s?) (?:es|son|sigue siendo) (?:ahora |sin duda |claramente )?(?<v>[^.,;!?]{2,60}?)(?=[.,;!?]|$| (?:pero|y|porque)\b)`, { kinds: SPANISH_KINDS }),
  rule("contact preference", String.raw`\b(?:prefiero|mejor|preferiblemente)(?: que me contact\p{L}+| que me escrib\p{L}+| ser contactad[oa])? (?:por|vía|via|en) (?<v>e-?mail|correo|mail|teléfono|telefono|llamada|sms|whatsapp|telegram|signal)\b`, { needs: "prefiero mejor preferiblemente" }),
  rule("contact preference", String.raw`\b(?:contáctame|contactame|escríbeme|escribeme) (?:mejor )?(?:por|vía|via|en) (?<v>e-?mail|correo|mail|teléfono|telefono|sms|whatsapp)\b`),
  rule("answer style", String.raw`\b(?:prefiero|quiero|me gustan|necesito) (?:las |unas )?(?<v>respuestas (?:cortas|breves|concisas|detalladas|sencillas|simples|técnicas|tecnicas)|explicaciones (?:cortas|sencillas|detalladas))\b`, { needs: "respuestas explicaciones" }),
  rule("seat preference", String.raw`\b(?:prefiero|siempre pido|pido|reservo|quiero) (?:siempre )?(?:el |un )?(?:asiento (?:de |del |en (?:el |la )?)?)?(?<v>ventanilla|pasillo)\b`, { needs: "ventanilla pasillo" }),
  rule("languages spoken", String.raw`\bhablo (?:con fluidez |bien |un poco de |un poco |también |tambien )?(?<v>${ES_SPOKEN}(?:(?:, | y | e )(?:un poco de )?${ES_SPOKEN}){0,3})\b`),
  rule("languages spoken", String.raw`\bmi (?:lengua materna|idioma materno|lengua nativa) es (?:el )?(?<v>${ES_SPOKEN})\b`),
  rule("education", String.raw`\b(?:estudio|estudié|estudie|estoy estudiando) (?:ahora |actualmente )?(?<v>medicina|derecho|informática|informatica|ingeniería\p{L}*|ingenieria\p{L}*|biología|biologia|química|quimica|física|fisica|economía|economia|empresariales|administración de empresas|ade|historia|psicología|psicologia|enfermería|enfermeria|arquitectura|matemáticas|matematicas|filosofía|filosofia|filología\p{L}*|magisterio|periodismo|farmacia|odontología|veterinaria|bellas artes|diseño\p{L}*|traducción|traduccion|turismo|marketing|publicidad|fisioterapia|nutrición|nutricion)\b`),
  rule("education", String.raw`\b(?:estudio|estudié|estoy estudiando) (?:ahora |actualmente )?en (?<v>(?:la )?(?:universidad|facultad|escuela|uni)\b[^.,;!?]{0,50}?)(?=[.,;!?]|$)`, { needs: "universidad facultad escuela uni" }),
  rule("education", String.raw`\bestoy (?:haciendo|cursando|terminando|empezando|escribiendo) (?:un|una|el|la|mi) (?<v>(?:máster|master|grado|carrera|doctorado|tesis|tfg|tfm|fp|bachillerato)\b[^.,;!?]{0,40}?)(?=[.,;!?]|$)`),
  rule("birthday", String.raw`\bmi cumpleaños es (?:el )?(?<v>${DATE})`),
  rule("birthday", String.raw`\bnací el (?<v>${DATE}(?: de \d{4})?)`),
  rule("height", String.raw`\bmido (?:casi |unos |más o menos )?(?<v>1[.,]\d{2}(?: ?m)?|\d{3} ?cm|1 ?m ?\d{2})\b`),
  rule("smoking", String.raw`\b(?<v>fumo|vapeo|no fumo|ya no fumo|dejé de fumar|deje de fumar|he dejado de fumar|volví a fumar|soy fumador\p{L}*|soy exfumador\p{L}*|soy ex fumador\p{L}*)\b`, { needs: "fumo vapeo fumar fumador fumadora exfumador exfumadora" }),
  rule("income", String.raw`\bgano (?:ahora |unos |unas |alrededor de |más o menos )*(?<v>${AMOUNT})`),
  rule("income", String.raw`\bmi (?:sueldo|salario) (?:es|son) (?:ahora )?(?:de )?(?:unos |alrededor de )?(?<v>${AMOUNT})`),
  rule("origin", String.raw`\b(?:soy|vengo) (?:originalmente |originaria |originario )?de ${NAME}`, { needs: "soy vengo" }),
  rule("origin", String.raw`\bme cri[eé] en ${NAME}`, { needs: "me" }),
  rule("nationality", String.raw`\bsoy (?<v>español(?:a)?|espanol(?:a)?|mexican[oa]|argentin[oa]|colombian[oa]|chilen[oa]|peruan[oa]|venezolan[oa]|cuban[oa]|uruguay[oa]|ecuatorian[oa]|francés|francesa|alemán|alemana|italian[oa]|portugués|portuguesa|estadounidense|inglés|inglesa|británic[oa])\b`, { needs: "soy" }),
  rule("food dislikes", String.raw`\bno (?:me gusta|me gustan|soporto|tolero) (?:nada |el |la |los |las |lo )?(?<v>picante|cilantro|champiñones|setas|aceitunas|cebolla|ajo|marisco|mariscos|pescado|queso|tofu|café|alcohol|dulce)\b`, { needs: "no" }),
  rule("food likes", String.raw`\b(?:me encanta|me encantan|me gusta mucho|me gustan mucho|adoro) (?:la |el |los |las )?(?<v>comida (?:italiana|india|tailandesa|china|japonesa|mexicana|picante|griega|coreana)|sushi|pasta|pizza|curry|chocolate|café|queso|paella)\b`, { needs: "me adoro" }),
];
