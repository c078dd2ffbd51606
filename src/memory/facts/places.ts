/**
 * Places a writer who does not capitalise may name ("we're in sheffield now", "ab münchen am 3.
 * november"): a name group in lowercase is read as a place only when it is one of these. Countries
 * and cities by their names in English, German, French and Spanish, the larger towns of the
 * countries whose languages the rules read, and the world's most visited cities.
 */
const COUNTRIES = `
afghanistan albania algeria andorra angola argentina armenia australia austria azerbaijan bahamas bahrain bangladesh barbados
belarus belgium belize benin bhutan bolivia bosnia botswana brazil brunei bulgaria burkina cambodia cameroon canada chile china
colombia congo costa rica croatia cuba cyprus czechia denmark dominican republic ecuador egypt el salvador england estonia
ethiopia fiji finland france gabon gambia georgia germany ghana greece grenada guatemala guyana haiti honduras hungary
iceland india indonesia iran iraq ireland israel italy jamaica japan jordan kazakhstan kenya kosovo kuwait kyrgyzstan laos
latvia lebanon lesotho liberia libya liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali malta mauritius
mexico moldova monaco mongolia montenegro morocco mozambique myanmar namibia nepal netherlands holland new zealand nicaragua niger
nigeria north macedonia norway oman pakistan panama paraguay peru philippines poland portugal qatar romania russia rwanda
san marino saudi arabia scotland senegal serbia seychelles singapore slovakia slovenia somalia south africa south korea korea
spain sri lanka sudan suriname sweden switzerland syria taiwan tajikistan tanzania thailand togo tunisia turkey uganda ukraine
uruguay uzbekistan venezuela vietnam wales yemen zambia zimbabwe usa uk
albanien algerien argentinien armenien australien österreich belgien bolivien bosnien brasilien bulgarien kambodscha kanada
china kolumbien kroatien kuba zypern tschechien dänemark ecuador ägypten england estland äthiopien finnland frankreich georgien
deutschland griechenland ungarn island indien indonesien irland israel italien japan jordanien kasachstan kenia lettland libanon
litauen luxemburg malaysia malediven malta mexiko marokko namibia niederlande neuseeland norwegen pakistan peru philippinen polen
portugal rumänien russland schottland serbien singapur slowakei slowenien südafrika südkorea spanien schweden schweiz syrien
thailand tunesien türkei ukraine uruguay usa vietnam wales kroatien montenegro mauritius sansibar
afrique du sud albanie algérie allemagne angleterre arabie saoudite argentine arménie australie autriche belgique bolivie
bosnie brésil bulgarie cambodge canada chili chine chypre colombie corée corée du sud croatie cuba danemark écosse égypte
équateur espagne estonie états-unis éthiopie finlande france géorgie grèce hongrie inde indonésie irlande islande israël
italie japon jordanie kenya lettonie liban lituanie luxembourg malaisie maldives malte maroc mexique norvège nouvelle-zélande
pays-bas pays de galles pérou philippines pologne portugal roumanie royaume-uni russie sénégal serbie singapour slovaquie
slovénie suède suisse syrie tanzanie thaïlande tunisie turquie ukraine uruguay viêt nam vietnam monténégro maurice réunion
martinique guadeloupe corse
alemania arabia saudí argelia australia austria bélgica bolivia brasil camboya canadá chequia chile china chipre colombia
corea corea del sur croacia dinamarca escocia egipto emiratos eslovaquia eslovenia españa estados unidos estonia etiopía
filipinas finlandia francia gales grecia holanda hungría india indonesia inglaterra irlanda islandia israel italia japón
jordania kenia letonia líbano lituania malasia maldivas malta marruecos méxico noruega nueva zelanda países bajos pakistán
panamá perú polonia portugal reino unido rumanía rusia sudáfrica suecia suiza tailandia túnez turquía ucrania uruguay
venezuela vietnam
`;

const CITIES = `
amsterdam athens bangkok barcelona beijing berlin bogotá bogota boston brussels budapest buenos aires cairo cape town chicago
copenhagen dubai dublin edinburgh florence geneva hamburg havana helsinki hong kong istanbul jakarta jerusalem kyoto lima
lisbon london los angeles madrid marrakech melbourne mexico city miami milan montreal moscow mumbai munich naples new york
oslo paris prague reykjavik rio rome san francisco santiago seoul seville shanghai singapore stockholm sydney taipei tokyo
toronto vancouver venice vienna warsaw zurich porto krakow kraków tallinn riga vilnius sofia bucharest belgrade zagreb
dubrovnik ljubljana bratislava valletta marseille lyon bordeaux toulouse lille nantes strasbourg montpellier rennes
reims le havre grenoble dijon angers nîmes nimes villeurbanne clermont-ferrand le mans aix-en-provence brest amiens
limoges annecy perpignan metz besançon orléans rouen mulhouse caen nancy avignon poitiers la rochelle pau bayonne biarritz
cannes antibes toulon saint-étienne saint-etienne versailles boulogne montreuil argenteuil roubaix tourcoing dunkerque
calais colmar chambéry valence troyes lorient vannes quimper saint-malo ajaccio bastia
berlin hamburg münchen munchen köln koln frankfurt stuttgart düsseldorf dusseldorf dortmund leipzig bremen dresden
hannover nürnberg nurnberg duisburg bochum wuppertal bielefeld bonn münster munster karlsruhe mannheim augsburg wiesbaden
mönchengladbach gelsenkirchen braunschweig aachen kiel chemnitz magdeburg freiburg krefeld mainz lübeck lubeck erfurt
oberhausen rostock kassel hagen potsdam saarbrücken hamm ludwigshafen oldenburg osnabrück leverkusen heidelberg darmstadt
solingen regensburg paderborn ingolstadt würzburg wurzburg ulm heilbronn wolfsburg göttingen pforzheim offenbach bottrop
bremerhaven reutlingen koblenz trier jena konstanz gütersloh hildesheim cottbus schwerin pulheim
wien graz linz salzburg innsbruck klagenfurt zürich bern basel lausanne genf luzern lugano
madrid barcelona valencia sevilla zaragoza málaga malaga murcia palma bilbao alicante córdoba cordoba valladolid vigo gijón
gijon granada vitoria a coruña coruña elche oviedo badalona cartagena terrassa jerez sabadell móstoles alcalá pamplona
almería almeria getafe leganés salamanca burgos albacete santander castellón logroño badajoz huelva marbella lleida tarragona
león cádiz cadiz jaén ourense girona lugo cáceres cuenca toledo segovia ávila san sebastián donostia santiago de compostela
benidorm ibiza menorca mallorca tenerife gran canaria lanzarote fuerteventura las palmas alboraya dos hermanas torrejón
alcorcón fuenlabrada parla pozuelo
manchester birmingham liverpool leeds sheffield bristol newcastle nottingham leicester brighton cambridge oxford glasgow
cardiff belfast aberdeen dundee york exeter plymouth southampton portsmouth norwich coventry
swansea milton keynes luton bournemouth sunderland wolverhampton bradford preston blackpool cheltenham canterbury
inverness stirling galway limerick
new york los angeles chicago houston phoenix philadelphia san antonio san diego dallas austin seattle denver portland
atlanta detroit minneapolis nashville new orleans las vegas orlando baltimore pittsburgh cleveland columbus charlotte
raleigh sacramento salt lake city kansas city st louis tampa honolulu anchorage brooklyn
rome milan turin naples florence venice bologna genoa verona palermo bari catania pisa siena
rotterdam the hague utrecht eindhoven antwerp ghent bruges liège luxembourg
roma milano torino napoli firenze venezia genova
rom mailand turin neapel florenz venedig lissabon prag warschau krakau moskau athen kopenhagen brüssel stockholm
rome milan turin naples florence venise lisbonne prague varsovie cracovie moscou athènes copenhague bruxelles londres
genève munich cologne francfort berlin barcelone séville madrid
roma milán turín nápoles florencia venecia lisboa praga varsovia cracovia moscú atenas copenhague bruselas londres ginebra
múnich colonia fráncfort viena berlín nueva york tokio pekín estambul
tokyo osaka kyoto sapporo seoul busan bangkok phuket chiang mai hanoi ho chi minh saigon bali manila delhi mumbai goa
cancún cancun oaxaca guadalajara monterrey medellín medellin cartagena quito cusco montevideo rio de janeiro são paulo sao paulo
`;

function entries(list: string): string[] {
  return list.split(/\s+/u).filter(Boolean);
}

/** Multi-word names, read whole ("new york", "buenos aires"): the lists above separate words by spaces, so these are named here. */
const MULTI_WORD = [
  "costa rica", "dominican republic", "el salvador", "new zealand", "north macedonia", "san marino", "saudi arabia", "south africa",
  "south korea", "sri lanka", "afrique du sud", "arabie saoudite", "corée du sud", "pays de galles", "corea del sur",
  "estados unidos", "nueva zelanda", "países bajos", "reino unido", "buenos aires", "cape town", "hong kong", "los angeles",
  "mexico city", "new york", "san francisco", "le havre", "le mans", "la rochelle", "a coruña", "san sebastián", "santiago de compostela",
  "gran canaria", "las palmas", "dos hermanas", "milton keynes", "san antonio", "san diego", "new orleans", "las vegas", "salt lake city",
  "kansas city", "st louis", "the hague", "nueva york", "chiang mai", "ho chi minh", "viêt nam", "rio de janeiro", "são paulo", "sao paulo",
];

/** One-word parts of the multi-word names, which alone name no place ("new", "san", "los"). */
const PARTS_ONLY = new Set(["costa", "dominican", "republic", "el", "salvador", "new", "north", "san", "saudi", "south", "sri", "lanka", "afrique", "du", "sud",
  "arabie", "saoudite", "pays", "de", "galles", "del", "estados", "unidos", "nueva", "países", "bajos", "reino", "unido", "buenos", "aires", "cape", "town",
  "hong", "kong", "los", "angeles", "city", "le", "havre", "mans", "la", "a", "sebastián", "compostela", "gran", "las", "palmas", "dos", "hermanas",
  "milton", "keynes", "antonio", "diego", "orleans", "vegas", "salt", "lake", "kansas", "st", "louis", "the", "hague", "chiang", "mai", "ho", "chi", "minh",
  "rio", "janeiro", "são", "sao", "paulo", "macedonia", "marino", "arabia", "africa", "korea", "nueva", "zelanda", "mexico", "canaria", "york", "francisco", "gales", "rica", "viêt", "nam", "saudí"]);

export const PLACES: ReadonlySet<string> = new Set([
  ...[...entries(COUNTRIES), ...entries(CITIES)].filter((word) => !PARTS_ONLY.has(word)),
  ...MULTI_WORD,
  // Names that are also parts of multi-word ones, places alone too.
  "korea", "mexico", "york",
]);

/** The longest start of `name` (its words in lowercase) that is a place: "sheffield" of "sheffield now", "köln" of "köln-ehrenfeld". */
export function placeAtStart(name: string): string {
  const words = name.toLocaleLowerCase().split(" ");
  for (let count = Math.min(4, words.length); count > 0; count--) {
    const candidate = words.slice(0, count).join(" ");
    if (PLACES.has(candidate)) return name.slice(0, candidate.length);
  }
  const [first] = words;
  const part = first!.split("-")[0]!;
  return part !== first && PLACES.has(part) ? name.slice(0, first!.length) : "";
}
