import { slugify } from "./text.ts";

/**
 * The demo category tree, five levels at most. Ids 1, 2 and 3 are fixed (docs/product/screens.md,
 * "Parts of every page"): under the top category 1 (spirits and wine) the children 2 (rum) and 3
 * (whisky) come first. Every node has a `key` by which the product catalogue refers to it.
 */
type Node = {
  key: string;
  cs: string;
  en: string;
  descriptionCs?: string;
  descriptionEn?: string;
  children?: Node[];
};

const leaf = (key: string, cs: string, en: string, children?: Node[]): Node => ({ key, cs, en, children });

const tree: Node[] = [
  {
    key: "spirits",
    cs: "Alkohol",
    en: "Spirits & wine",
    descriptionCs:
      "Sběratelské lihoviny a vína z celého světa: rumy z karibských palíren, skotské single malty, japonská whisky, koňaky, portská i legendární ročníky z Bordeaux. Každou láhev kontrolujeme podle fotografií a popisu prodávajícího.",
    descriptionEn:
      "Collectible spirits and wines from all over the world: rums from Caribbean distilleries, Scotch single malts, Japanese whisky, cognacs, port and legendary Bordeaux vintages. Every bottle is checked against the seller's photographs and description.",
    children: [
      {
        key: "rum",
        cs: "Rum",
        en: "Rum",
        descriptionCs:
          "Rumy podle regionu původu: jamajské esterové rumy z Hampdenu a Worthy Parku, barbadoské blendy z Foursquare, zemědělské rhum agricole z Martiniku, demerarské rumy z Guyany i legendární Caroni z uzavřené palírny na Trinidadu.",
        descriptionEn:
          "Rums by region of origin: high-ester Jamaican rums from Hampden and Worthy Park, Barbadian blends from Foursquare, rhum agricole from Martinique, Demerara rums from Guyana and the legendary Caroni from the closed Trinidad distillery.",
        children: [
          leaf("rum-caribbean", "Karibik", "Caribbean", [
            leaf("rum-jamaica", "Jamajka", "Jamaica"),
            leaf("rum-barbados", "Barbados", "Barbados"),
            leaf("rum-martinique", "Martinik (rhum agricole)", "Martinique (rhum agricole)"),
            leaf("rum-guyana", "Guyana (Demerara)", "Guyana (Demerara)"),
            leaf("rum-trinidad", "Trinidad a Tobago", "Trinidad and Tobago", [
              leaf("rum-caroni", "Caroni (uzavřená palírna)", "Caroni (closed distillery)"),
            ]),
            leaf("rum-cuba", "Kuba", "Cuba"),
            leaf("rum-guadeloupe", "Guadeloupe", "Guadeloupe"),
          ]),
          leaf("rum-latam", "Latinská Amerika", "Latin America", [
            leaf("rum-guatemala", "Guatemala", "Guatemala"),
            leaf("rum-venezuela", "Venezuela", "Venezuela"),
            leaf("rum-nicaragua", "Nikaragua", "Nicaragua"),
            leaf("rum-panama", "Panama", "Panama"),
          ]),
          leaf("rum-other", "Ostatní svět", "Rest of the world", [
            leaf("rum-mauritius", "Mauricius", "Mauritius"),
            leaf("rum-fiji", "Fidži", "Fiji"),
          ]),
        ],
      },
      {
        key: "whisky",
        cs: "Whisky",
        en: "Whisky",
        descriptionCs:
          "Skotské single malty podle regionů, irská pot still whiskey, japonské palírny Suntory a Nikka a americký bourbon i rye. Najdete zde limitované edice, nezávislé stáčírny i uzavřené palírny.",
        descriptionEn:
          "Scotch single malts by region, Irish pot still whiskey, the Japanese distilleries of Suntory and Nikka, and American bourbon and rye. Limited editions, independent bottlers and closed distilleries.",
        children: [
          leaf("whisky-scotland", "Skotsko", "Scotland", [
            leaf("whisky-speyside", "Speyside", "Speyside"),
            leaf("whisky-islay", "Islay", "Islay", [
              leaf("whisky-islay-closed", "Uzavřené palírny Islay", "Closed Islay distilleries"),
            ]),
            leaf("whisky-highlands", "Highlands", "Highlands"),
            leaf("whisky-lowlands", "Lowlands", "Lowlands"),
            leaf("whisky-campbeltown", "Campbeltown", "Campbeltown"),
            leaf("whisky-islands", "Ostrovy", "Islands"),
          ]),
          leaf("whisky-ireland", "Irsko", "Ireland"),
          leaf("whisky-japan", "Japonsko", "Japan"),
          leaf("whisky-usa", "USA", "USA", [
            leaf("whisky-bourbon", "Bourbon", "Bourbon"),
            leaf("whisky-rye", "Rye whiskey", "Rye whiskey"),
          ]),
        ],
      },
      {
        key: "wine",
        cs: "Víno",
        en: "Wine",
        descriptionCs:
          "Archivní vína a velké ročníky: Bordeaux, Burgundsko, Toskánsko, sladký Sauternes a Tokaj, portská i šampaňské. U vín uvádíme výšku hladiny (ullage), stav etikety a způsob skladování.",
        descriptionEn:
          "Cellared wines and great vintages: Bordeaux, Burgundy, Tuscany, sweet Sauternes and Tokaji, port and champagne. For wines we state the fill level (ullage), the state of the label and how the bottle was stored.",
        children: [
          leaf("wine-red", "Červené víno", "Red wine", [
            leaf("wine-red-france", "Francie", "France", [
              leaf("wine-bordeaux", "Bordeaux", "Bordeaux"),
              leaf("wine-burgundy", "Burgundsko", "Burgundy"),
              leaf("wine-rhone", "Údolí Rhôny", "Rhône Valley"),
            ]),
            leaf("wine-red-italy", "Itálie", "Italy", [
              leaf("wine-tuscany", "Toskánsko", "Tuscany"),
              leaf("wine-piedmont", "Piemont", "Piedmont"),
            ]),
            leaf("wine-red-spain", "Španělsko", "Spain"),
            leaf("wine-red-moravia", "Morava", "Moravia"),
          ]),
          leaf("wine-white", "Bílé víno", "White wine", [
            leaf("wine-sauternes", "Sauternes", "Sauternes"),
            leaf("wine-white-moravia", "Morava", "Moravia"),
            leaf("wine-white-germany", "Německo", "Germany"),
          ]),
          leaf("wine-sparkling", "Šumivé víno", "Sparkling wine", [
            leaf("wine-champagne", "Šampaňské", "Champagne"),
          ]),
          leaf("wine-tokaji", "Tokaj", "Tokaji"),
          leaf("wine-port", "Portské víno", "Port"),
        ],
      },
      {
        key: "brandy",
        cs: "Koňak a brandy",
        en: "Cognac & brandy",
        descriptionCs:
          "Koňaky velkých domů i malých pěstitelů, gaskoňské armaňaky s ročníkem a normandské calvadosy. Vzácné karafy v původních kazetách.",
        descriptionEn:
          "Cognacs from the great houses and small growers, vintage Armagnacs from Gascony and Calvados from Normandy. Rare decanters in their original cases.",
        children: [
          leaf("brandy-cognac", "Koňak", "Cognac"),
          leaf("brandy-armagnac", "Armaňak", "Armagnac"),
          leaf("brandy-calvados", "Calvados", "Calvados"),
          leaf("brandy-fruit", "Ovocné destiláty", "Fruit brandies"),
        ],
      },
      {
        key: "gin",
        cs: "Gin",
        en: "Gin",
        descriptionCs: "London dry, řemeslné giny a limitované edice pro sběratele.",
        descriptionEn: "London dry, craft gins and limited editions for collectors.",
      },
      {
        key: "other-spirits",
        cs: "Ostatní lihoviny",
        en: "Other spirits",
        descriptionCs: "Tequila a mezcal, bylinné likéry, absint a další lihoviny, které se nevešly jinam.",
        descriptionEn:
          "Tequila and mezcal, herbal liqueurs, absinthe and other spirits that did not fit elsewhere.",
        children: [
          leaf("other-tequila", "Tequila a mezcal", "Tequila & mezcal"),
          leaf("other-liqueur", "Likéry", "Liqueurs"),
          leaf("other-absinthe", "Absint", "Absinthe"),
        ],
      },
    ],
  },
  {
    key: "tobacco",
    cs: "Doutníky a tabák",
    en: "Cigars & tobacco",
    descriptionCs:
      "Kubánské a nekubánské doutníky v celých boxech i jednotlivě, limitované a regionální edice a dýmkové tabáky. Prodej pouze osobám starším 18 let.",
    descriptionEn:
      "Cuban and non-Cuban cigars in full boxes and singles, limited and regional editions, and pipe tobacco. Sold to adults (18+) only.",
    children: [
      leaf("cigars", "Doutníky", "Cigars", [
        leaf("cigars-cuba", "Kuba", "Cuba", [
          leaf("cigars-cuba-le", "Limitované edice", "Limited editions"),
          leaf("cigars-cuba-regular", "Stálý sortiment", "Regular production"),
        ]),
        leaf("cigars-dominican", "Dominikánská republika", "Dominican Republic"),
        leaf("cigars-nicaragua", "Nikaragua", "Nicaragua"),
        leaf("cigars-honduras", "Honduras", "Honduras"),
      ]),
      leaf("pipe-tobacco", "Dýmkový tabák", "Pipe tobacco"),
    ],
  },
  {
    key: "accessories",
    cs: "Příslušenství",
    en: "Accessories",
    descriptionCs:
      "Humidory, degustační sklenice, karafy, ořezávače a zapalovače pro sběratele i každodenní požitek.",
    descriptionEn:
      "Humidors, tasting glasses, decanters, cutters and lighters for collectors and everyday enjoyment.",
    children: [
      leaf("acc-humidors", "Humidory", "Humidors"),
      leaf("acc-glasses", "Sklenice", "Glasses"),
      leaf("acc-decanters", "Karafy", "Decanters"),
      leaf("acc-cigar-tools", "Ořezávače a zapalovače", "Cutters & lighters"),
    ],
  },
];

export type SeedCategory = {
  id: number;
  key: string;
  parentId: number | null;
  depth: number;
  position: number;
  nameCs: string;
  nameEn: string;
  slugCs: string;
  slugEn: string;
  descriptionCs: string | null;
  descriptionEn: string | null;
  /** Ids from the root down to this category (inclusive). */
  path: number[];
};

/** The flattened tree in parent-before-child order, with the fixed ids 1, 2, 3. */
export function buildCategories(): SeedCategory[] {
  const fixed: Record<string, number> = { spirits: 1, rum: 2, whisky: 3 };
  let nextId = 4;
  const out: SeedCategory[] = [];
  const usedCs = new Set<string>();
  const usedEn = new Set<string>();
  const unique = (used: Set<string>, slug: string, parentSlug: string | undefined) => {
    let candidate = slug;
    if (used.has(candidate) && parentSlug) candidate = `${parentSlug}-${slug}`;
    let n = 2;
    while (used.has(candidate)) candidate = `${slug}-${n++}`;
    used.add(candidate);
    return candidate;
  };
  const visit = (nodes: Node[], parent: SeedCategory | undefined) => {
    nodes.forEach((node, position) => {
      const id = fixed[node.key] ?? nextId++;
      const category: SeedCategory = {
        id,
        key: node.key,
        parentId: parent?.id ?? null,
        depth: (parent?.depth ?? 0) + 1,
        position,
        nameCs: node.cs,
        nameEn: node.en,
        slugCs: unique(usedCs, slugify(node.cs), parent?.slugCs),
        slugEn: unique(usedEn, slugify(node.en), parent?.slugEn),
        descriptionCs: node.descriptionCs ?? null,
        descriptionEn: node.descriptionEn ?? null,
        path: [...(parent?.path ?? []), id],
      };
      out.push(category);
      if (node.children) visit(node.children, category);
    });
  };
  // Ids 1-3 first, so that the rest are numbered after them in tree order.
  visit(tree, undefined);
  return out;
}
