import type { AttributeDefinitionInput, AttributeOption } from "#core/contracts/listing-attributes.ts";
import { FILL_LEVELS } from "#core/contracts/listing-evidence.ts";

/**
 * The shared vocabulary of issue 37 as the demo's definitions (docs/product/collector-data.md):
 * the spirits' set on the `spirits` subtree, the cigars' on `tobacco`, a short common set on
 * `accessories`. The brand or distillery and the packaging are the listing's brand and package;
 * `fill_level` is the evidence's value (ADR 0090). Positions are the order of importance.
 */

type Def = Omit<AttributeDefinitionInput, "position" | "options"> & { options?: AttributeOption[] };
const def = (
  key: string,
  type: Def["type"],
  labelCs: string,
  labelEn: string,
  more: Partial<Def> = {},
): Def => ({
  key,
  type,
  labelCs,
  labelEn,
  unit: null,
  required: false,
  facet: false,
  suggested: false,
  ...more,
});

const FILL_LEVEL_LABELS: Record<string, [string, string]> = {
  in_neck: ["V hrdle", "In neck"],
  base_of_neck: ["Spodek hrdla", "Base of neck"],
  very_top_shoulder: ["Úplný vršek ramene", "Very top shoulder"],
  top_shoulder: ["Vršek ramene", "Top shoulder"],
  upper_shoulder: ["Horní část ramene", "Upper shoulder"],
  mid_shoulder: ["Střed ramene", "Mid shoulder"],
  low_shoulder: ["Spodek ramene", "Low shoulder"],
};

/**
 * The countries of origin a listing chooses from (`country`, a choice since the English pages
 * showed the Czech "Skotsko"): the value a stable English key, the labels in both languages;
 * Scotland, England and Wales apart (whisky is told by them), islands of the Caribbean by their
 * own name. Sorted the Czech way, "another" last.
 */
const COUNTRY_LABELS: [string, string, string][] = [
  ["austria", "Rakousko", "Austria"],
  ["australia", "Austrálie", "Australia"],
  ["barbados", "Barbados", "Barbados"],
  ["czechia", "Česko", "Czechia"],
  ["denmark", "Dánsko", "Denmark"],
  ["dominican_republic", "Dominikánská republika", "Dominican Republic"],
  ["england", "Anglie", "England"],
  ["france", "Francie", "France"],
  ["guadeloupe", "Guadeloupe", "Guadeloupe"],
  ["guatemala", "Guatemala", "Guatemala"],
  ["guyana", "Guyana", "Guyana"],
  ["honduras", "Honduras", "Honduras"],
  ["india", "Indie", "India"],
  ["ireland", "Irsko", "Ireland"],
  ["italy", "Itálie", "Italy"],
  ["jamaica", "Jamajka", "Jamaica"],
  ["japan", "Japonsko", "Japan"],
  ["canada", "Kanada", "Canada"],
  ["cuba", "Kuba", "Cuba"],
  ["hungary", "Maďarsko", "Hungary"],
  ["martinique", "Martinik", "Martinique"],
  ["mexico", "Mexiko", "Mexico"],
  ["germany", "Německo", "Germany"],
  ["nicaragua", "Nikaragua", "Nicaragua"],
  ["netherlands", "Nizozemsko", "Netherlands"],
  ["panama", "Panama", "Panama"],
  ["poland", "Polsko", "Poland"],
  ["portugal", "Portugalsko", "Portugal"],
  ["scotland", "Skotsko", "Scotland"],
  ["slovakia", "Slovensko", "Slovakia"],
  ["spain", "Španělsko", "Spain"],
  ["taiwan", "Tchaj-wan", "Taiwan"],
  ["trinidad", "Trinidad a Tobago", "Trinidad and Tobago"],
  ["usa", "USA", "USA"],
  ["venezuela", "Venezuela", "Venezuela"],
  ["wales", "Wales", "Wales"],
];

export const COUNTRY_OPTIONS: AttributeOption[] = [
  ...COUNTRY_LABELS.sort((a, b) => a[1].localeCompare(b[1], "cs")).map(([value, cs, en]) => ({
    value,
    cs,
    en,
  })),
  { value: "other", cs: "Jiná země", en: "Another country" },
];

/**
 * The regions of origin a listing chooses from (`region`, a choice since the English pages showed
 * the Czech "Toskánsko"): the common regions of whisky, brandy, rum, tequila, wine and cigars, the
 * value a stable English key. Grouped by what they name, not sorted: a seller looks for Islay among
 * the whisky regions. A town or a village (Pálava, Vizovice) is "another region" or stays the text
 * written before the choice.
 */
const REGION_LABELS: [string, string, string][] = [
  // Scotch whisky
  ["speyside", "Speyside", "Speyside"],
  ["highland", "Highland", "Highland"],
  ["lowland", "Lowland", "Lowland"],
  ["islay", "Islay", "Islay"],
  ["islands", "Ostrovy", "Islands"],
  ["campbeltown", "Campbeltown", "Campbeltown"],
  // American whiskey
  ["kentucky", "Kentucky", "Kentucky"],
  ["tennessee", "Tennessee", "Tennessee"],
  // Brandy
  ["cognac", "Cognac", "Cognac"],
  ["grande_champagne", "Grande Champagne", "Grande Champagne"],
  ["petite_champagne", "Petite Champagne", "Petite Champagne"],
  ["borderies", "Borderies", "Borderies"],
  ["fins_bois", "Fins Bois", "Fins Bois"],
  ["bas_armagnac", "Bas-Armagnac", "Bas-Armagnac"],
  ["tenareze", "Ténarèze", "Ténarèze"],
  ["normandy", "Normandie", "Normandy"],
  ["pays_d_auge", "Pays d'Auge", "Pays d'Auge"],
  ["black_forest", "Schwarzwald", "Black Forest"],
  // Tequila and mezcal
  ["jalisco", "Jalisco", "Jalisco"],
  ["oaxaca", "Oaxaca", "Oaxaca"],
  // Wine
  ["champagne", "Champagne", "Champagne"],
  ["bordeaux", "Bordeaux", "Bordeaux"],
  ["burgundy", "Burgundsko", "Burgundy"],
  ["rhone", "Údolí Rhôny", "Rhône"],
  ["sauternes", "Sauternes", "Sauternes"],
  ["pomerol", "Pomerol", "Pomerol"],
  ["tuscany", "Toskánsko", "Tuscany"],
  ["piedmont", "Piemont", "Piedmont"],
  ["douro", "Douro", "Douro"],
  ["ribera_del_duero", "Ribera del Duero", "Ribera del Duero"],
  ["rioja", "Rioja", "Rioja"],
  ["mosel", "Mosela", "Mosel"],
  ["tokaj", "Tokaj", "Tokaj"],
  ["moravia", "Morava", "Moravia"],
  ["bohemia", "Čechy", "Bohemia"],
  // Cigars
  ["vuelta_abajo", "Vuelta Abajo", "Vuelta Abajo"],
  ["semi_vuelta", "Semi Vuelta", "Semi Vuelta"],
  ["partido", "Partido", "Partido"],
  ["remedios", "Remedios", "Remedios"],
  ["esteli", "Estelí", "Estelí"],
  ["cibao", "Cibao", "Cibao Valley"],
  ["jamastran", "Jamastrán", "Jamastran Valley"],
];

export const REGION_OPTIONS: AttributeOption[] = [
  ...REGION_LABELS.map(([value, cs, en]) => ({ value, cs, en })),
  { value: "other", cs: "Jiná oblast", en: "Another region" },
];

const spirits: Def[] = [
  def("bottler_kind", "enum", "Stáčitel", "Bottler", {
    facet: true,
    options: [
      { value: "official", cs: "Oficiální (palírna)", en: "Official (distillery)" },
      { value: "independent", cs: "Nezávislý stáčitel", en: "Independent bottler" },
    ],
  }),
  def("bottler", "text", "Název stáčitele", "Bottler's name", { suggested: true, facet: true }),
  def("age_years", "integer", "Stáří", "Age", { unit: "years", facet: true }),
  def("vintage", "year", "Ročník (destilace)", "Vintage (distilled)", { facet: true }),
  def("bottled_year", "year", "Rok stočení", "Bottled"),
  def("abv", "decimal", "Obsah alkoholu", "Strength", { unit: "abv", facet: true }),
  def("volume_ml", "integer", "Objem", "Volume", { unit: "ml" }),
  def("cask_type", "text", "Typ sudu", "Cask type", { suggested: true, facet: true }),
  def("cask_number", "text", "Číslo sudu", "Cask number"),
  def("bottle_number", "integer", "Číslo láhve", "Bottle number"),
  def("outturn", "integer", "Počet láhví v edici", "Outturn", { unit: "pieces" }),
  def("edition", "text", "Série nebo edice", "Series or edition", { suggested: true }),
  def("region", "enum", "Oblast", "Region", { facet: true, options: REGION_OPTIONS }),
  def("country", "enum", "Země", "Country", { facet: true, options: COUNTRY_OPTIONS }),
  def("fill_level", "enum", "Výška hladiny", "Fill level", {
    options: FILL_LEVELS.map((value) => ({
      value,
      cs: FILL_LEVEL_LABELS[value][0],
      en: FILL_LEVEL_LABELS[value][1],
    })),
  }),
  def("label_condition", "enum", "Stav etikety", "Label condition", {
    options: [
      { value: "mint", cs: "Bezvadná", en: "Mint" },
      { value: "good", cs: "Dobrá", en: "Good" },
      { value: "worn", cs: "Opotřebená", en: "Worn" },
      { value: "damaged", cs: "Poškozená", en: "Damaged" },
    ],
  }),
];

const cigars: Def[] = [
  def("line", "text", "Řada", "Line", { suggested: true, facet: true }),
  def("vitola", "text", "Vitola", "Vitola", { suggested: true, facet: true }),
  def("length_mm", "integer", "Délka", "Length", { unit: "mm" }),
  def("ring_gauge", "integer", "Průměr (ring gauge)", "Ring gauge"),
  def("box_code", "text", "Kód krabice", "Box code"),
  def("factory_code", "text", "Kód továrny", "Factory code", { suggested: true }),
  def("release_year", "year", "Rok uvedení", "Release year", { facet: true }),
  def("box_count", "integer", "Počet kusů v krabici", "Cigars in the box", { unit: "pieces" }),
  def("humidor", "boolean", "Skladováno v humidoru", "Kept in a humidor"),
];

const rest: Def[] = [
  def("year", "year", "Rok výroby", "Year made"),
  def("condition", "enum", "Stav", "Condition", {
    facet: true,
    options: [
      { value: "new", cs: "Nové", en: "New" },
      { value: "as_new", cs: "Jako nové", en: "As new" },
      { value: "used", cs: "Použité", en: "Used" },
      { value: "damaged", cs: "Poškozené", en: "Damaged" },
    ],
  }),
];

const numbered = (defs: Def[]): AttributeDefinitionInput[] =>
  defs.map((entry, index) => ({ ...entry, options: entry.options ?? [], position: (index + 1) * 10 }));

/** The demo's definitions by the key of the category whose subtree they describe. */
export const ATTRIBUTE_VOCABULARY: Record<string, AttributeDefinitionInput[]> = {
  spirits: numbered(spirits),
  tobacco: numbered(cigars),
  accessories: numbered(rest),
};
