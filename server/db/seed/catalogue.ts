/**
 * The demo catalogue: real collectible bottlings, cigars and accessories. Each entry becomes one
 * product; the generator picks its format, seller, status, times and price around `value` (a
 * plausible Czech market price in CZK).
 */

export type Kind =
  | "rum"
  | "agricole"
  | "whisky"
  | "bourbon"
  | "japanese"
  | "red-wine"
  | "burgundy"
  | "sweet-wine"
  | "champagne"
  | "tokaji"
  | "port"
  | "cognac"
  | "armagnac"
  | "calvados"
  | "fruit-brandy"
  | "gin"
  | "tequila"
  | "liqueur"
  | "cigar-box"
  | "cigar-single"
  | "pipe-tobacco"
  | "humidor"
  | "glass"
  | "decanter"
  | "tool";

export type CatalogueItem = {
  brand: string;
  /** The name as collectors write it (English form); the Czech one is derived from it. */
  name: string;
  category: string;
  kind: Kind;
  value: number;
  abv?: number;
  pack: string;
  /** Distillation or harvest year, when the bottling has one. */
  vintage?: number;
  /** Prefer a format for this item (accessories are mostly sold by the shop). */
  prefer?: "auction" | "classified" | "shop";
};

const i = (
  brand: string,
  name: string,
  category: string,
  kind: Kind,
  value: number,
  pack: string,
  extra: { abv?: number; vintage?: number; prefer?: CatalogueItem["prefer"] } = {},
): CatalogueItem => ({ brand, name, category, kind, value, pack, ...extra });

export const catalogue: CatalogueItem[] = [
  // Rum: Jamaica
  i("hampden", "Hampden Estate 8 yo", "rum-jamaica", "rum", 1690, "bottle-07", { abv: 46 }),
  i("hampden", "Hampden Great House Distillery Edition 2020", "rum-jamaica", "rum", 3900, "bottle-07", {
    abv: 55,
  }),
  i("hampden", "Hampden Overproof", "rum-jamaica", "rum", 1290, "bottle-07", { abv: 60 }),
  i("hampden", "Hampden LROK 2010 Habitation Velier", "rum-jamaica", "rum", 5400, "bottle-07", {
    abv: 62.6,
    vintage: 2010,
  }),
  i("hampden", "Hampden Pagos Sherry Cask", "rum-jamaica", "rum", 2190, "bottle-07", { abv: 52 }),
  i("appleton", "Appleton Estate 21 yo", "rum-jamaica", "rum", 4590, "bottle-07", { abv: 43 }),
  i("appleton", "Appleton Estate 12 Rare Casks", "rum-jamaica", "rum", 990, "bottle-07", {
    abv: 43,
    prefer: "shop",
  }),
  i("appleton", "Appleton Estate 15 Black River Casks", "rum-jamaica", "rum", 1790, "bottle-07", { abv: 43 }),
  i("appleton", "Appleton Estate Joy Anniversary Blend 25 yo", "rum-jamaica", "rum", 12900, "wooden-box", {
    abv: 45,
  }),
  i("worthy-park", "Worthy Park Single Estate Reserve", "rum-jamaica", "rum", 1190, "bottle-07", {
    abv: 45,
    prefer: "shop",
  }),
  i("worthy-park", "Worthy Park 109", "rum-jamaica", "rum", 1490, "bottle-07", { abv: 54.5 }),
  // Barbados
  i(
    "foursquare",
    "Foursquare Exceptional Cask Selection Mark XX Plenipotentiary",
    "rum-barbados",
    "rum",
    4900,
    "bottle-07",
    { abv: 58 },
  ),
  i("foursquare", "Foursquare 2004 11 yo", "rum-barbados", "rum", 3800, "bottle-07", {
    abv: 59,
    vintage: 2004,
  }),
  i("foursquare", "Foursquare Triptych", "rum-barbados", "rum", 6500, "bottle-07", { abv: 56 }),
  i("foursquare", "Foursquare Detente 10 yo", "rum-barbados", "rum", 2400, "bottle-07", { abv: 61 }),
  i("foursquare", "Foursquare Dominus", "rum-barbados", "rum", 3200, "bottle-07", { abv: 56 }),
  i("foursquare", "Doorly's 12 yo", "rum-barbados", "rum", 890, "bottle-07", { abv: 40, prefer: "shop" }),
  i("mount-gay", "Mount Gay XO Triple Cask", "rum-barbados", "rum", 1190, "bottle-07", {
    abv: 43,
    prefer: "shop",
  }),
  i("mount-gay", "Mount Gay 1703 Master Select", "rum-barbados", "rum", 4200, "wooden-box", { abv: 43 }),
  // Trinidad
  i("caroni", "Caroni 1996 20 yo Velier", "rum-caroni", "rum", 19900, "bottle-07", {
    abv: 57.2,
    vintage: 1996,
  }),
  i("caroni", "Caroni 1998 Full Proof Heavy Trinidad Rum", "rum-caroni", "rum", 14500, "bottle-07", {
    abv: 55,
    vintage: 1998,
  }),
  i("caroni", "Caroni 2000 Employees 3rd Release", "rum-caroni", "rum", 11900, "bottle-07", {
    abv: 63.5,
    vintage: 2000,
  }),
  i("caroni", "Caroni 1985 Velier 100 Proof", "rum-caroni", "rum", 34900, "bottle-07", {
    abv: 50,
    vintage: 1985,
  }),
  // Guyana
  i("el-dorado", "El Dorado 15 yo Special Reserve", "rum-guyana", "rum", 1690, "bottle-07", {
    abv: 43,
    prefer: "shop",
  }),
  i("el-dorado", "El Dorado 21 yo", "rum-guyana", "rum", 3900, "gift-box", { abv: 43 }),
  i("el-dorado", "El Dorado 25 yo Grand Special Reserve 1986", "rum-guyana", "rum", 16900, "wooden-box", {
    abv: 43,
    vintage: 1986,
  }),
  i("velier", "Velier Port Mourant PM 1974", "rum-guyana", "rum", 59000, "bottle-07", {
    abv: 57.6,
    vintage: 1974,
  }),
  i("velier", "Velier Uitvlugt 1997", "rum-guyana", "rum", 9800, "bottle-07", { abv: 63.6, vintage: 1997 }),
  // Martinique, Guadeloupe
  i("rhum-jm", "Rhum J.M Millésime 1997", "rum-martinique", "agricole", 6900, "wooden-box", {
    abv: 46.4,
    vintage: 1997,
  }),
  i("rhum-jm", "Rhum J.M XO", "rum-martinique", "agricole", 1490, "gift-box", { abv: 45, prefer: "shop" }),
  i("clement", "Clément Cuvée Homère", "rum-martinique", "agricole", 2290, "gift-box", { abv: 44 }),
  i("clement", "Clément 10 ans Très Vieux", "rum-martinique", "agricole", 2990, "gift-box", { abv: 42 }),
  i("neisson", "Neisson Rhum Vieux 15 ans", "rum-martinique", "agricole", 5900, "wooden-box", { abv: 45.5 }),
  i("saint-james", "Saint James 1885 Millésime", "rum-martinique", "agricole", 24900, "wooden-box", {
    abv: 42,
    vintage: 1885,
  }),
  i("damoiseau", "Damoiseau Millésime 1991", "rum-guadeloupe", "agricole", 7900, "wooden-box", {
    abv: 42,
    vintage: 1991,
  }),
  // Cuba
  i("havana-club", "Havana Club Máximo Extra Añejo", "rum-cuba", "rum", 39900, "wooden-box", { abv: 40 }),
  i("havana-club", "Havana Club Selección de Maestros", "rum-cuba", "rum", 1090, "bottle-07", {
    abv: 45,
    prefer: "shop",
  }),
  i("havana-club", "Havana Club 15 Años Gran Reserva", "rum-cuba", "rum", 3990, "gift-box", { abv: 40 }),
  // Latin America
  i("zacapa", "Ron Zacapa Centenario 23", "rum-guatemala", "rum", 1290, "bottle-07", {
    abv: 40,
    prefer: "shop",
  }),
  i("zacapa", "Ron Zacapa XO", "rum-guatemala", "rum", 2690, "gift-box", { abv: 40, prefer: "shop" }),
  i("zacapa", "Ron Zacapa Royal", "rum-guatemala", "rum", 5900, "wooden-box", { abv: 45 }),
  i("diplomatico", "Diplomático Reserva Exclusiva", "rum-venezuela", "rum", 890, "bottle-07", {
    abv: 40,
    prefer: "shop",
  }),
  i("diplomatico", "Diplomático Ambassador", "rum-venezuela", "rum", 6900, "wooden-box", { abv: 47 }),
  i("diplomatico", "Diplomático Single Vintage 2005", "rum-venezuela", "rum", 2590, "gift-box", {
    abv: 43,
    vintage: 2005,
  }),
  i("flor-de-cana", "Flor de Caña 25 yo", "rum-nicaragua", "rum", 4590, "gift-box", { abv: 40 }),
  i("flor-de-cana", "Flor de Caña 18 yo Centenario", "rum-nicaragua", "rum", 1390, "bottle-07", {
    abv: 40,
    prefer: "shop",
  }),
  i("abuelo", "Ron Abuelo Centuria", "rum-panama", "rum", 3490, "wooden-box", { abv: 40 }),
  i("plantation", "Plantation Barbados 2001 Grande Réserve", "rum-barbados", "rum", 1990, "bottle-07", {
    abv: 42,
    vintage: 2001,
  }),
  i("plantation", "Plantation Fiji 2009", "rum-fiji", "rum", 1590, "bottle-07", { abv: 44.4, vintage: 2009 }),
  i("plantation", "Plantation Isle of Fiji Miniature", "rum-fiji", "rum", 120, "miniature", {
    abv: 40,
    prefer: "shop",
  }),

  // Whisky: Speyside
  i("macallan", "Macallan 18 Sherry Oak 2019", "whisky-speyside", "whisky", 12900, "gift-box", { abv: 43 }),
  i("macallan", "Macallan 12 Double Cask", "whisky-speyside", "whisky", 1990, "gift-box", {
    abv: 40,
    prefer: "shop",
  }),
  i("macallan", "Macallan Rare Cask Batch No. 1 2020", "whisky-speyside", "whisky", 8900, "gift-box", {
    abv: 43,
  }),
  i("macallan", "Macallan 25 Sherry Oak", "whisky-speyside", "whisky", 64900, "wooden-box", { abv: 43 }),
  i("macallan", "Macallan Edition No. 5", "whisky-speyside", "whisky", 4200, "gift-box", { abv: 48.5 }),
  i("macallan", "Macallan 10 Fine Oak 1 l", "whisky-speyside", "whisky", 2900, "bottle-1", { abv: 40 }),
  i("glenfarclas", "Glenfarclas 25 yo", "whisky-speyside", "whisky", 4490, "gift-box", { abv: 43 }),
  i("glenfarclas", "Glenfarclas The Family Casks 1979", "whisky-speyside", "whisky", 21900, "wooden-box", {
    abv: 47.3,
    vintage: 1979,
  }),
  i("glenfarclas", "Glenfarclas 105 Cask Strength", "whisky-speyside", "whisky", 1590, "bottle-07", {
    abv: 60,
    prefer: "shop",
  }),
  // Islay
  i("lagavulin", "Lagavulin 16 yo", "whisky-islay", "whisky", 1790, "gift-box", { abv: 43, prefer: "shop" }),
  i("lagavulin", "Lagavulin 12 yo Special Release 2019", "whisky-islay", "whisky", 2990, "gift-box", {
    abv: 56.5,
  }),
  i("lagavulin", "Lagavulin Distillers Edition 2003", "whisky-islay", "whisky", 2490, "gift-box", {
    abv: 43,
    vintage: 2003,
  }),
  i("ardbeg", "Ardbeg Uigeadail", "whisky-islay", "whisky", 1890, "gift-box", { abv: 54.2, prefer: "shop" }),
  i("ardbeg", "Ardbeg Corryvreckan", "whisky-islay", "whisky", 1990, "gift-box", { abv: 57.1 }),
  i("ardbeg", "Ardbeg Supernova 2019", "whisky-islay", "whisky", 5900, "gift-box", { abv: 53.8 }),
  i("ardbeg", "Ardbeg Traigh Bhan 19 yo Batch 1", "whisky-islay", "whisky", 7900, "gift-box", { abv: 46.2 }),
  i("laphroaig", "Laphroaig 10 Cask Strength Batch 012", "whisky-islay", "whisky", 2290, "gift-box", {
    abv: 57.9,
  }),
  i("laphroaig", "Laphroaig 25 yo", "whisky-islay", "whisky", 11900, "wooden-box", { abv: 51.9 }),
  i("bruichladdich", "Octomore 10.3", "whisky-islay", "whisky", 4900, "gift-box", { abv: 61.3 }),
  i("bruichladdich", "Port Charlotte PC8 Ar Dùthchas", "whisky-islay", "whisky", 6900, "gift-box", {
    abv: 60.5,
  }),
  i("port-ellen", "Port Ellen 1979 Rogue Casks", "whisky-islay-closed", "whisky", 119000, "wooden-box", {
    abv: 50.9,
    vintage: 1979,
  }),
  i("port-ellen", "Port Ellen 4th Release 1978", "whisky-islay-closed", "whisky", 89000, "gift-box", {
    abv: 56.2,
    vintage: 1978,
  }),
  // Highlands, Lowlands, Campbeltown, Islands
  i("glendronach", "GlenDronach 18 Allardice", "whisky-highlands", "whisky", 4290, "gift-box", { abv: 46 }),
  i("glendronach", "GlenDronach 21 Parliament", "whisky-highlands", "whisky", 5990, "gift-box", { abv: 48 }),
  i(
    "glendronach",
    "GlenDronach Single Cask 1993 Batch 16",
    "whisky-highlands",
    "whisky",
    14900,
    "bottle-07",
    { abv: 54.6, vintage: 1993 },
  ),
  i("dalmore", "Dalmore 18 yo", "whisky-highlands", "whisky", 5490, "gift-box", { abv: 43 }),
  i("dalmore", "Dalmore King Alexander III", "whisky-highlands", "whisky", 6290, "gift-box", { abv: 40 }),
  i("dalmore", "Dalmore 12 yo Miniature", "whisky-highlands", "whisky", 150, "miniature", {
    abv: 40,
    prefer: "shop",
  }),
  i("springbank", "Springbank 10 yo", "whisky-campbeltown", "whisky", 1990, "bottle-07", { abv: 46 }),
  i("springbank", "Springbank 15 yo", "whisky-campbeltown", "whisky", 4900, "bottle-07", { abv: 46 }),
  i("springbank", "Springbank 21 yo 2019 Release", "whisky-campbeltown", "whisky", 16900, "gift-box", {
    abv: 46,
  }),
  i(
    "springbank",
    "Springbank 12 yo Cask Strength Batch 22",
    "whisky-campbeltown",
    "whisky",
    3900,
    "bottle-07",
    { abv: 56.2 },
  ),
  i("springbank", "Longrow Red 11 yo Pinot Noir Cask", "whisky-campbeltown", "whisky", 3490, "gift-box", {
    abv: 53.1,
  }),
  i("springbank", "Hazelburn 10 yo", "whisky-campbeltown", "whisky", 1890, "bottle-07", { abv: 46 }),
  i("rosebank", "Rosebank 30 yo Release One", "whisky-lowlands", "whisky", 39900, "wooden-box", {
    abv: 48.6,
  }),
  i("rosebank", "Rosebank 1990 Connoisseurs Choice", "whisky-lowlands", "whisky", 8900, "bottle-07", {
    abv: 40,
    vintage: 1990,
  }),
  i("auchentoshan", "Auchentoshan Three Wood", "whisky-lowlands", "whisky", 1190, "gift-box", {
    abv: 43,
    prefer: "shop",
  }),
  i("highland-park", "Highland Park 18 Viking Pride", "whisky-islands", "whisky", 3490, "gift-box", {
    abv: 43,
  }),
  i("highland-park", "Highland Park 25 yo", "whisky-islands", "whisky", 9900, "wooden-box", { abv: 45.7 }),
  // Ireland, Japan, USA
  i("redbreast", "Redbreast 21 yo", "whisky-ireland", "whisky", 6490, "gift-box", { abv: 46 }),
  i("redbreast", "Redbreast 12 yo Cask Strength", "whisky-ireland", "whisky", 1990, "gift-box", {
    abv: 58.6,
    prefer: "shop",
  }),
  i("midleton", "Midleton Very Rare 2018", "whisky-ireland", "whisky", 5490, "wooden-box", { abv: 40 }),
  i("midleton", "Green Spot Léoville Barton", "whisky-ireland", "whisky", 1690, "gift-box", { abv: 46 }),
  i("yamazaki", "Yamazaki 12 yo", "whisky-japan", "japanese", 4900, "gift-box", { abv: 43 }),
  i("yamazaki", "Yamazaki 18 yo", "whisky-japan", "japanese", 18900, "gift-box", { abv: 43 }),
  i("yamazaki", "Yamazaki Sherry Cask 2016", "whisky-japan", "japanese", 29900, "gift-box", { abv: 48 }),
  i("hibiki", "Hibiki 17 yo", "whisky-japan", "japanese", 21900, "gift-box", { abv: 43 }),
  i("hibiki", "Hibiki Japanese Harmony Masters Select", "whisky-japan", "japanese", 2490, "gift-box", {
    abv: 43,
    prefer: "shop",
  }),
  i("hibiki", "Hibiki 21 yo", "whisky-japan", "japanese", 34900, "gift-box", { abv: 43 }),
  i("hakushu", "Hakushu 12 yo", "whisky-japan", "japanese", 4590, "gift-box", { abv: 43 }),
  i("nikka", "Nikka From the Barrel 0.5 l", "whisky-japan", "japanese", 990, "bottle-05", {
    abv: 51.4,
    prefer: "shop",
  }),
  i("nikka", "Nikka Yoichi 10 yo", "whisky-japan", "japanese", 3290, "gift-box", { abv: 45 }),
  i(
    "buffalo-trace",
    "Buffalo Trace Kentucky Straight Bourbon",
    "whisky-bourbon",
    "bourbon",
    790,
    "bottle-07",
    { abv: 40, prefer: "shop" },
  ),
  i("buffalo-trace", "Eagle Rare 10 yo", "whisky-bourbon", "bourbon", 1490, "bottle-07", { abv: 45 }),
  i("buffalo-trace", "W. L. Weller 12 yo", "whisky-bourbon", "bourbon", 2990, "bottle-07", { abv: 45 }),
  i("buffalo-trace", "George T. Stagg 2019", "whisky-bourbon", "bourbon", 14900, "bottle-07", { abv: 58.45 }),
  i("buffalo-trace", "Sazerac Rye 6 yo", "whisky-rye", "bourbon", 1290, "bottle-07", { abv: 45 }),
  i("pappy", "Pappy Van Winkle's Family Reserve 15 yo", "whisky-bourbon", "bourbon", 44900, "bottle-07", {
    abv: 53.5,
  }),
  i("blantons", "Blanton's Gold Edition", "whisky-bourbon", "bourbon", 2790, "gift-box", { abv: 51.5 }),
  i("blantons", "Blanton's Straight From The Barrel", "whisky-bourbon", "bourbon", 3990, "bottle-07", {
    abv: 64.6,
  }),
  i("michters", "Michter's US*1 Straight Rye", "whisky-rye", "bourbon", 1390, "bottle-07", {
    abv: 42.4,
    prefer: "shop",
  }),
  i("michters", "Michter's 10 yo Single Barrel Rye", "whisky-rye", "bourbon", 5900, "bottle-07", {
    abv: 46.4,
  }),

  // Wine
  i("yquem", "Château d'Yquem 2001", "wine-sauternes", "sweet-wine", 24900, "bottle-075", {
    abv: 14,
    vintage: 2001,
  }),
  i("yquem", "Château d'Yquem 1990", "wine-sauternes", "sweet-wine", 16900, "bottle-075", {
    abv: 14,
    vintage: 1990,
  }),
  i("yquem", "Château d'Yquem 2015 0.375 l", "wine-sauternes", "sweet-wine", 4900, "bottle-05", {
    abv: 13.5,
    vintage: 2015,
  }),
  i("margaux", "Château Margaux 2005", "wine-bordeaux", "red-wine", 32900, "bottle-075", {
    abv: 13,
    vintage: 2005,
  }),
  i("margaux", "Pavillon Rouge du Château Margaux 2010", "wine-bordeaux", "red-wine", 6900, "bottle-075", {
    abv: 13.5,
    vintage: 2010,
  }),
  i("lafite", "Château Lafite Rothschild 2010", "wine-bordeaux", "red-wine", 39900, "bottle-075", {
    abv: 13.5,
    vintage: 2010,
  }),
  i("lafite", "Carruades de Lafite 2016", "wine-bordeaux", "red-wine", 8900, "bottle-075", {
    abv: 13.5,
    vintage: 2016,
  }),
  i("lafite", "Château Lafite Rothschild 1996 Magnum", "wine-bordeaux", "red-wine", 89000, "magnum", {
    abv: 12.5,
    vintage: 1996,
  }),
  i("petrus", "Pétrus 1998", "wine-bordeaux", "red-wine", 119000, "bottle-075", { abv: 13.5, vintage: 1998 }),
  i("drc", "Domaine de la Romanée-Conti Échezeaux 2012", "wine-burgundy", "burgundy", 79000, "bottle-075", {
    abv: 13,
    vintage: 2012,
  }),
  i("guigal", "E. Guigal Côte-Rôtie La Mouline 2009", "wine-rhone", "burgundy", 14900, "bottle-075", {
    abv: 13.5,
    vintage: 2009,
  }),
  i("sassicaia", "Sassicaia 2016", "wine-tuscany", "red-wine", 8900, "bottle-075", {
    abv: 14,
    vintage: 2016,
  }),
  i("sassicaia", "Sassicaia 2013 Magnum", "wine-tuscany", "red-wine", 16900, "magnum", {
    abv: 13.5,
    vintage: 2013,
  }),
  i("antinori", "Tignanello 2018", "wine-tuscany", "red-wine", 3290, "bottle-075", {
    abv: 14,
    vintage: 2018,
    prefer: "shop",
  }),
  i("antinori", "Solaia 2015", "wine-tuscany", "red-wine", 9900, "bottle-075", { abv: 14, vintage: 2015 }),
  i("gaja", "Gaja Barbaresco 2016", "wine-piedmont", "burgundy", 7900, "bottle-075", {
    abv: 14,
    vintage: 2016,
  }),
  i("vega-sicilia", "Vega Sicilia Único 2010", "wine-red-spain", "red-wine", 12900, "wooden-box", {
    abv: 14,
    vintage: 2010,
  }),
  i(
    "stapleton",
    "Stapleton & Springer Pinot Noir Ležák 2012",
    "wine-red-moravia",
    "burgundy",
    1490,
    "bottle-075",
    { abv: 13, vintage: 2012 },
  ),
  i(
    "sonberk",
    "Sonberk Ryzlink rýnský slámové víno 2015",
    "wine-white-moravia",
    "sweet-wine",
    1290,
    "bottle-05",
    { abv: 11, vintage: 2015 },
  ),
  i("sonberk", "Sonberk Pálava výběr z bobulí 2017", "wine-white-moravia", "sweet-wine", 690, "bottle-05", {
    abv: 11.5,
    vintage: 2017,
    prefer: "shop",
  }),
  i(
    "egon-muller",
    "Egon Müller Scharzhofberger Riesling Spätlese 2015",
    "wine-white-germany",
    "sweet-wine",
    4900,
    "bottle-075",
    { abv: 8, vintage: 2015 },
  ),
  i("dom-perignon", "Dom Pérignon 2012", "wine-champagne", "champagne", 5490, "gift-box", {
    abv: 12.5,
    vintage: 2012,
    prefer: "shop",
  }),
  i("dom-perignon", "Dom Pérignon P2 2003", "wine-champagne", "champagne", 11900, "gift-box", {
    abv: 12.5,
    vintage: 2003,
  }),
  i("dom-perignon", "Dom Pérignon Rosé 2006", "wine-champagne", "champagne", 10900, "gift-box", {
    abv: 12.5,
    vintage: 2006,
  }),
  i("krug", "Krug Grande Cuvée 170ème Édition", "wine-champagne", "champagne", 5990, "gift-box", { abv: 12 }),
  i("krug", "Krug Clos du Mesnil 2004", "wine-champagne", "champagne", 34900, "wooden-box", {
    abv: 12,
    vintage: 2004,
  }),
  i("cristal", "Louis Roederer Cristal 2014", "wine-champagne", "champagne", 7490, "gift-box", {
    abv: 12,
    vintage: 2014,
  }),
  i("bollinger", "Bollinger La Grande Année 2012", "wine-champagne", "champagne", 3490, "gift-box", {
    abv: 12,
    vintage: 2012,
    prefer: "shop",
  }),
  i("royal-tokaji", "Royal Tokaji Essencia 2008", "wine-tokaji", "tokaji", 11900, "wooden-box", {
    abv: 3,
    vintage: 2008,
  }),
  i(
    "royal-tokaji",
    "Royal Tokaji Aszú 6 puttonyos Mézes Mály 2013",
    "wine-tokaji",
    "tokaji",
    2490,
    "bottle-05",
    { abv: 11, vintage: 2013 },
  ),
  i("oremus", "Oremus Tokaji Aszú 6 puttonyos 2013", "wine-tokaji", "tokaji", 1890, "bottle-05", {
    abv: 11,
    vintage: 2013,
    prefer: "shop",
  }),
  i("oremus", "Oremus Tokaji Eszencia 2005", "wine-tokaji", "tokaji", 14900, "wooden-box", {
    abv: 2.5,
    vintage: 2005,
  }),
  i("taylors", "Taylor's Vintage Port 1985", "wine-port", "port", 4990, "bottle-075", {
    abv: 20.5,
    vintage: 1985,
  }),
  i("taylors", "Taylor's 1896 Single Harvest Port", "wine-port", "port", 89000, "wooden-box", {
    abv: 20.5,
    vintage: 1896,
  }),
  i("grahams", "Graham's 30 Year Old Tawny", "wine-port", "port", 2990, "gift-box", {
    abv: 20,
    prefer: "shop",
  }),
  i("grahams", "Graham's Vintage Port 1977", "wine-port", "port", 5900, "bottle-075", {
    abv: 20,
    vintage: 1977,
  }),
  i("niepoort", "Niepoort Colheita 1997", "wine-port", "port", 2290, "bottle-075", {
    abv: 20,
    vintage: 1997,
  }),

  // Cognac & brandy
  i("hennessy", "Hennessy XO", "brandy-cognac", "cognac", 4590, "gift-box", { abv: 40, prefer: "shop" }),
  i("hennessy", "Hennessy Paradis", "brandy-cognac", "cognac", 24900, "gift-box", { abv: 40 }),
  i("hennessy", "Hennessy Richard", "brandy-cognac", "cognac", 109000, "wooden-box", { abv: 40 }),
  i("remy-martin", "Rémy Martin XO", "brandy-cognac", "cognac", 4290, "gift-box", {
    abv: 40,
    prefer: "shop",
  }),
  i("remy-martin", "Rémy Martin Louis XIII", "brandy-cognac", "cognac", 99000, "wooden-box", { abv: 40 }),
  i("remy-martin", "Rémy Martin 1738 Accord Royal", "brandy-cognac", "cognac", 1590, "gift-box", { abv: 40 }),
  i("martell", "Martell Cordon Bleu", "brandy-cognac", "cognac", 3990, "gift-box", { abv: 40 }),
  i("martell", "Martell Cordon Bleu 1970s", "brandy-cognac", "cognac", 7900, "bottle-07", { abv: 40 }),
  i("frapin", "Frapin Château Fontpinot XO", "brandy-cognac", "cognac", 2990, "gift-box", { abv: 41 }),
  i(
    "darroze",
    "Darroze Bas-Armagnac 1985 Domaine de Rieston",
    "brandy-armagnac",
    "armagnac",
    4900,
    "wooden-box",
    { abv: 49.5, vintage: 1985 },
  ),
  i("darroze", "Darroze Les Grands Assemblages 30 ans", "brandy-armagnac", "armagnac", 3990, "gift-box", {
    abv: 42,
  }),
  i("laubade", "Château de Laubade 1974", "brandy-armagnac", "armagnac", 5490, "wooden-box", {
    abv: 40,
    vintage: 1974,
  }),
  i("drouin", "Christian Drouin Hors d'Âge", "brandy-calvados", "calvados", 1490, "gift-box", {
    abv: 42,
    prefer: "shop",
  }),
  i("drouin", "Christian Drouin Calvados 1963", "brandy-calvados", "calvados", 12900, "wooden-box", {
    abv: 42,
    vintage: 1963,
  }),
  i("zufanek", "Žufánek Slivovice 2010", "brandy-fruit", "fruit-brandy", 1290, "bottle-05", {
    abv: 50,
    vintage: 2010,
  }),
  i("zufanek", "Žufánek Hruškovice z vlastního sadu", "brandy-fruit", "fruit-brandy", 690, "bottle-05", {
    abv: 45,
    prefer: "shop",
  }),
  i("jelinek", "Rudolf Jelínek Slivovice 10 let", "brandy-fruit", "fruit-brandy", 890, "gift-box", {
    abv: 50,
  }),
  i("jelinek", "Rudolf Jelínek Slivovice 1989", "brandy-fruit", "fruit-brandy", 4900, "bottle-07", {
    abv: 50,
    vintage: 1989,
  }),

  // Gin & other spirits
  i("monkey-47", "Monkey 47 Distiller's Cut 2019", "gin", "gin", 2490, "bottle-05", { abv: 47 }),
  i("monkey-47", "Monkey 47 Schwarzwald Dry Gin", "gin", "gin", 990, "bottle-05", {
    abv: 47,
    prefer: "shop",
  }),
  i("hendricks", "Hendrick's Orbium", "gin", "gin", 890, "bottle-07", { abv: 43.4, prefer: "shop" }),
  i("tanqueray", "Tanqueray No. Ten", "gin", "gin", 790, "bottle-07", { abv: 47.3, prefer: "shop" }),
  i("tanqueray", "Tanqueray Gordon's 1960s Export", "gin", "gin", 2990, "bottle-07", { abv: 47.3 }),
  i("chartreuse", "Chartreuse V.E.P. Verte", "other-liqueur", "liqueur", 3490, "wooden-box", { abv: 54 }),
  i("chartreuse", "Chartreuse Jaune Tarragona 1970s", "other-liqueur", "liqueur", 19900, "bottle-07", {
    abv: 43,
  }),
  i("clase-azul", "Clase Azul Reposado", "other-tequila", "tequila", 4290, "gift-box", {
    abv: 40,
    prefer: "shop",
  }),
  i("clase-azul", "Clase Azul Ultra Extra Añejo", "other-tequila", "tequila", 44900, "wooden-box", {
    abv: 40,
  }),
  i("don-julio", "Don Julio 1942", "other-tequila", "tequila", 4490, "gift-box", { abv: 38 }),
  i("pernod", "Pernod Fils Absinthe (pre-ban reproduction)", "other-absinthe", "liqueur", 1890, "bottle-07", {
    abv: 68,
  }),

  // Cigars
  i("cohiba", "Cohiba Behike 52 (box of 10)", "cigars-cuba-regular", "cigar-box", 32900, "cigar-box-10"),
  i("cohiba", "Cohiba Behike 56 (box of 10)", "cigars-cuba-regular", "cigar-box", 37900, "cigar-box-10"),
  i("cohiba", "Cohiba Siglo VI (box of 25)", "cigars-cuba-regular", "cigar-box", 27900, "cigar-box-25"),
  i("cohiba", "Cohiba Robustos (box of 25)", "cigars-cuba-regular", "cigar-box", 21900, "cigar-box-25"),
  i(
    "cohiba",
    "Cohiba 55 Aniversario Limited Edition 2021 (box of 10)",
    "cigars-cuba-le",
    "cigar-box",
    44900,
    "cigar-box-10",
  ),
  i("cohiba", "Cohiba Siglo VI (single)", "cigars-cuba-regular", "cigar-single", 1190, "single-cigar", {
    prefer: "shop",
  }),
  i("cohiba", "Cohiba Robustos (single)", "cigars-cuba-regular", "cigar-single", 890, "single-cigar", {
    prefer: "shop",
  }),
  i(
    "montecristo",
    "Montecristo No. 2 (box of 25)",
    "cigars-cuba-regular",
    "cigar-box",
    11900,
    "cigar-box-25",
  ),
  i(
    "montecristo",
    "Montecristo Edmundo (box of 25)",
    "cigars-cuba-regular",
    "cigar-box",
    10900,
    "cigar-box-25",
  ),
  i(
    "montecristo",
    "Montecristo Supremos Limited Edition 2019 (box of 10)",
    "cigars-cuba-le",
    "cigar-box",
    8900,
    "cigar-box-10",
  ),
  i("montecristo", "Montecristo No. 4 (single)", "cigars-cuba-regular", "cigar-single", 290, "single-cigar", {
    prefer: "shop",
  }),
  i(
    "partagas",
    "Partagás Serie D No. 4 (box of 25)",
    "cigars-cuba-regular",
    "cigar-box",
    9900,
    "cigar-box-25",
  ),
  i("partagas", "Partagás Lusitanias (box of 10)", "cigars-cuba-regular", "cigar-box", 7900, "cigar-box-10"),
  i(
    "partagas",
    "Partagás Serie D No. 4 (single)",
    "cigars-cuba-regular",
    "cigar-single",
    380,
    "single-cigar",
    { prefer: "shop" },
  ),
  i(
    "romeo",
    "Romeo y Julieta Churchill (box of 25)",
    "cigars-cuba-regular",
    "cigar-box",
    12900,
    "cigar-box-25",
  ),
  i(
    "romeo",
    "Romeo y Julieta Short Churchill (single)",
    "cigars-cuba-regular",
    "cigar-single",
    340,
    "single-cigar",
    { prefer: "shop" },
  ),
  i(
    "hoyo",
    "Hoyo de Monterrey Epicure No. 2 (box of 25)",
    "cigars-cuba-regular",
    "cigar-box",
    9400,
    "cigar-box-25",
  ),
  i(
    "hoyo",
    "Hoyo de Monterrey Double Corona 2015 (box of 50)",
    "cigars-cuba-regular",
    "cigar-box",
    29900,
    "wooden-box",
  ),
  i("trinidad", "Trinidad Fundadores (box of 24)", "cigars-cuba-regular", "cigar-box", 19900, "cigar-box-25"),
  i(
    "trinidad",
    "Trinidad Topes Limited Edition 2016 (box of 12)",
    "cigars-cuba-le",
    "cigar-box",
    9900,
    "cigar-box-10",
  ),
  i("upmann", "H. Upmann Magnum 46 (box of 25)", "cigars-cuba-regular", "cigar-box", 10900, "cigar-box-25"),
  i(
    "bolivar",
    "Bolívar Belicosos Finos (box of 25)",
    "cigars-cuba-regular",
    "cigar-box",
    10400,
    "cigar-box-25",
  ),
  i(
    "arturo-fuente",
    "Arturo Fuente Opus X Perfecxion No. 2 (box of 32)",
    "cigars-dominican",
    "cigar-box",
    34900,
    "wooden-box",
  ),
  i(
    "arturo-fuente",
    "Arturo Fuente Hemingway Short Story (box of 25)",
    "cigars-dominican",
    "cigar-box",
    6900,
    "cigar-box-25",
  ),
  i(
    "arturo-fuente",
    "Arturo Fuente Don Carlos No. 2 (single)",
    "cigars-dominican",
    "cigar-single",
    390,
    "single-cigar",
    { prefer: "shop" },
  ),
  i(
    "davidoff",
    "Davidoff Winston Churchill The Late Hour (box of 20)",
    "cigars-dominican",
    "cigar-box",
    11900,
    "cigar-box-20",
  ),
  i(
    "davidoff",
    "Davidoff Millennium Blend Robusto (box of 10)",
    "cigars-dominican",
    "cigar-box",
    4900,
    "cigar-box-10",
    { prefer: "shop" },
  ),
  i(
    "padron",
    "Padrón 1964 Anniversary Series Exclusivo Maduro (box of 25)",
    "cigars-nicaragua",
    "cigar-box",
    14900,
    "cigar-box-25",
  ),
  i(
    "padron",
    "Padrón 1926 Serie No. 9 Natural (box of 24)",
    "cigars-nicaragua",
    "cigar-box",
    19900,
    "cigar-box-25",
  ),
  i(
    "padron",
    "Padrón 1964 Anniversary Series Torpedo (single)",
    "cigars-nicaragua",
    "cigar-single",
    590,
    "single-cigar",
    { prefer: "shop" },
  ),
  i(
    "my-father",
    "My Father Le Bijou 1922 Torpedo (box of 23)",
    "cigars-nicaragua",
    "cigar-box",
    6900,
    "cigar-box-25",
  ),
  i(
    "oliva",
    "Oliva Serie V Melanio Figurado (box of 10)",
    "cigars-nicaragua",
    "cigar-box",
    3900,
    "cigar-box-10",
    { prefer: "shop" },
  ),
  i(
    "camacho",
    "Camacho Triple Maduro Robusto (box of 20)",
    "cigars-honduras",
    "cigar-box",
    4900,
    "cigar-box-20",
  ),
  i("dunhill", "Dunhill Early Morning Pipe (tin 50 g)", "pipe-tobacco", "pipe-tobacco", 890, "tin"),
  i(
    "samuel-gawith",
    "Samuel Gawith Full Virginia Flake (tin 50 g)",
    "pipe-tobacco",
    "pipe-tobacco",
    390,
    "tin",
    { prefer: "shop" },
  ),
  i("mac-baren", "Mac Baren HH Old Dark Fired (tin 100 g)", "pipe-tobacco", "pipe-tobacco", 490, "tin", {
    prefer: "shop",
  }),
  i("peterson", "Peterson Irish Flake (tin 50 g)", "pipe-tobacco", "pipe-tobacco", 360, "tin", {
    prefer: "shop",
  }),
  i("dunhill", "Dunhill My Mixture 965 (sealed tin, 1990s)", "pipe-tobacco", "pipe-tobacco", 2490, "tin"),

  // Accessories
  i("adorini", "Adorini Torino Deluxe cedar humidor", "acc-humidors", "humidor", 5990, "piece", {
    prefer: "shop",
  }),
  i("adorini", "Adorini Cremona humidor for 75 cigars", "acc-humidors", "humidor", 3490, "piece", {
    prefer: "shop",
  }),
  i("elie-bleu", "Elie Bleu Medals humidor, black sycamore", "acc-humidors", "humidor", 39900, "piece"),
  i("glencairn", "Glencairn crystal whisky glass (set of 6)", "acc-glasses", "glass", 990, "set", {
    prefer: "shop",
  }),
  i("glencairn", "Glencairn Copita nosing glass (set of 2)", "acc-glasses", "glass", 390, "set", {
    prefer: "shop",
  }),
  i("riedel", "Riedel Vinum XL Cognac (set of 2)", "acc-glasses", "glass", 1290, "set", { prefer: "shop" }),
  i("zalto", "Zalto Denk'Art Universal (set of 2)", "acc-glasses", "glass", 2390, "set", { prefer: "shop" }),
  i("moser", "Moser Whisky Set Pebbles (decanter and 2 glasses)", "acc-decanters", "decanter", 14900, "set"),
  i("riedel", "Riedel Amadeo decanter", "acc-decanters", "decanter", 4990, "piece", { prefer: "shop" }),
  i("moser", "Moser Splendid crystal decanter", "acc-decanters", "decanter", 8900, "gift-box"),
  i("xikar", "Xikar Xi3 cigar cutter", "acc-cigar-tools", "tool", 2190, "piece", { prefer: "shop" }),
  i(
    "st-dupont",
    "S.T. Dupont Ligne 2 lighter, Chinese lacquer",
    "acc-cigar-tools",
    "tool",
    24900,
    "gift-box",
  ),
  i("st-dupont", "S.T. Dupont Maxijet cigar lighter", "acc-cigar-tools", "tool", 2890, "gift-box", {
    prefer: "shop",
  }),
];

/** Demand ads ("I want to buy"): always classifieds, mostly "by agreement". */
export type DemandItem = {
  brand: string;
  cs: string;
  en: string;
  category: string;
  kind: Kind;
  /** Offered price in CZK, or null for "by agreement". */
  price: number | null;
  pack: string;
};

export const demands: DemandItem[] = [
  {
    brand: "caroni",
    cs: "Koupím Caroni 1974 (Velier)",
    en: "Wanted: Caroni 1974 (Velier)",
    category: "rum-caroni",
    kind: "rum",
    price: null,
    pack: "bottle-07",
  },
  {
    brand: "port-ellen",
    cs: "Poptávám Port Ellen 1st Release",
    en: "Wanted: Port Ellen 1st Release",
    category: "whisky-islay-closed",
    kind: "whisky",
    price: null,
    pack: "bottle-07",
  },
  {
    brand: "hampden",
    cs: "Hledám Hampden HLCF Classic 2010",
    en: "Looking for Hampden HLCF Classic 2010",
    category: "rum-jamaica",
    kind: "rum",
    price: 4500,
    pack: "bottle-07",
  },
  {
    brand: "yamazaki",
    cs: "Koupím Yamazaki 25 yo",
    en: "Wanted: Yamazaki 25 yo",
    category: "whisky-japan",
    kind: "japanese",
    price: null,
    pack: "gift-box",
  },
  {
    brand: "springbank",
    cs: "Sháním Springbank Local Barley 16 yo",
    en: "Wanted: Springbank Local Barley 16 yo",
    category: "whisky-campbeltown",
    kind: "whisky",
    price: 7500,
    pack: "bottle-07",
  },
  {
    brand: "cohiba",
    cs: "Koupím Cohiba Behike 54, celý box",
    en: "Wanted: Cohiba Behike 54, full box",
    category: "cigars-cuba-regular",
    kind: "cigar-box",
    price: null,
    pack: "cigar-box-10",
  },
  {
    brand: "taylors",
    cs: "Hledám portské ročník 1970 k narozeninám",
    en: "Looking for a 1970 vintage port for a birthday",
    category: "wine-port",
    kind: "port",
    price: 3500,
    pack: "bottle-075",
  },
  {
    brand: "margaux",
    cs: "Poptávám Château Margaux ročník 1983",
    en: "Wanted: Château Margaux 1983 vintage",
    category: "wine-bordeaux",
    kind: "red-wine",
    price: null,
    pack: "bottle-075",
  },
  {
    brand: "foursquare",
    cs: "Koupím Foursquare ECS Mark I 2004",
    en: "Wanted: Foursquare ECS Mark I 2004",
    category: "rum-barbados",
    kind: "rum",
    price: null,
    pack: "bottle-07",
  },
  {
    brand: "padron",
    cs: "Hledám Padrón 50th Anniversary humidor",
    en: "Looking for a Padrón 50th Anniversary humidor",
    category: "cigars-nicaragua",
    kind: "cigar-box",
    price: null,
    pack: "wooden-box",
  },
  {
    brand: "jelinek",
    cs: "Koupím starou slivovici z 60. let (Jelínek)",
    en: "Wanted: old 1960s slivovitz (Jelínek)",
    category: "brandy-fruit",
    kind: "fruit-brandy",
    price: 2000,
    pack: "bottle-07",
  },
  {
    brand: "hennessy",
    cs: "Sháním Hennessy Paradis Extra, starší plnění",
    en: "Wanted: Hennessy Paradis Extra, older bottling",
    category: "brandy-cognac",
    kind: "cognac",
    price: null,
    pack: "gift-box",
  },
];
