import t from "tap";
import { extractFacts, type FactMessage } from "../../../src/memory/facts/extractor.ts";
import { withFact, type KeptFact } from "../../../src/memory/facts/supersede.ts";

/**
 * Spanish phrasings of each subject and of its change (mudarse, cambiar, dejar, "ya no", "ahora",
 * "en vez de"), without accents and in lowercase too; none from the facts fixture. They are the
 * dev set of signals/es.ts: each sentence states its subject, and the no-fact ones (questions,
 * other people, conditions, small talk) state nothing.
 */
let nextId = 1;
const at = (day: number) => new Date(Date.UTC(2025, 0, 1 + day));
const message = (role: string, content: string, day = 0): FactMessage => ({ id: nextId++, role, content, createdAt: at(day), language: "es" });
const subjectsOf = (content: string) => extractFacts([message("user", content)]).map((fact) => fact.subject);

t.test("each subject, said and changed", async (t) => {
  const cases: [string, string][] = [
    ["Nos hemos mudado a Zaragoza.", "home city"],
    ["Ya vivimos en Granada.", "home city"],
    ["me mude a valencia en marzo y ahora vivo en Ruzafa", "home city"],
    ["He encontrado un estudio por 700.", "housing"],
    ["Ya estamos en un piso en Gràcia.", "housing"],
    ["Me voy a vivir sola a un ático.", "housing"],
    ["Alquilamos una habitación en un piso compartido.", "housing"],
    ["Soy enfermera en un hospital.", "job"],
    ["Dejé el trabajo en el banco.", "job"],
    ["Me han contratado como diseñadora.", "job"],
    ["Ahora trabajo de profesor.", "job"],
    ["Trabajo en remoto desde enero.", "work schedule"],
    ["He pasado a media jornada.", "work schedule"],
    ["Mi novio y yo lo hemos dejado.", "partner"],
    ["Me he casado con Laura!", "partner"],
    ["Nació nuestra hija el martes.", "children"],
    ["Estoy embarazada de 12 semanas.", "children"],
    ["Ya tenemos a Nala, una golden de 4 meses.", "pet"],
    ["Adoptamos un gato la semana pasada.", "pet"],
    ["Se murió nuestro perro en verano.", "pet"],
    ["Me he hecho vegana.", "diet"],
    ["ya no como carne", "diet"],
    ["Soy alérgico a los frutos secos.", "allergy"],
    ["me han dicho que soy alergica al polen", "allergy"],
    ["Me diagnosticaron diabetes tipo 2.", "health condition"],
    ["Lesión en el tendón de Aquiles, el fisio dice 4 semanas parado.", "health condition"],
    ["Ya recuperado de la rodilla.", "health condition"],
    ["Me he torcido el tobillo jugando al fútbol.", "health condition"],
    ["Peso 80 kilos.", "weight"],
    ["He bajado a 72 kg.", "weight"],
    ["Tengo 35 años.", "age"],
    ["Cumplí 40 en marzo.", "age"],
    ["Nuestro presupuesto es de 1.200 € al mes.", "budget"],
    ["Puedo gastar hasta 500 euros.", "budget"],
    ["Me he apuntado a la media de Valencia.", "training goal"],
    ["Corro cuatro días por semana.", "running days per week"],
    ["Vendí el coche por 4.000.", "car"],
    ["Me compré un Seat Ibiza.", "car"],
    ["Me he pasado a un iPhone 15.", "phone"],
    ["Me compré un portátil nuevo, un ThinkPad.", "laptop"],
    ["Uso Linux desde hace años.", "operating system"],
    ["Ahora programo en Python.", "programming language"],
    ["Estoy aprendiendo alemán.", "language learning"],
    ["Calzo un 42.", "shoe size"],
    ["Uso una talla M en camisetas.", "clothing size"],
    ["Nos mudamos de Madrid a Valencia el mes pasado.", "home city"],
    ["ya estoy instalada en Málaga", "home city"],
    ["Ahora vivo en Barcelona.", "home city"],
    ["me he venido a vivir a Granada", "home city"],
    ["llevamos dos años en Zaragoza", "home city"],
    ["Hemos comprado un piso.", "housing"],
    ["vivo con mis padres otra vez", "housing"],
    ["Nos hemos ido a un piso más grande.", "housing"],
    ["Me han ascendido a jefa de equipo.", "job"],
    ["Dejé mi trabajo en la tienda.", "job"],
    ["Ahora soy autónomo.", "job"],
    ["Empiezo de profe en septiembre.", "job"],
    ["me jubilé en marzo", "job"],
    ["Cambié de curro, ahora estoy en una consultora.", "job"],
    ["Trabajo por las mañanas.", "work schedule"],
    ["ahora hago turno de noche", "work schedule"],
    ["Teletrabajo tres días a la semana.", "work schedule"],
    ["He pedido la reducción de jornada.", "work schedule"],
    ["Lo he dejado con mi novio.", "partner"],
    ["Me he separado.", "partner"],
    ["Nos casamos en junio!", "partner"],
    ["Estoy saliendo con alguien.", "partner"],
    ["mi mujer y yo esperamos un bebé", "partner"],
    ["Tengo un hijo de 5 años.", "children"],
    ["Estamos esperando un bebé.", "children"],
    ["Ya ha nacido Lucas!", "children"],
    ["soy madre de tres", "children"],
    ["Tenemos un perro que se llama Toby.", "pet"],
    ["Hemos adoptado una gatita.", "pet"],
    ["Se nos murió el gato.", "pet"],
    ["Soy vegetariana desde hace años.", "diet"],
    ["He dejado de comer carne.", "diet"],
    ["ya no soy vegana", "diet"],
    ["Estoy haciendo keto.", "diet"],
    ["Soy intolerante a la lactosa.", "allergy"],
    ["tengo alergia al marisco", "allergy"],
    ["Me han detectado alergia a los ácaros.", "allergy"],
    ["Tengo asma.", "health condition"],
    ["Me operaron de la rodilla.", "health condition"],
    ["tengo la tension alta", "health condition"],
    ["Me duele mucho la espalda.", "health condition"],
    ["Tengo diabetes tipo 1.", "health condition"],
    ["He engordado 3 kilos, ahora peso 70.", "weight"],
    ["Estoy en 65 kg.", "weight"],
    ["Tengo 30 años.", "age"],
    ["acabo de cumplir 50", "age"],
    ["Tenemos unos 2.000 euros para el viaje.", "budget"],
    ["Mi presupuesto es de 300 €.", "budget"],
    ["puedo gastar como mucho 500 pavos", "budget"],
    ["Me he inscrito en la maratón de Madrid.", "training goal"],
    ["Quiero bajar de 50 minutos en el 10k.", "training goal"],
    ["Salgo a correr tres veces por semana.", "running days per week"],
    ["Me he comprado un coche eléctrico.", "car"],
    ["ya no tengo coche", "car"],
    ["Tengo una moto.", "car"],
    ["Me cambié a un Samsung.", "phone"],
    ["tengo un iphone 13", "phone"],
    ["Uso un MacBook Air.", "laptop"],
    ["Me he pasado a Linux.", "operating system"],
    ["Trabajo con Java.", "programming language"],
    ["Estoy aprendiendo inglés.", "language learning"],
    ["Voy a clases de francés.", "language learning"],
    ["Gasto un 39.", "shoe size"],
    ["uso el 42 de zapatilla", "shoe size"],
    ["Uso la talla L.", "clothing size"],
    ["al final nos quedamos en Cádiz en vez de Sevilla", "home city"],
    ["Me he vuelto a Asturias.", "home city"],
    ["ahora estamos viviendo en Murcia", "home city"],
    ["Nos trasladamos a Vigo por trabajo.", "home city"],
    ["dejamos el piso y nos fuimos a una casa", "housing"],
    ["hemos firmado la hipoteca!", "housing"],
    ["Ya no trabajo en la tienda, ahora estoy en una oficina.", "job"],
    ["Me han cogido en el hospital!", "job"],
    ["estoy en paro desde enero", "job"],
    ["Dejé la enseñanza el año pasado.", "job"],
    ["ya no hago noches", "work schedule"],
    ["me han cambiado al turno de mañana", "work schedule"],
    ["vuelvo a la oficina dos dias por semana", "work schedule"],
    ["mi ex y yo compartimos la custodia", "partner"],
    ["Me he prometido con Pablo!", "partner"],
    ["Nos hemos separado.", "partner"],
    ["Ya somos cuatro, nació Martina!", "children"],
    ["mi hija ya tiene 3 años", "children"],
    ["se nos murio la perra", "pet"],
    ["ahora tenemos dos gatos", "pet"],
    ["vuelvo a comer carne", "diet"],
    ["he dejado el azúcar y hago low carb", "diet"],
    ["me salio alergia al latex", "allergy"],
    ["soy alergico a la penicilina", "allergy"],
    ["ya no llevo muletas", "health condition"],
    ["estoy de baja por ansiedad", "health condition"],
    ["me rompi el tobillo", "health condition"],
    ["he bajado 6 kilos, ya estoy en 74", "weight"],
    ["ahora peso 68 kg", "weight"],
    ["el mes que viene cumplo 35", "age"],
    ["hemos subido el presupuesto a 900", "budget"],
    ["me pasé de la maratón a la media", "training goal"],
    ["ya no tengo coche, lo vendi", "car"],
    ["me compre un coche electrico", "car"],
    ["me he pasado a android", "phone"],
    ["se me rompió el portátil y me compré un Lenovo", "laptop"],
    ["migramos todo a Go", "programming language"],
    ["dejé el francés y ahora estudio alemán", "language learning"],
  ];
  for (const [sentence, subject] of cases) t.ok(subjectsOf(sentence).includes(subject), `${sentence} → ${subject}`);
});

t.test("questions, other people, conditions, wishes and small talk state nothing", async (t) => {
  const cases = [
    "¿Qué rodillera me recomiendas?",
    "Mi hermana se ha mudado a Lugo.",
    "Él vive en Cádiz.",
    "Si nos mudáramos a Lisboa, ¿pagaríamos más impuestos?",
    "Me encantaría tener un perro algún día.",
    "¡Gracias, muy útil!",
    "¿Me paso a Linux?",
    "Mi amiga es vegana.",
    "jajaja vale",
    "Así está bien.",
    "¿Cuál es el mejor portátil?",
    "Mi hermano vive en Lugo.",
    "Muchas gracias!",
    "Mi madre tiene diabetes.",
    "Nuestros vecinos tienen un perro.",
    "Si consigo el trabajo me mudo a Bilbao.",
    "Me gustaría correr una maratón algún día.",
    "¿Es sano pesar 70 kilos?",
    "mi hermana se ha comprado un coche",
    "¿qué móvil me compro?",
    "mi jefe está de baja",
    "si me dan el trabajo me mudo",
    "ojalá tener un perro",
  ];
  for (const sentence of cases) t.same(subjectsOf(sentence), [], sentence);
  t.notOk(subjectsOf("Nuestro galgo no cabe en un piso pequeño.").includes("housing"), "a flat named in passing is no home");
  t.notOk(subjectsOf("Un beagle nos encanta, pero es muy activo.").includes("pet"), "liking a breed is not having one");
});

t.test("a change is read as the same subject: the new statement is current, the old one history", async (t) => {
  const cases: [string, string, string][] = [
    ["Vivo en Sevilla.", "Al final nos mudamos a Bilbao.", "home city"],
    ["Vivo en un piso compartido.", "Me voy a vivir sola, he encontrado un estudio.", "housing"],
    ["Tengo un coche que casi no uso.", "Vendí el coche la semana pasada.", "car"],
    ["Me lesioné la rodilla.", "Ya recuperado de la rodilla, vuelvo a correr.", "health condition"],
    ["Soy vegetariana.", "Ya no soy vegetariana, vuelvo a comer pescado.", "diet"],
    ["Trabajo de camarero.", "Conseguí trabajo de desarrollador.", "job"],
  ];
  for (const [earlier, later, subject] of cases) {
    let kept: KeptFact[] = [];
    let id = 1;
    for (const [day, content] of [earlier, later].entries()) {
      for (const fact of extractFacts([message("user", content, day * 30)])) kept = withFact(kept, { ...fact, statedAt: at(day * 30) }, id++);
    }
    const timeline = kept.filter((fact) => fact.subject === subject).map((fact) => fact.invalidAt === null);
    t.same(timeline, [false, true], `${earlier} → ${later}`);
  }
});

t.test("in a thread about a trip or running, a lowercase destination and days said briefly are read", async (t) => {
  const cases: [string, string, string][] = [
    ["Queremos hacer un viaje a Italia.", "al final nos vamos a peru en octubre", "travel destination"],
    ["Entreno para una maratón.", "he subido a 4 dias por semana, para los rodajes largos", "running days per week"],
  ];
  for (const [thread, later, subject] of cases) {
    const stating = message("user", later);
    const facts = extractFacts([message("user", thread), stating]);
    t.ok(facts.some((fact) => fact.subject === subject && fact.messageId === stating.id), `${later} → ${subject}`);
  }
});
