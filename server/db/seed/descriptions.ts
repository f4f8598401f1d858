import type { SeedBrand } from "./brands.ts";
import type { CatalogueItem, Kind } from "./catalogue.ts";
import type { Random } from "./random.ts";

/** Czech and English texts for the demo products: names and descriptions of several sentences. */

type Pair = [cs: string, en: string];

const SPIRITS: Kind[] = [
  "rum",
  "agricole",
  "whisky",
  "bourbon",
  "japanese",
  "cognac",
  "armagnac",
  "calvados",
  "fruit-brandy",
  "gin",
  "tequila",
  "liqueur",
];
const WINES: Kind[] = ["red-wine", "burgundy", "sweet-wine", "champagne", "tokaji", "port"];
const TOBACCO: Kind[] = ["cigar-box", "cigar-single", "pipe-tobacco"];

export type KindGroup = "spirit" | "wine" | "tobacco" | "accessory";

export function kindGroup(kind: Kind): KindGroup {
  if (SPIRITS.includes(kind)) return "spirit";
  if (WINES.includes(kind)) return "wine";
  if (TOBACCO.includes(kind)) return "tobacco";
  return "accessory";
}

/** Accessory names that read differently in Czech. */
const czechNames: Record<string, string> = {
  "Adorini Torino Deluxe cedar humidor": "Adorini Torino Deluxe, cedrový humidor",
  "Adorini Cremona humidor for 75 cigars": "Adorini Cremona, humidor na 75 doutníků",
  "Elie Bleu Medals humidor, black sycamore": "Elie Bleu Medals, humidor z černého platanu",
  "Glencairn crystal whisky glass (set of 6)": "Glencairn, křišťálová sklenice na whisky (sada 6 ks)",
  "Glencairn Copita nosing glass (set of 2)": "Glencairn Copita, degustační sklenice (sada 2 ks)",
  "Riedel Vinum XL Cognac (set of 2)": "Riedel Vinum XL Cognac, sklenice na koňak (sada 2 ks)",
  "Zalto Denk'Art Universal (set of 2)": "Zalto Denk'Art Universal, sklenice na víno (sada 2 ks)",
  "Moser Whisky Set Pebbles (decanter and 2 glasses)": "Moser Whisky Set Pebbles (karafa a 2 sklenice)",
  "Riedel Amadeo decanter": "Riedel Amadeo, karafa na víno",
  "Moser Splendid crystal decanter": "Moser Splendid, křišťálová karafa",
  "Xikar Xi3 cigar cutter": "Xikar Xi3, ořezávač doutníků",
  "S.T. Dupont Ligne 2 lighter, Chinese lacquer": "S.T. Dupont Ligne 2, zapalovač s čínským lakem",
  "S.T. Dupont Maxijet cigar lighter": "S.T. Dupont Maxijet, zapalovač na doutníky",
  "Pernod Fils Absinthe (pre-ban reproduction)": "Pernod Fils Absinthe (replika předválečného receptu)",
  "Hampden Estate 8 yo": "Hampden Estate 8 let",
  "Žufánek Hruškovice z vlastního sadu": "Žufánek Hruškovice z vlastního sadu",
};

const englishNames: Record<string, string> = {
  "Žufánek Hruškovice z vlastního sadu": "Žufánek Pear Brandy (own orchard)",
  "Rudolf Jelínek Slivovice 10 let": "Rudolf Jelínek Slivovitz 10 yo",
  "Rudolf Jelínek Slivovice 1989": "Rudolf Jelínek Slivovitz 1989",
  "Žufánek Slivovice 2010": "Žufánek Slivovitz 2010",
  "Sonberk Ryzlink rýnský slámové víno 2015": "Sonberk Riesling Straw Wine 2015",
  "Sonberk Pálava výběr z bobulí 2017": "Sonberk Pálava Berry Selection 2017",
  "Stapleton & Springer Pinot Noir Ležák 2012": "Stapleton & Springer Pinot Noir Ležák 2012",
};

function yearsCs(n: number): string {
  if (n === 1) return "1 rok";
  if (n >= 2 && n <= 4) return `${n} roky`;
  return `${n} let`;
}

function toCzech(name: string): string {
  if (czechNames[name]) return czechNames[name];
  return name
    .replace(/\b(\d+) yo\b/g, (_, n: string) => yearsCs(Number(n)))
    .replace(/\(box of (\d+)\)/g, "(box $1 ks)")
    .replace(/\(single\)/g, "(1 ks)")
    .replace(/\(set of (\d+)\)/g, "(sada $1 ks)")
    .replace(/\(tin (\d+) g\)/g, "(plechovka $1 g)")
    .replace(/\(sealed tin, 1990s\)/g, "(zapečetěná plechovka, 90. léta)")
    .replace(/\b19(\d)0s\b/g, "$10. léta")
    .replace(/\b(\d)\.(\d+) l\b/g, "$1,$2 l")
    .replace(/\b1 l\b/g, "1 l")
    .replace(/Limited Edition/g, "limitovaná edice");
}

/** A strength the language's way: "46,5 %" in Czech, "46.5%" in English (no space before the sign). */
function formatAbv(abv: number, locale: "cs" | "en"): string {
  return locale === "cs" ? `${String(abv).replace(".", ",")} %` : `${abv}%`;
}

/** The product name in both languages; spirits carry their strength ("Hampden Estate 8 yo, 46%"). */
export function productNames(item: CatalogueItem): { cs: string; en: string } {
  const en = englishNames[item.name] ?? item.name;
  let cs = toCzech(item.name);
  let enName = en;
  if (kindGroup(item.kind) === "spirit" && item.abv && !/%/.test(item.name)) {
    cs = `${cs}, ${formatAbv(item.abv, "cs")}`;
    enName = `${enName}, ${formatAbv(item.abv, "en")}`;
  }
  return { cs, en: enName };
}

const kindPhrase: Record<Kind, Pair> = {
  rum: ["melasový rum", "molasses rum"],
  agricole: ["rhum agricole z čerstvé šťávy cukrové třtiny", "rhum agricole distilled from fresh cane juice"],
  whisky: ["skotská single malt whisky", "single malt Scotch whisky"],
  bourbon: ["americká whiskey", "American whiskey"],
  japanese: ["japonská whisky", "Japanese whisky"],
  cognac: ["koňak", "cognac"],
  armagnac: ["armaňak", "Armagnac"],
  calvados: ["calvados z normandských jablek a hrušek", "Calvados from Normandy apples and pears"],
  "fruit-brandy": ["tradiční ovocný destilát", "traditional fruit brandy"],
  gin: ["gin", "gin"],
  tequila: ["tequila ze 100% modré agáve", "tequila from 100% blue agave"],
  liqueur: ["sběratelská lihovina", "collectible spirit"],
  "red-wine": ["červené víno", "red wine"],
  burgundy: ["červené víno", "red wine"],
  "sweet-wine": ["přírodně sladké víno", "naturally sweet wine"],
  champagne: ["šampaňské", "champagne"],
  tokaji: ["tokajské víno", "Tokaji wine"],
  port: ["portské víno", "port wine"],
  "cigar-box": ["ručně balené doutníky", "hand-rolled cigars"],
  "cigar-single": ["ručně balený doutník", "hand-rolled cigar"],
  "pipe-tobacco": ["dýmkový tabák", "pipe tobacco"],
  humidor: ["humidor", "humidor"],
  glass: ["degustační sklo", "tasting glassware"],
  decanter: ["karafa", "decanter"],
  tool: ["doplněk pro kuřáky doutníků", "cigar accessory"],
};

const casks: Partial<Record<Kind, Pair[]>> = {
  rum: [
    [
      "Zrálo v bývalých bourbonových sudech v tropickém klimatu, kde se ročně odpaří až osm procent objemu.",
      "Aged in ex-bourbon casks in the tropical climate, where up to eight per cent of the volume evaporates every year.",
    ],
    [
      "Destilováno v kotlíkových kolonách (pot still) a bez přidaného cukru či barviva.",
      "Pot-still distilled, with no added sugar or colouring.",
    ],
    [
      "Dozrávalo v sudech po bourbonu a na závěr několik měsíců v sudech po oloroso sherry.",
      "Matured in ex-bourbon casks and finished for several months in oloroso sherry casks.",
    ],
  ],
  agricole: [
    [
      "Zrálo v malých sudech z francouzského dubu a nese apelaci AOC Martinique.",
      "Aged in small French oak casks and bottled under the AOC Martinique appellation.",
    ],
    [
      "Destilováno v kreolské koloně hned po sklizni třtiny.",
      "Distilled in a Creole column straight after the cane harvest.",
    ],
  ],
  whisky: [
    ["Zráno v sudech po oloroso sherry ze španělského dubu.", "Matured in Spanish oak oloroso sherry casks."],
    [
      "Kombinace sudů po bourbonu a sherry, bez barvení a bez chladové filtrace.",
      "A mix of bourbon and sherry casks, natural colour and not chill-filtered.",
    ],
    ["Stočeno v plné síle sudu (cask strength).", "Bottled at full cask strength."],
  ],
  bourbon: [
    [
      "Zrálo v nových vypálených sudech z amerického bílého dubu ve skladech v Kentucky.",
      "Aged in new charred American white oak barrels in Kentucky rickhouses.",
    ],
    [
      "Jedna z alokovaných lahví, které se v Evropě objevují jen výjimečně.",
      "One of the allocated bottles that rarely reach Europe.",
    ],
  ],
  japanese: [
    [
      "Část destilátu zrála v sudech z japonského dubu mizunara.",
      "Part of the spirit was matured in Japanese mizunara oak casks.",
    ],
    [
      "Dnes prakticky nedostupné za původní cenu, palírna přiděluje jen malé alokace.",
      "Practically unobtainable at the original price today; the distillery allocates only small quantities.",
    ],
  ],
  cognac: [
    [
      "Směs eaux-de-vie z Grande a Petite Champagne, nejmladší složka zrála přes dvacet let.",
      "A blend of Grande and Petite Champagne eaux-de-vie; the youngest component spent over twenty years in oak.",
    ],
    [
      "Zráno v limousinském dubu ve vlhkých sklepech u řeky Charente.",
      "Aged in Limousin oak in the damp cellars by the Charente river.",
    ],
  ],
  armagnac: [
    [
      "Jednorázová kontinuální destilace a zrání v sudech z gaskoňského dubu, stočeno bez ředění.",
      "Single continuous distillation and ageing in Gascon oak, bottled without reduction.",
    ],
  ],
  calvados: [
    [
      "Dvojitá destilace v kotlíku a zrání v dubových sudech.",
      "Double pot distillation and ageing in oak casks.",
    ],
  ],
  "fruit-brandy": [
    [
      "Vypáleno z vlastního ovoce na tradičním kotlíkovém zařízení, bez cukru a bez aromat.",
      "Distilled from the distillery's own fruit in a traditional pot still, with no sugar or flavouring.",
    ],
  ],
  gin: [
    [
      "Macerace desítek botanicals včetně jalovce, brusinek a smrkových výhonků.",
      "Dozens of botanicals macerated, including juniper, lingonberries and spruce tips.",
    ],
  ],
  tequila: [
    [
      "Agáve pečené v kamenných pecích, zrání v sudech po americké whiskey.",
      "Agave cooked in stone ovens and rested in American whiskey barrels.",
    ],
  ],
  liqueur: [
    [
      "Recept se drží v tajnosti a výroba probíhá v malých šaržích.",
      "The recipe is kept secret and it is made in small batches.",
    ],
  ],
};

const tastings: Partial<Record<Kind, Pair[]>> = {
  rum: [
    [
      "Ve vůni přezrálý banán, ananas a lak na nehty typický pro esterové rumy, na patře lékořice a dlouhý pepřový závěr.",
      "On the nose overripe banana, pineapple and the nail-varnish note of high-ester rums; liquorice and a long peppery finish on the palate.",
    ],
    [
      "Ve vůni melasa, sušené švestky a tabák, na patře kakao, dub a hřejivé koření.",
      "Molasses, dried plums and tobacco on the nose; cocoa, oak and warm spices on the palate.",
    ],
  ],
  agricole: [
    [
      "Ve vůni čerstvá třtina, citrusová kůra a vanilka, na patře travnaté tóny a jemný dub.",
      "Fresh cane, citrus peel and vanilla on the nose; grassy notes and gentle oak on the palate.",
    ],
  ],
  whisky: [
    [
      "Ve vůni sušené ovoce, pomerančová kůra a hořká čokoláda, na patře zázvor a dlouhý sherry závěr.",
      "Dried fruit, orange peel and dark chocolate on the nose; ginger and a long sherried finish.",
    ],
    [
      "Ve vůni rašelinový kouř, mořská sůl a jód, na patře smažená slanina a citron.",
      "Peat smoke, sea salt and iodine on the nose; smoked bacon and lemon on the palate.",
    ],
    [
      "Ve vůni med, vřes a zelená jablka, na patře vanilka a máslové pečivo.",
      "Honey, heather and green apples on the nose; vanilla and buttery pastry on the palate.",
    ],
  ],
  bourbon: [
    [
      "Ve vůni karamel, třešně a pálený cukr, na patře skořice, dub a tabák.",
      "Caramel, cherries and burnt sugar on the nose; cinnamon, oak and tobacco on the palate.",
    ],
  ],
  japanese: [
    [
      "Ve vůni santalové dřevo, broskve a kadidlo, na patře kokos a orientální koření.",
      "Sandalwood, peaches and incense on the nose; coconut and oriental spice on the palate.",
    ],
  ],
  cognac: [
    [
      "Ve vůni rancio, sušené meruňky a kůže, na patře kandované ovoce a jemné taniny.",
      "Rancio, dried apricots and leather on the nose; candied fruit and fine tannins on the palate.",
    ],
  ],
  armagnac: [
    [
      "Ve vůni sušené švestky, lékořice a lesní med, na patře robustní dub a pepř.",
      "Prunes, liquorice and forest honey on the nose; robust oak and pepper on the palate.",
    ],
  ],
};

const labels: Pair[] = [
  ["Etiketa je čistá a nepoškozená.", "The label is clean and undamaged."],
  [
    "Etiketa je v perfektním stavu, jen drobné oděrky na hraně od manipulace.",
    "The label is in excellent condition, with only light scuffs on the edge from handling.",
  ],
  [
    "Na zadní etiketě je malá skvrna od vody, přední etiketa je bez vad.",
    "There is a small water mark on the back label; the front label is flawless.",
  ],
  ["Etiketa lehce vybledlá sluncem, ale plně čitelná.", "The label is slightly sun-faded but fully legible."],
];

const capsules: Pair[] = [
  ["Kapsle i páska jsou neporušené.", "Capsule and seal strip are intact."],
  [
    "Uzávěr je pevný, pečeť neporušená, láhev nebyla nikdy otevřena.",
    "The closure is tight and the seal unbroken; the bottle has never been opened.",
  ],
  [
    "Korek drží, kapsle je mírně pootočená, ale neporušená.",
    "The cork is sound; the capsule turns slightly but is intact.",
  ],
];

const spiritStorage: Pair[] = [
  [
    "Skladováno vestoje ve tmě při stálé teplotě kolem 16 °C.",
    "Stored upright in the dark at a steady temperature of about 16 °C.",
  ],
  [
    "Láhev pochází ze soukromé sbírky, uložena ve vitríně mimo přímé světlo.",
    "The bottle comes from a private collection and was kept in a cabinet away from direct light.",
  ],
  [
    "Uloženo v původní krabici v temné skříni, nekuřácká domácnost.",
    "Kept in its original box in a dark cupboard, non-smoking home.",
  ],
];

const wineStorage: Pair[] = [
  [
    "Skladováno naležato ve sklepě při 12 °C a 70% vlhkosti od nákupu en primeur.",
    "Stored lying down in a cellar at 12 °C and 70% humidity since it was bought en primeur.",
  ],
  [
    "Víno leželo v klimatizované vinotéce, provenience doložena fakturou od obchodníka.",
    "Kept in a temperature-controlled wine cabinet; provenance documented by the merchant's invoice.",
  ],
];

const fills: Pair[] = [
  ["Hladina v krčku (into neck).", "Fill level into the neck."],
  [
    "Hladina na horním rameni (top shoulder), odpovídá stáří.",
    "Fill level top shoulder, in line with the age.",
  ],
  ["Hladina těsně pod krčkem (base of neck).", "Fill level base of neck."],
];

const cigarStorage: Pair[] = [
  [
    "Uloženo v humidoru při 65–69% vlhkosti a 18 °C, pravidelně kontrolováno.",
    "Kept in a humidor at 65–69% humidity and 18 °C and checked regularly.",
  ],
  [
    "Doutníky odpočívají ve skříňovém humidoru se Spanish cedar policemi.",
    "The cigars rest in a cabinet humidor with Spanish cedar shelves.",
  ],
];

const monthsCs = ["JAN", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SEP", "OCT", "NOV", "DIC"];

function packSentence(pack: string, rng: Random): Pair | null {
  if (pack === "wooden-box")
    return rng.chance(0.7)
      ? ["Součástí je původní dřevěná kazeta.", "Comes with the original wooden case."]
      : [
          "Původní dřevěná kazeta má drobné oděrky na rohu.",
          "The original wooden case has small scuffs on one corner.",
        ];
  if (pack === "gift-box")
    return rng.chance(0.7)
      ? ["Dodáváno v originální dárkové krabici bez poškození.", "Comes in its original gift box, undamaged."]
      : [
          "Originální krabice je kompletní, víko lehce promáčknuté.",
          "The original box is complete; the lid is slightly dented.",
        ];
  if (pack === "magnum")
    return ["Formát magnum, ideální pro dlouhé zrání.", "Magnum format, ideal for long ageing."];
  if (pack === "miniature")
    return [
      "Miniatura vhodná na ochutnání nebo do sbírky vzorků.",
      "A miniature for tasting or for a sample collection.",
    ];
  return null;
}

export type DescribeContext = {
  format: "auction" | "classified" | "shop";
  /** Classified with price null. */
  byAgreement: boolean;
  brand: SeedBrand;
  names: { cs: string; en: string };
  rng: Random;
  now: Date;
};

/** A description of several sentences in both languages. */
export function describeProduct(item: CatalogueItem, ctx: DescribeContext): { cs: string; en: string } {
  const { rng, brand, names } = ctx;
  const group = kindGroup(item.kind);
  const [phraseCs, phraseEn] = kindPhrase[item.kind];
  const cs: string[] = [];
  const en: string[] = [];
  const add = (pair: Pair | null | undefined) => {
    if (!pair) return;
    cs.push(pair[0]);
    en.push(pair[1]);
  };

  add([
    `${names.cs} – ${phraseCs} od ${brand.name} (${brand.originCs}).`,
    `${names.en}: ${phraseEn} by ${brand.name} (${brand.originEn}).`,
  ]);

  if (group === "spirit") {
    if (item.vintage)
      add([
        `Destilováno v roce ${item.vintage}, stočeno po ${yearsCs(rng.int(8, 25))} zrání.`,
        `Distilled in ${item.vintage} and bottled after ${rng.int(8, 25)} years in wood.`,
      ]);
    // "Cask strength" only for bottlings that are.
    const caskOptions = casks[item.kind]?.filter(
      (pair) => !pair[1].includes("cask strength") || (item.abv ?? 0) >= 50,
    );
    if (caskOptions?.length) add(rng.pick(caskOptions));
    // Peat smoke belongs to Islay; other whiskies get the sherry or honey notes.
    const peated =
      item.category.startsWith("whisky-islay") || /Longrow|Port Charlotte|Octomore/.test(item.name);
    const tasting = tastings[item.kind]?.filter(
      (pair) => item.kind !== "whisky" || pair[1].includes("Peat smoke") === peated,
    );
    if (tasting?.length) add(rng.pick(tasting));
    add(rng.pick(labels));
    add(rng.pick(capsules));
    if (item.vintage && item.vintage < 1995) add(rng.pick(fills));
    add(rng.pick(spiritStorage));
    add(packSentence(item.pack, rng));
  } else if (group === "wine") {
    if (item.vintage) {
      const peak = item.vintage + rng.int(15, 30);
      add([
        `Ročník ${item.vintage}, podle kritiků jeden z vydařených. Ideální k pití do roku ${peak}.`,
        `The ${item.vintage} vintage, one of the successful ones according to critics. Best drunk by ${peak}.`,
      ]);
    }
    add(rng.pick(fills));
    add(rng.pick(labels));
    add(rng.pick(capsules));
    add(rng.pick(wineStorage));
    add(packSentence(item.pack, rng));
  } else if (group === "tobacco") {
    if (item.kind === "cigar-box" || (item.kind === "cigar-single" && rng.chance(0.3))) {
      const year = ctx.now.getUTCFullYear() - rng.int(1, 9);
      const code = `${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))} ${rng.pick(monthsCs)} ${String(year % 100).padStart(2, "0")}`;
      add([
        `Kód boxu ${code}, doutníky tedy zrají od roku ${year}.`,
        `Box code ${code}, so the cigars have been ageing since ${year}.`,
      ]);
    }
    if (brand.originEn === "Cuba")
      add([
        "Záruční páska kubánské vlády a hologram Habanos jsou na místě.",
        "The Cuban government warranty seal and the Habanos hologram are in place.",
      ]);
    if (item.kind === "cigar-box")
      add(
        rng.pick<Pair>([
          [
            "Box je kompletní, doutníky pružné, bez prasklin a bez plísně.",
            "The box is complete; the cigars are supple, with no cracks or mould.",
          ],
          [
            "Box byl otevřen pouze kvůli kontrole, všechny doutníky jsou na místě.",
            "The box was opened only for inspection; all cigars are present.",
          ],
        ]),
      );
    if (item.kind === "cigar-single")
      add([
        "Prodej po kusech, doutník je v původním celofánu.",
        "Sold individually, in its original cellophane.",
      ]);
    if (item.kind === "pipe-tobacco")
      add([
        `Plechovka je ${rng.chance(0.6) ? "zapečetěná" : "otevřená jen kvůli kontrole"}, bez promáčknutí a bez rzi.`,
        `The tin is ${rng.chance(0.6) ? "sealed" : "opened only for inspection"}, with no dents or rust.`,
      ]);
    else add(rng.pick(cigarStorage));
  } else {
    add(
      rng.pick<Pair>([
        ["Nové, nepoužité, v originálním balení.", "New and unused, in the original packaging."],
        [
          "Použité jen krátce, ve výborném stavu, bez škrábanců.",
          "Lightly used and in excellent condition, with no scratches.",
        ],
      ]),
    );
    if (item.kind === "humidor")
      add([
        "Vnitřek ze španělského cedru, hygrometr a zvlhčovač jsou součástí.",
        "Spanish cedar interior; hygrometer and humidifier included.",
      ]);
    if (item.kind === "glass" || item.kind === "decanter")
      add(["Ručně foukané bezolovnaté křišťálové sklo.", "Hand-blown lead-free crystal."]);
    if (item.kind === "tool")
      add([
        "Doživotní záruka výrobce, registrace přiložena.",
        "Lifetime manufacturer's warranty, registration card included.",
      ]);
  }

  if (ctx.format === "shop") {
    add([
      "Skladem v naší prodejně. Doručení 1–3 dny v Praze, 3–5 dnů jinde; nad 1 500 Kč doprava zdarma.",
      "In stock in our store. Delivery in 1–3 days in Prague, 3–5 days elsewhere; free delivery over 1,500 CZK.",
    ]);
  } else if (ctx.format === "auction") {
    add(
      rng.pick<Pair>([
        [
          "Osobní předání možné v Praze nebo Brně, jinak zasílám pojištěným balíkem s ověřením věku při převzetí.",
          "Hand-over in Prague or Brno, otherwise shipped as an insured parcel with an age check on delivery.",
        ],
        [
          "Po skončení aukce pošlu další fotografie na vyžádání; zásilku pečlivě zabalím.",
          "More photos on request after the auction ends; the parcel will be packed with care.",
        ],
      ]),
    );
  } else if (ctx.byAgreement) {
    add([
      "Cena dohodou, nabídky posílejte přes zprávy. Zvážím i výměnu za jiné sběratelské kousky.",
      "Price by agreement; send your offer through messages. Swaps for other collectible bottles considered.",
    ]);
  } else {
    add([
      "Cena je pevná, osobní předání v Praze, případně zaslání pojištěným balíkem.",
      "The price is firm; hand-over in Prague or shipping as an insured parcel.",
    ]);
  }
  return { cs: cs.join(" "), en: en.join(" ") };
}

/** Description of a demand ad ("I want to buy"). */
export function describeDemand(
  cs: string,
  en: string,
  price: number | null,
  rng: Random,
): { cs: string; en: string } {
  const condition = rng.pick<Pair>([
    [
      "Stav etikety není podmínkou, ale láhev musí být neotevřená a s rozumnou hladinou.",
      "The label need not be perfect, but the bottle must be unopened with a sensible fill level.",
    ],
    [
      "Preferuji originální balení a doložitelný původ.",
      "Original packaging and traceable provenance preferred.",
    ],
  ]);
  const money: Pair =
    price === null
      ? ["Cenu navrhněte, férovou nabídku neodmítnu.", "Name your price; a fair offer will not be refused."]
      : [
          `Nabízím až ${price.toLocaleString("cs-CZ")} Kč podle stavu.`,
          `I offer up to ${price.toLocaleString("en-GB")} CZK depending on condition.`,
        ];
  return {
    cs: `${cs}. ${condition[0]} ${money[0]} Platba převodem nebo hotově při osobním předání v Praze.`,
    en: `${en}. ${condition[1]} ${money[1]} Payment by bank transfer or in cash on hand-over in Prague.`,
  };
}
