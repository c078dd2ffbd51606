/**
 * Places a writer who does not capitalise may name ("we're in sheffield now", "ab münchen am 3.
 * november"): a name group in lowercase is read as a place only when it is one of these. Countries
 * and cities by their names in English, German, French and Spanish, the larger towns of the
 * countries whose languages the rules read, and the world's most visited cities.
 */
const COUNTRIES = `
afghanistan albania algeria andorra angola argentina armenia australia austria azerbaijan bahamas bahrain bangladesh barbados
belarus belgium belize benin bhutan bolivia bosnia botswana brazil brunei bulgaria burkina cambodia cameroon canada chile china
colombia congo croatia cuba cyprus czechia denmark ecuador egypt england estonia
ethiopia fiji finland france gabon gambia georgia germany ghana greece grenada guatemala guyana haiti honduras hungary
iceland india indonesia iran iraq ireland israel italy jamaica japan jordan kazakhstan kenya kosovo kuwait kyrgyzstan laos
latvia lebanon lesotho liberia libya liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali malta mauritius
mexico moldova monaco mongolia montenegro morocco mozambique myanmar namibia nepal netherlands holland zealand nicaragua niger
nigeria norway oman pakistan panama paraguay peru philippines poland portugal qatar romania russia rwanda
scotland senegal serbia seychelles singapore slovakia slovenia somalia korea korea
spain sudan suriname sweden switzerland syria taiwan tajikistan tanzania thailand togo tunisia turkey uganda ukraine
uruguay uzbekistan venezuela vietnam wales yemen zambia zimbabwe usa uk
albanien algerien argentinien armenien australien österreich belgien bolivien bosnien brasilien bulgarien kambodscha kanada
kolumbien kroatien kuba zypern tschechien dänemark ägypten estland äthiopien finnland frankreich georgien
deutschland griechenland ungarn island indien indonesien irland italien jordanien kasachstan kenia lettland libanon
litauen luxemburg malediven mexiko marokko niederlande neuseeland norwegen philippinen polen
rumänien russland schottland serbien singapur slowakei slowenien südafrika südkorea spanien schweden schweiz syrien
tunesien türkei sansibar
albanie algérie allemagne angleterre argentine arménie australie autriche belgique bolivie
bosnie brésil bulgarie cambodge chili chine chypre colombie corée corée croatie danemark écosse égypte
équateur espagne estonie états-unis éthiopie finlande géorgie grèce hongrie inde indonésie irlande islande israël
italie japon jordanie lettonie liban lituanie malaisie malte maroc mexique norvège nouvelle-zélande
pays-bas pérou pologne roumanie royaume-uni russie sénégal serbie singapour slovaquie
slovénie suède suisse syrie tanzanie thaïlande tunisie turquie monténégro maurice réunion
martinique guadeloupe corse
alemania argelia bélgica brasil camboya canadá chequia chipre
corea corea sur croacia dinamarca escocia egipto emiratos eslovaquia eslovenia españa etiopía
filipinas finlandia francia grecia holanda hungría inglaterra irlanda islandia italia japón
jordania letonia líbano lituania malasia maldivas marruecos méxico noruega pakistán
panamá perú polonia rumanía rusia sudáfrica suecia suiza tailandia túnez turquía ucrania
`;

const CITIES = `
amsterdam athens bangkok barcelona beijing berlin bogotá bogota boston brussels budapest cairo chicago
copenhagen dubai dublin edinburgh florence geneva hamburg havana helsinki istanbul jakarta jerusalem kyoto lima
lisbon london madrid marrakech melbourne mexico miami milan montreal moscow mumbai munich naples york
oslo paris prague reykjavik rome santiago seoul seville shanghai singapore stockholm sydney taipei tokyo
toronto vancouver venice vienna warsaw zurich porto krakow kraków tallinn riga vilnius sofia bucharest belgrade zagreb
dubrovnik ljubljana bratislava valletta marseille lyon bordeaux toulouse lille nantes strasbourg montpellier rennes
reims grenoble dijon angers nîmes nimes villeurbanne clermont-ferrand aix-en-provence brest amiens
limoges annecy perpignan metz besançon orléans rouen mulhouse caen nancy avignon poitiers rochelle pau bayonne biarritz
cannes antibes toulon saint-étienne saint-etienne versailles boulogne montreuil argenteuil roubaix tourcoing dunkerque
calais colmar chambéry valence troyes lorient vannes quimper saint-malo ajaccio bastia
münchen munchen köln koln frankfurt stuttgart düsseldorf dusseldorf dortmund leipzig bremen dresden
hannover nürnberg nurnberg duisburg bochum wuppertal bielefeld bonn münster munster karlsruhe mannheim augsburg wiesbaden
mönchengladbach gelsenkirchen braunschweig aachen kiel chemnitz magdeburg freiburg krefeld mainz lübeck lubeck erfurt
oberhausen rostock kassel hagen potsdam saarbrücken hamm ludwigshafen oldenburg osnabrück leverkusen heidelberg darmstadt
solingen regensburg paderborn ingolstadt würzburg wurzburg ulm heilbronn wolfsburg göttingen pforzheim offenbach bottrop
bremerhaven reutlingen koblenz trier jena konstanz gütersloh hildesheim cottbus schwerin pulheim
wien graz linz salzburg innsbruck klagenfurt zürich bern basel lausanne genf luzern lugano
valencia sevilla zaragoza málaga malaga murcia palma bilbao alicante córdoba cordoba valladolid vigo gijón
gijon granada vitoria coruña coruña elche oviedo badalona cartagena terrassa jerez sabadell móstoles alcalá pamplona
almería almeria getafe leganés salamanca burgos albacete santander castellón logroño badajoz huelva marbella lleida tarragona
león cádiz cadiz jaén ourense girona lugo cáceres cuenca toledo segovia ávila donostia
benidorm ibiza menorca mallorca tenerife lanzarote fuerteventura alboraya torrejón
alcorcón fuenlabrada parla pozuelo
manchester birmingham liverpool leeds sheffield bristol newcastle nottingham leicester brighton cambridge oxford glasgow
cardiff belfast aberdeen dundee exeter plymouth southampton portsmouth norwich coventry
swansea luton bournemouth sunderland wolverhampton bradford preston blackpool cheltenham canterbury
inverness stirling galway limerick
houston phoenix philadelphia dallas austin seattle denver portland
atlanta detroit minneapolis nashville orlando baltimore pittsburgh cleveland columbus charlotte
raleigh sacramento tampa honolulu anchorage brooklyn
turin bologna genoa verona palermo bari catania pisa siena
rotterdam utrecht eindhoven antwerp ghent bruges liège luxembourg
roma milano torino napoli firenze venezia genova
rom mailand neapel florenz venedig lissabon prag warschau krakau moskau athen kopenhagen brüssel
venise lisbonne varsovie cracovie moscou athènes copenhague bruxelles londres
genève cologne francfort barcelone séville
milán turín nápoles florencia venecia lisboa praga varsovia cracovia moscú atenas bruselas ginebra
múnich colonia fráncfort viena berlín tokio pekín estambul
osaka sapporo busan phuket hanoi saigon bali manila delhi goa
cancún cancun oaxaca guadalajara monterrey medellín medellin quito cusco montevideo
`;

function entries(list: string): string[] {
  return list.split(/\s+/u).filter(Boolean);
}

/** Names of several words, read whole ("new york", "buenos aires"): the lists above hold one word each. */
const MULTI_WORD = [
  "costa rica", "dominican republic", "el salvador", "new zealand", "north macedonia", "san marino", "saudi arabia", "south africa",
  "south korea", "sri lanka", "afrique du sud", "arabie saoudite", "corée du sud", "pays de galles", "corea del sur",
  "estados unidos", "nueva zelanda", "países bajos", "reino unido", "buenos aires", "cape town", "hong kong", "los angeles",
  "mexico city", "new york", "san francisco", "le havre", "le mans", "la rochelle", "a coruña", "san sebastián", "santiago de compostela",
  "gran canaria", "las palmas", "dos hermanas", "milton keynes", "san antonio", "san diego", "new orleans", "las vegas", "salt lake city",
  "kansas city", "st louis", "the hague", "nueva york", "chiang mai", "ho chi minh", "viêt nam", "rio de janeiro", "são paulo", "sao paulo",
];

export const PLACES: ReadonlySet<string> = new Set([...entries(COUNTRIES), ...entries(CITIES), ...MULTI_WORD]);

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
