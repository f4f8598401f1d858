/**
 * Editorial content: blog categories and articles, info pages (ids 1 and 2 fixed: terms and
 * privacy, docs/product/screens.md, "Routes") and downloadable documents, in Czech and English.
 * Bodies are simple HTML (paragraphs, headings, lists).
 */

export type BlogCategorySeed = {
  key: string;
  nameCs: string;
  nameEn: string;
  slugCs: string;
  slugEn: string;
};

export const blogCategorySeeds: BlogCategorySeed[] = [
  {
    key: "tasting",
    nameCs: "Degustace",
    nameEn: "Tasting notes",
    slugCs: "degustace",
    slugEn: "tasting-notes",
  },
  {
    key: "auctions",
    nameCs: "Ze světa aukcí",
    nameEn: "Auction news",
    slugCs: "ze-sveta-aukci",
    slugEn: "auction-news",
  },
  {
    key: "guides",
    nameCs: "Rádce sběratele",
    nameEn: "Collector's guide",
    slugCs: "radce-sberatele",
    slugEn: "collectors-guide",
  },
];

export type BlogPostSeed = {
  category: string;
  daysAgo: number;
  author: string;
  titleCs: string;
  titleEn: string;
  perexCs: string;
  perexEn: string;
  bodyCs: string;
  bodyEn: string;
  /** Hue of the drawn cover picture. */
  hue: number;
};

const p = (...paragraphs: string[]) =>
  paragraphs.map((text) => (text.startsWith("<") ? text : `<p>${text}</p>`)).join("\n");

export const blogPostSeeds: BlogPostSeed[] = [
  {
    category: "tasting",
    daysAgo: 3,
    author: "Tomáš Dvořák",
    hue: 25,
    titleCs: "Hampden 8 let: jamajská esterová bomba pod lupou",
    titleEn: "Hampden 8 yo: a Jamaican ester bomb under the magnifying glass",
    perexCs:
      "Ochutnali jsme standardní osmiletý Hampden vedle dvou starších edic a hledali, čím si jamajská palírna získala takovou pozornost sběratelů.",
    perexEn:
      "We tasted the standard eight-year-old Hampden next to two older releases and looked for what has earned the Jamaican distillery so much attention from collectors.",
    bodyCs: p(
      "Palírna Hampden Estate v jamajském Trelawny destiluje výhradně v kotlících a fermentuje melasu s divokými kvasinkami až dva týdny. Výsledkem jsou rumy s extrémním obsahem esterů, které voní přezrálým banánem, ananasem a někdy i lakem na nehty.",
      "<h2>Hampden Estate 8 let, 46 %</h2>",
      "Ve vůni čerstvý ananas, zelený banán a lékořice. Na patře je rum překvapivě suchý, s pepřem a hořkou pomerančovou kůrou. Závěr je dlouhý a olejnatý. Za cenu do dvou tisíc korun jde o jeden z nejlepších vstupů do světa jamajských rumů.",
      "<h2>Srovnání se staršími edicemi</h2>",
      "Great House Distillery Edition 2020 je plnější a sladší, s tóny tropického ovoce a vanilky. Edice LROK z řady Habitation Velier je naopak čistá esterová síla – doporučujeme kapku vody.",
      "Všechny tři lahve najdete v našich aukcích; sledujte kategorii Jamajka.",
    ),
    bodyEn: p(
      "Hampden Estate in Trelawny, Jamaica distils in pot stills only and ferments molasses with wild yeasts for up to two weeks. The result is rum with an extreme ester content that smells of overripe banana, pineapple and sometimes nail varnish.",
      "<h2>Hampden Estate 8 yo, 46 %</h2>",
      "On the nose fresh pineapple, green banana and liquorice. The palate is surprisingly dry, with pepper and bitter orange peel. The finish is long and oily. At under two thousand crowns it is one of the best ways into Jamaican rum.",
      "<h2>Compared with older releases</h2>",
      "The 2020 Great House Distillery Edition is fuller and sweeter, with tropical fruit and vanilla. The LROK from the Habitation Velier series is pure ester power; we recommend a drop of water.",
      "All three bottles are in our auctions; follow the Jamaica category.",
    ),
  },
  {
    category: "tasting",
    daysAgo: 17,
    author: "Petra Malá",
    hue: 200,
    titleCs: "Islay ve třech skleničkách: Lagavulin, Ardbeg a Laphroaig",
    titleEn: "Islay in three glasses: Lagavulin, Ardbeg and Laphroaig",
    perexCs:
      "Rašelina není jen kouř. Porovnali jsme tři klasiky z jižního pobřeží ostrova Islay a popsali, v čem se liší.",
    perexEn:
      "Peat is not just smoke. We compared three classics from the south coast of Islay and describe how they differ.",
    bodyCs: p(
      "Tři palírny na jižním pobřeží Islay leží jen pár kilometrů od sebe, a přesto se jejich whisky výrazně liší. Lagavulin 16 let je sametový, s tóny sušeného ovoce a táboráku. Ardbeg Uigeadail kombinuje rašelinu se sherry sudy a připomíná kouřovou čokoládu. Laphroaig 10 Cask Strength je nejvíc medicinální – jód, mořská řasa, náplast.",
      "Doporučujeme ochutnávat v tomto pořadí a mezi vzorky pít vodu. Sklenice typu Glencairn koncentruje vůni lépe než klasický tumbler.",
    ),
    bodyEn: p(
      "The three distilleries on Islay's south coast lie only a few kilometres apart, yet their whiskies differ markedly. Lagavulin 16 is velvety, with dried fruit and bonfire. Ardbeg Uigeadail combines peat with sherry casks and recalls smoky chocolate. Laphroaig 10 Cask Strength is the most medicinal: iodine, seaweed, sticking plaster.",
      "Taste them in this order and drink water between samples. A Glencairn glass concentrates the aroma better than a classic tumbler.",
    ),
  },
  {
    category: "auctions",
    daysAgo: 6,
    author: "Redakce Rarita",
    hue: 10,
    titleCs: "Caroni 1996 se vydražilo za rekordních 24 500 Kč",
    titleEn: "Caroni 1996 sold for a record 24,500 CZK",
    perexCs:
      "Měsíční aukce skončila rekordem pro rum z uzavřené trinidadské palírny. Přihazovalo jedenáct sběratelů, poslední příhozy padly v prodloužení.",
    perexEn:
      "The monthly auction ended with a record for rum from the closed Trinidad distillery. Eleven collectors bid, the last bids came in extra time.",
    bodyCs: p(
      "Palírna Caroni na Trinidadu ukončila provoz v roce 2002 a zbylé sudy odkoupil italský Velier. Lahve z let 1974 až 2000 se od té doby staly jedním z nejhledanějších rumových artefaktů.",
      "V poslední aukci se cena za dvacetiletý Caroni 1996 vyšplhala z vyvolávacích 12 000 Kč na 24 500 Kč. Díky pravidlu prodloužení (každý příhoz v posledních dvou minutách posouvá konec o dvě minuty) aukce skončila až 14 minut po plánovaném čase.",
      "Další lahve Caroni najdete v kategorii Trinidad a Tobago.",
    ),
    bodyEn: p(
      "The Caroni distillery in Trinidad closed in 2002 and the remaining casks were bought by the Italian firm Velier. Bottles from 1974 to 2000 have since become some of the most sought-after rum artefacts.",
      "In the last auction the price of the twenty-year-old Caroni 1996 climbed from the opening 12,000 CZK to 24,500 CZK. Thanks to the soft-close rule (each bid in the last two minutes moves the end by two minutes) the auction finished 14 minutes after the planned time.",
      "More Caroni bottles are in the Trinidad and Tobago category.",
    ),
  },
  {
    category: "auctions",
    daysAgo: 24,
    author: "Redakce Rarita",
    hue: 45,
    titleCs: "Měsíční aukce: co nabízí tento měsíc",
    titleEn: "Monthly auction: what is on offer this month",
    perexCs:
      "Port Ellen, Macallan 25 Sherry Oak, Pétrus 1998 i box Cohiba Behike. Vybrali jsme deset nejzajímavějších položek měsíční aukce.",
    perexEn:
      "Port Ellen, Macallan 25 Sherry Oak, Pétrus 1998 and a box of Cohiba Behike. We picked the ten most interesting lots of the monthly auction.",
    bodyCs: p(
      "Měsíční aukce končí vždy poslední den v měsíci ve 20:00. Letos poprvé nabízíme i archivní vína s ověřenou proveniencí.",
      "<ul><li>Port Ellen 1979 Rogue Casks</li><li>Macallan 25 Sherry Oak</li><li>Pétrus 1998</li><li>Cohiba Behike 52, box 10 ks</li><li>Velier Port Mourant 1974</li></ul>",
      "Nezapomeňte si položky přidat do sledovaných aukcí – hodinu před koncem vám pošleme upozornění.",
    ),
    bodyEn: p(
      "The monthly auction always ends on the last day of the month at 20:00. For the first time we also offer cellared wines with verified provenance.",
      "<ul><li>Port Ellen 1979 Rogue Casks</li><li>Macallan 25 Sherry Oak</li><li>Pétrus 1998</li><li>Cohiba Behike 52, box of 10</li><li>Velier Port Mourant 1974</li></ul>",
      "Do add the lots to your watched auctions; we will remind you an hour before the end.",
    ),
  },
  {
    category: "guides",
    daysAgo: 10,
    author: "Martin Kolář",
    hue: 30,
    titleCs: "Jak skladovat doutníky: humidor, vlhkost a teplota",
    titleEn: "How to store cigars: humidor, humidity and temperature",
    perexCs:
      "Doutník je živý produkt. Při špatném skladování vysychá, praská nebo plesniví. Poradíme, jak ho uchovat v ideálním stavu i roky.",
    perexEn:
      "A cigar is a living product. Stored badly it dries out, cracks or goes mouldy. Here is how to keep it in perfect condition for years.",
    bodyCs: p(
      "Ideální podmínky pro doutníky jsou 65–70 % relativní vlhkosti a teplota 16–20 °C. Vyšší teplota spolu s vlhkostí láká tabákového brouka, nižší vlhkost způsobí praskání obalu.",
      "<h2>Humidor</h2>",
      "Základem je humidor se španělským cedrem, který tlumí výkyvy vlhkosti a dodává doutníkům jemné aroma. Před prvním použitím jej zvlhčete (tzv. sezonování) – vytřete vnitřek destilovanou vodou a nechte několik dní uzavřený se zvlhčovačem.",
      "<h2>Hygrometr a zvlhčovač</h2>",
      "Analogové hygrometry bývají nepřesné; digitální kalibrujte solným testem. Do zvlhčovače používejte destilovanou vodu nebo roztok propylenglykolu, případně gelové sáčky s obousměrnou regulací.",
      "<h2>Zrání</h2>",
      "Kubánské doutníky s věkem získávají na komplexnosti. Box s kódem starým pět a více let se na aukcích prodává s výraznou prémií – proto si kód boxu vždy zapište.",
    ),
    bodyEn: p(
      "Ideal conditions for cigars are 65–70% relative humidity and 16–20 °C. Higher temperature together with humidity attracts the tobacco beetle; lower humidity makes the wrapper crack.",
      "<h2>The humidor</h2>",
      "The basis is a humidor lined with Spanish cedar, which evens out humidity swings and gives the cigars a subtle aroma. Season it before first use: wipe the inside with distilled water and leave it closed with the humidifier for a few days.",
      "<h2>Hygrometer and humidifier</h2>",
      "Analogue hygrometers are often inaccurate; calibrate a digital one with the salt test. Fill the humidifier with distilled water or a propylene glycol solution, or use two-way humidity gel packs.",
      "<h2>Ageing</h2>",
      "Cuban cigars gain complexity with age. A box with a code five or more years old sells at a clear premium at auction, so always note the box code.",
    ),
  },
  {
    category: "guides",
    daysAgo: 38,
    author: "Martin Kolář",
    hue: 0,
    titleCs: "Jak poznat přelitou láhev: 7 varovných signálů",
    titleEn: "How to spot a refilled bottle: 7 warning signs",
    perexCs:
      "S rostoucími cenami sběratelských lahví přibývá padělků. Sepsali jsme, na co se dívat, než přihodíte.",
    perexEn: "As prices of collectible bottles rise, so do fakes. Here is what to look at before you bid.",
    bodyCs: p(
      "Padělatelé nejčastěji znovu plní originální prázdné lahve levnějším obsahem. Takovou láhev poznáte podle několika detailů:",
      "<ol><li><strong>Kapsle a uzávěr</strong> – stopy lepidla, pootočená nebo nově vypadající kapsle na staré lahvi.</li><li><strong>Hladina</strong> – příliš vysoká hladina u lahve stáří desítek let je podezřelá.</li><li><strong>Barva</strong> – srovnejte s fotografiemi stejné edice; karamel se prozradí sytostí.</li><li><strong>Šarže a laserové kódy</strong> – vyškrábané nebo chybějící kódy na skle.</li><li><strong>Etiketa</strong> – rozmazaný tisk, jiný papír, chybějící reliéf.</li><li><strong>Provenience</strong> – ptejte se na původ, účtenky a fotografie ze sbírky.</li><li><strong>Cena</strong> – příliš dobrá nabídka bývá past.</li></ol>",
      "Na Raritě můžete prodávajícímu položit otázku přes zprávy u každé aukce. Ověření prodejci nesou odznak a hodnocení od kupujících.",
    ),
    bodyEn: p(
      "Counterfeiters most often refill original empty bottles with cheaper contents. You can recognise such a bottle by several details:",
      "<ol><li><strong>Capsule and closure</strong>: traces of glue, a capsule that turns or looks new on an old bottle.</li><li><strong>Fill level</strong>: a level too high for a decades-old bottle is suspicious.</li><li><strong>Colour</strong>: compare with photos of the same release; caramel gives itself away by its depth.</li><li><strong>Batch and laser codes</strong>: scratched-off or missing codes on the glass.</li><li><strong>Label</strong>: blurred print, different paper, missing embossing.</li><li><strong>Provenance</strong>: ask about origin, receipts and photos from the collection.</li><li><strong>Price</strong>: an offer that is too good is often a trap.</li></ol>",
      "On Rarita you can ask the seller through messages on every auction. Verified sellers carry a badge and ratings from buyers.",
    ),
  },
  {
    category: "guides",
    daysAgo: 55,
    author: "Petra Malá",
    hue: 340,
    titleCs: "Ullage: co znamená výška hladiny u archivních vín",
    titleEn: "Ullage: what the fill level of cellared wines tells you",
    perexCs:
      "Into neck, top shoulder, mid shoulder. Vysvětlujeme, co označení hladiny znamená a kdy je důvodem ke zpozornění.",
    perexEn:
      "Into neck, top shoulder, mid shoulder. We explain what fill-level terms mean and when they should make you cautious.",
    bodyCs: p(
      "Víno v láhvi se časem odpařuje přes korek. Výška hladiny (ullage) tak napovídá, jak bylo víno skladováno.",
      "<ul><li><strong>Into neck / base of neck</strong> – výborné, běžné i u vín starých 20 let.</li><li><strong>Top shoulder</strong> – normální u vín nad 20 let.</li><li><strong>Upper mid shoulder</strong> – přijatelné u vín nad 30 let.</li><li><strong>Mid shoulder a níže</strong> – riziko oxidace, cena by tomu měla odpovídat.</li></ul>",
      "U všech vín na Raritě prodávající uvádí výšku hladiny v popisu. Pokud chybí, zeptejte se.",
    ),
    bodyEn: p(
      "Wine slowly evaporates through the cork. The fill level (ullage) therefore hints at how the wine was stored.",
      "<ul><li><strong>Into neck / base of neck</strong>: excellent, common even for 20-year-old wines.</li><li><strong>Top shoulder</strong>: normal for wines over 20 years.</li><li><strong>Upper mid shoulder</strong>: acceptable for wines over 30 years.</li><li><strong>Mid shoulder and below</strong>: risk of oxidation; the price should reflect it.</li></ul>",
      "For every wine on Rarita the seller states the fill level in the description. If it is missing, ask.",
    ),
  },
  {
    category: "tasting",
    daysAgo: 72,
    author: "Tomáš Dvořák",
    hue: 90,
    titleCs: "Rhum agricole: proč sběratelé milují Martinik",
    titleEn: "Rhum agricole: why collectors love Martinique",
    perexCs:
      "Rum z čerstvé třtinové šťávy s vlastní apelací AOC. Představujeme palírny J.M, Neisson, Clément a Saint James.",
    perexEn:
      "Rum from fresh cane juice with its own AOC appellation. Meet the distilleries J.M, Neisson, Clément and Saint James.",
    bodyCs: p(
      "Na rozdíl od většiny rumů, které vznikají z melasy, se rhum agricole destiluje z čerstvě vylisované šťávy cukrové třtiny. Martinik má pro tento styl od roku 1996 apelaci AOC s přísnými pravidly pro sklizeň, destilaci i zrání.",
      "Ročníkové rumy (millésime) jsou oblíbeným sběratelským artiklem: Rhum J.M 1997 nebo Saint James 1885 se objevují v aukcích jen zřídka.",
    ),
    bodyEn: p(
      "Unlike most rums, which are made from molasses, rhum agricole is distilled from freshly pressed sugar-cane juice. Since 1996 Martinique has an AOC for the style, with strict rules for harvest, distillation and ageing.",
      "Vintage rums (millésime) are popular with collectors: Rhum J.M 1997 or Saint James 1885 appear at auction only rarely.",
    ),
  },
];

export type InfoPageSeed = {
  id: number;
  slugCs: string;
  slugEn: string;
  titleCs: string;
  titleEn: string;
  bodyCs: string;
  bodyEn: string;
};

export const infoPageSeeds: InfoPageSeed[] = [
  {
    id: 1,
    slugCs: "obchodni-podminky",
    slugEn: "terms-and-conditions",
    titleCs: "Obchodní podmínky",
    titleEn: "Terms and conditions",
    bodyCs: p(
      "<h2>1. Úvodní ustanovení</h2>",
      "Tyto obchodní podmínky upravují práva a povinnosti provozovatele tržiště Rarita, společnosti Rarita s.r.o., IČO 28953177, se sídlem Vinohradská 1511/230, 100 00 Praha 10 (dále jen „provozovatel“), a uživatelů, kteří prostřednictvím tržiště nabízejí, poptávají, draží nebo nakupují sběratelský alkohol, tabákové výrobky a příslušenství.",
      "<h2>2. Věková hranice</h2>",
      "Tržiště je určeno výhradně osobám starším 18 let. Registrací a každým příhozem či nákupem uživatel potvrzuje, že dosáhl věku 18 let. Provozovatel je oprávněn věk ověřit (například bankovní identitou) a při doručení zásilky požadovat kontrolu dokladu totožnosti. Alkohol ani tabákové výrobky nebudou předány osobě mladší 18 let.",
      "<h2>3. Registrace a uživatelský účet</h2>",
      "Pro přidání aukce, přihazování a zasílání zpráv je nutná registrace. Uživatel je povinen uvádět pravdivé údaje a chránit přístup ke svému účtu. Každý uživatel může zdarma vložit 10 položek; další položky může vkládat po ověření účtu SMS kódem.",
      "<h2>4. Aukce</h2>",
      "Aukce probíhá jako týdenní (končí 7 dní po aktivaci) nebo měsíční (končí poslední den měsíce ve 20:00). Minimální příhoz určuje tabulka příhozů zveřejněná na stránce Jak fungují aukce. Příhoz je závazný a nelze jej vzít zpět. Příhoz v posledních dvou minutách aukce prodlužuje její konec o dvě minuty. Vítězem aukce je uživatel s nejvyšším příhozem; je-li nastavena minimální cena, pouze pokud jí příhoz dosáhne.",
      "<h2>5. Inzeráty a vlastní obchod provozovatele</h2>",
      "Kupní smlouva u aukcí a inzerátů vzniká přímo mezi prodávajícím a kupujícím; provozovatel není její stranou. U produktů z vlastního obchodu provozovatele je prodávajícím provozovatel a kupující má jako spotřebitel právo odstoupit od smlouvy do 14 dnů od převzetí zboží, s výjimkou zboží podléhajícího rychlé zkáze a zboží, jehož obal byl po dodání porušen.",
      "<h2>6. Poplatky</h2>",
      "Za vložení aukce nebo inzerátu a za topování (zvýraznění) účtuje provozovatel poplatky dle aktuálního ceníku. Poplatky jsou uvedeny včetně DPH. Členům skupin se slevou se poplatky automaticky snižují.",
      "<h2>7. Zakázané položky</h2>",
      "Je zakázáno nabízet padělky, přelité láhve, zboží bez kolku tam, kde je kolek vyžadován, a zboží nabyté v rozporu se zákonem. Provozovatel je oprávněn takové položky bez náhrady odstranit a účet uživatele zablokovat.",
      "<h2>8. Reklamace a řešení sporů</h2>",
      "Reklamace zboží z vlastního obchodu vyřizuje provozovatel do 30 dnů. Spotřebitel se může obrátit na Českou obchodní inspekci (www.coi.cz) jako subjekt mimosoudního řešení spotřebitelských sporů.",
      "<h2>9. Závěrečná ustanovení</h2>",
      "Tyto podmínky jsou účinné od 1. 1. 2025. Provozovatel je může změnit; o změně informuje registrované uživatele e-mailem nejméně 14 dní předem.",
    ),
    bodyEn: p(
      "<h2>1. Introduction</h2>",
      "These terms govern the rights and obligations of the operator of the Rarita marketplace, Rarita s.r.o., company ID 28953177, registered office Vinohradská 1511/230, 100 00 Prague 10 (the operator), and of users who offer, seek, bid on or buy collectible alcohol, tobacco products and accessories through the marketplace.",
      "<h2>2. Age limit</h2>",
      "The marketplace is intended exclusively for persons over 18. By registering and by each bid or purchase the user confirms being at least 18 years old. The operator may verify age (for example by bank identity) and require an ID check on delivery. Alcohol and tobacco products will not be handed to anyone under 18.",
      "<h2>3. Registration and user account</h2>",
      "Registration is required to add an auction, bid and send messages. Users must provide true information and protect access to their account. Each user may list 10 items free of charge; further items require an account verified by SMS code.",
      "<h2>4. Auctions</h2>",
      "An auction runs for a week (ending 7 days after activation) or a month (ending on the last day of the month at 20:00 Prague time). The minimum bid increment follows the table published on the How auctions work page. Bids are binding and cannot be withdrawn. A bid in the last two minutes extends the end by two minutes. The winner is the user with the highest bid; if a reserve price is set, only when the bid reaches it.",
      "<h2>5. Classifieds and the operator's shop</h2>",
      "For auctions and classifieds the contract of sale is made directly between seller and buyer; the operator is not a party to it. For products from the operator's own shop the operator is the seller, and a consumer may withdraw from the contract within 14 days of receipt, except for goods whose seal was broken after delivery.",
      "<h2>6. Fees</h2>",
      "The operator charges fees for listing an auction or classified and for promotion according to the current price list. Fees include VAT. Members of discounted groups get the discount automatically.",
      "<h2>7. Prohibited items</h2>",
      "Counterfeits, refilled bottles, goods without a required tax stamp and goods acquired unlawfully may not be offered. The operator may remove such items without compensation and block the user's account.",
      "<h2>8. Complaints and disputes</h2>",
      "The operator handles complaints about goods from its own shop within 30 days. Consumers may turn to the Czech Trade Inspection Authority (www.coi.cz) for out-of-court resolution of consumer disputes.",
      "<h2>9. Final provisions</h2>",
      "These terms are effective from 1 January 2025. The operator may change them and will inform registered users by e-mail at least 14 days in advance.",
    ),
  },
  {
    id: 2,
    slugCs: "gdpr",
    slugEn: "privacy-policy",
    titleCs: "Zásady zpracování osobních údajů",
    titleEn: "Privacy policy",
    bodyCs: p(
      "<h2>Správce osobních údajů</h2>",
      "Správcem osobních údajů je Rarita s.r.o., IČO 28953177, Vinohradská 1511/230, 100 00 Praha 10, e-mail info@rarita.test. Osobní údaje zpracováváme v souladu s nařízením (EU) 2016/679 (GDPR) a zákonem č. 110/2019 Sb.",
      "<h2>Jaké údaje zpracováváme</h2>",
      "<ul><li>identifikační a kontaktní údaje (jméno, e-mail, telefon, adresa),</li><li>fakturační údaje (IČO, DIČ),</li><li>údaje o aukcích, příhozech, objednávkách a platbách,</li><li>informaci o ověření věku 18+ (nikoli datum narození),</li><li>technické údaje (IP adresa, cookies) podle vašeho souhlasu.</li></ul>",
      "<h2>Účely a právní základy</h2>",
      "Údaje zpracováváme pro plnění smlouvy (vedení účtu, aukce, objednávky), plnění právních povinností (účetnictví, ověření věku při prodeji alkoholu a tabáku), na základě oprávněného zájmu (bezpečnost, prevence podvodů) a na základě souhlasu (newsletter, analytické a marketingové cookies).",
      "<h2>Doba uložení</h2>",
      "Údaje k účtu uchováváme po dobu jeho existence, účetní doklady 10 let, údaje pro newsletter do odhlášení. Souhlas s cookies platí 1 rok.",
      "Texty sporů z obchodů a rozhodnutí o nich uchováváme jako součást záznamu obchodu. Fotografie přiložené ke sporu mažeme 3 roky a 90 dní po jeho skončení, kdy už nároky z obchodu nelze uplatnit (obecná promlčecí lhůta); fotografie, které jste přiložili ke skončeným sporům, smažeme také se zrušením vašeho účtu.",
      "Prodáváte-li jako obchodník, uchováváme údaje, které o vás nařízení o digitálních službách (čl. 30) vyžaduje: jméno nebo obchodní firmu, adresu, telefon, e-mail, rejstřík a číslo zápisu, IČO ověřené v registru ARES, účet pro platby a vaše prohlášení o souladu s právem EU. Jméno, adresu, IČO, rejstřík, e-mail a telefon vidí kupující u vašich inzerátů. Po zrušení účtu je uchováváme ještě 6 měsíců (pro případné nároky kupujících) a pak je smažeme; prohlášení soukromé osoby smažeme se zrušením účtu.",
      "Ověření věku: uchováváme jen to, že je vám 18 let nebo víc, jakým způsobem (bankovní identita nebo evropský doklad o věku) a kdy, a jednosměrný otisk identifikátoru od banky nebo peněženky, aby jedna identita neověřila víc než několik účtů; datum narození ani jméno od banky neuchováváme. Smažeme je se zrušením účtu. Ověření hosta pro jednu objednávku se spotřebuje touto objednávkou.",
      "K odhalování nepoctivého přihazování uchováváme u přihlášených účtů jednosměrné otisky zařízení a IP adres (nikdy adresy samotné) 12 měsíců od posledního použití; signály, o kterých moderátor rozhodl, zůstávají u jeho rozhodnutí.",
      "<h2>Příjemci</h2>",
      "Údaje předáváme jen v nezbytném rozsahu dopravcům, platebním bránám, poskytovateli SMS brány a účetní kanceláři. Druhé straně obchodu (prodávajícímu nebo kupujícímu) předáváme jméno a doručovací údaje nutné k dokončení obchodu.",
      "<h2>Vaše práva</h2>",
      "Máte právo na přístup k údajům, opravu, výmaz, omezení zpracování, přenositelnost a právo vznést námitku. Souhlas můžete kdykoli odvolat. Stížnost můžete podat u Úřadu pro ochranu osobních údajů (www.uoou.cz).",
    ),
    bodyEn: p(
      "<h2>Data controller</h2>",
      "The controller of personal data is Rarita s.r.o., company ID 28953177, Vinohradská 1511/230, 100 00 Prague 10, e-mail info@rarita.test. We process personal data in accordance with Regulation (EU) 2016/679 (GDPR) and Czech Act No. 110/2019.",
      "<h2>What data we process</h2>",
      "<ul><li>identification and contact data (name, e-mail, phone, address),</li><li>billing data (company ID, VAT ID),</li><li>data about auctions, bids, orders and payments,</li><li>whether you were verified as 18+ (not your date of birth),</li><li>technical data (IP address, cookies) according to your consent.</li></ul>",
      "<h2>Purposes and legal bases</h2>",
      "We process data to perform the contract (account, auctions, orders), to meet legal obligations (accounting, age verification for alcohol and tobacco sales), on the basis of legitimate interest (security, fraud prevention) and on the basis of consent (newsletter, analytics and marketing cookies).",
      "<h2>Retention</h2>",
      "Account data are kept while the account exists, accounting documents for 10 years, newsletter data until you unsubscribe. Cookie consent lasts 1 year.",
      "The texts of disputes about deals and the decisions on them are kept as part of the deal's record. Photos attached to a dispute are deleted 3 years and 90 days after it ends, when claims about the deal can no longer be made (the general limitation period); the photos you attached to disputes that have ended are also deleted when you delete your account.",
      "If you sell as a trader, we keep the details the Digital Services Act (Art 30) requires: your name or business name, address, phone, e-mail, trade register and number, your company ID checked in the ARES register, your payment account and your commitment to comply with EU law. Buyers see your name, address, company ID, register, e-mail and phone on your listings. After your account is deleted we keep them for 6 more months (for buyers' possible claims) and then delete them; a private seller's declaration is deleted with the account.",
      "Age verification: we keep only that you are 18 or older, how (bank identity or the EU proof of age) and when, and a one-way fingerprint of the identifier your bank or wallet gave, so that one identity cannot verify more than a few accounts; we never keep your date of birth or the name the bank holds. They are deleted with your account. A guest's check for one order is used up by that order.",
      "To detect shill bidding we keep one-way fingerprints of the devices and IP addresses of signed-in accounts (never the addresses themselves) for 12 months after they were last seen; signals a moderator decided on stay with the decision.",
      "<h2>Recipients</h2>",
      "We pass data only as far as necessary to carriers, payment gateways, the SMS gateway provider and our accountants. The other party to a deal (seller or buyer) receives the name and delivery details needed to complete it.",
      "<h2>Your rights</h2>",
      "You have the right of access, rectification, erasure, restriction, portability and objection. You may withdraw consent at any time. You may lodge a complaint with the Czech Office for Personal Data Protection (www.uoou.cz).",
    ),
  },
  {
    id: 3,
    slugCs: "o-nas",
    slugEn: "about-us",
    titleCs: "O nás",
    titleEn: "About us",
    bodyCs: p(
      "Raritu založila parta sběratelů rumu, whisky a doutníků, kterým chybělo místo, kde se dá bezpečně koupit i prodat láhev z uzavřené palírny nebo box kubánských doutníků se starým kódem.",
      "Kromě aukcí a inzerátů provozujeme vlastní obchod s pečlivě vybraným sortimentem a prodejnu v Praze na Vinohradech, kde si můžete objednávku vyzvednout osobně.",
      "Prodáváme pouze osobám starším 18 let.",
    ),
    bodyEn: p(
      "Rarita was founded by a group of rum, whisky and cigar collectors who missed a place to safely buy and sell a bottle from a closed distillery or a box of Cuban cigars with an old code.",
      "Besides auctions and classifieds we run our own shop with a carefully chosen range and a store in Prague's Vinohrady, where you can collect your order in person.",
      "We sell to adults (18+) only.",
    ),
  },
  {
    id: 4,
    slugCs: "doprava-a-platba",
    slugEn: "shipping-and-payment",
    titleCs: "Doprava a platba",
    titleEn: "Shipping and payment",
    bodyCs: p(
      "Zboží z našeho obchodu doručujeme v Praze do 1–3 dnů, jinde v ČR a na Slovensku do 3–5 dnů. Při objednávce nad 1 500 Kč je doprava zdarma.",
      "<ul><li>Zásilkovna – výdejní místo s kontrolou věku 18+: 89 Kč</li><li>PPL – doručení na adresu: 129 Kč</li><li>Osobní odběr na pobočce – zdarma, pouze po předchozí online platbě</li></ul>",
      "Platit můžete kartou online nebo bankovním převodem s QR platbou. U aukcí a inzerátů se na způsobu dopravy a platby dohodnete s prodávajícím přes zprávy.",
    ),
    bodyEn: p(
      "We deliver goods from our shop within 1–3 days in Prague and 3–5 days elsewhere in the Czech Republic and Slovakia. Delivery is free for orders over 1,500 CZK.",
      "<ul><li>Packeta pickup point with 18+ age check: 89 CZK</li><li>PPL home delivery: 129 CZK</li><li>Personal pickup at a branch: free, online payment in advance only</li></ul>",
      "You can pay by card online or by bank transfer with a QR payment. For auctions and classifieds you agree on shipping and payment with the seller through messages.",
    ),
  },
  {
    id: 5,
    slugCs: "jak-funguji-aukce",
    slugEn: "how-auctions-work",
    titleCs: "Jak fungují aukce",
    titleEn: "How auctions work",
    bodyCs: p(
      "<h2>Týdenní a měsíční aukce</h2>",
      "Týdenní aukce končí 7 dní po aktivaci, měsíční aukce končí poslední den v měsíci ve 20:00. Přehled najdete v sekcích Denní aukce a Měsíční aukce.",
      "<h2>Příhozy</h2>",
      "První příhoz může být roven vyvolávací ceně, každý další musí být alespoň o minimální příhoz vyšší než aktuální cena: do 500 Kč o 10 Kč, do 1 000 Kč o 20 Kč, do 5 000 Kč o 50 Kč, do 10 000 Kč o 100 Kč, do 50 000 Kč o 500 Kč, do 100 000 Kč o 1 000 Kč a nad 100 000 Kč o 2 000 Kč.",
      "<h2>Automatické přihazování</h2>",
      "Můžete zadat maximální částku a systém za vás bude přihazovat jen tolik, kolik je potřeba k vedení.",
      "<h2>Prodloužení</h2>",
      "Příhoz v posledních dvou minutách posune konec aukce o dvě minuty – odstřelování na poslední vteřinu se nevyplácí.",
      "<h2>Po skončení</h2>",
      "Vítěz i prodávající dostanou zprávu a otevře se jim společná konverzace. Po dokončení obchodu se můžete navzájem ohodnotit.",
    ),
    bodyEn: p(
      "<h2>Weekly and monthly auctions</h2>",
      "A weekly auction ends 7 days after activation; a monthly auction ends on the last day of the month at 20:00 Prague time. See the Daily auctions and Monthly auctions sections.",
      "<h2>Bids</h2>",
      "The first bid may equal the opening price; every later one must exceed the current price by at least the minimum increment: 10 CZK up to 500 CZK, 20 CZK up to 1,000 CZK, 50 CZK up to 5,000 CZK, 100 CZK up to 10,000 CZK, 500 CZK up to 50,000 CZK, 1,000 CZK up to 100,000 CZK and 2,000 CZK above.",
      "<h2>Automatic bidding</h2>",
      "You may enter a maximum and the system bids for you only as much as needed to lead.",
      "<h2>Soft close</h2>",
      "A bid in the last two minutes moves the end by two minutes, so sniping in the last second does not pay.",
      "<h2>After the end</h2>",
      "The winner and the seller get a message and a shared conversation opens. After the deal you can rate each other.",
    ),
  },
  {
    id: 6,
    slugCs: "reklamace-a-vraceni",
    slugEn: "complaints-and-returns",
    titleCs: "Reklamace a vrácení zboží",
    titleEn: "Complaints and returns",
    bodyCs: p(
      "Zboží z našeho obchodu můžete do 14 dnů od převzetí vrátit bez udání důvodu, pokud nebyla porušena pečeť nebo kapsle. Použijte formulář pro odstoupení od smlouvy v sekci Dokumenty.",
      "Reklamaci vady uplatněte e-mailem na info@rarita.test nebo reklamačním formulářem; vyřídíme ji do 30 dnů.",
    ),
    bodyEn: p(
      "Goods from our shop may be returned within 14 days of receipt without giving a reason, provided the seal or capsule is unbroken. Use the withdrawal form in the Documents section.",
      "Report a defect by e-mail to info@rarita.test or with the complaint form; we will settle it within 30 days.",
    ),
  },
];

export type DocumentSeed = {
  titleCs: string;
  titleEn: string;
  descriptionCs: string;
  descriptionEn: string;
  fileName: string;
  /** Lines written into the placeholder PDF. */
  lines: string[];
};

export const documentSeeds: DocumentSeed[] = [
  {
    titleCs: "Obchodní podmínky (PDF)",
    titleEn: "Terms and conditions (PDF)",
    descriptionCs: "Úplné znění obchodních podmínek tržiště Rarita platné od 1. 1. 2025.",
    descriptionEn: "Full text of the Rarita marketplace terms, effective from 1 January 2025.",
    fileName: "obchodni-podminky.pdf",
    lines: [
      "Rarita s.r.o. - Obchodni podminky",
      "Platne od 1. 1. 2025",
      "Uplne zneni najdete na /info/1/obchodni-podminky",
    ],
  },
  {
    titleCs: "Reklamační formulář",
    titleEn: "Complaint form",
    descriptionCs: "Formulář pro uplatnění reklamace zboží z vlastního obchodu.",
    descriptionEn: "Form for making a complaint about goods from our shop.",
    fileName: "reklamacni-formular.pdf",
    lines: [
      "Rarita s.r.o. - Reklamacni formular",
      "Jmeno a adresa:",
      "Cislo objednavky:",
      "Popis vady:",
      "Datum a podpis:",
    ],
  },
  {
    titleCs: "Formulář pro odstoupení od smlouvy",
    titleEn: "Withdrawal form",
    descriptionCs: "Vzorový formulář pro odstoupení od kupní smlouvy do 14 dnů.",
    descriptionEn: "Model form for withdrawing from a purchase within 14 days.",
    fileName: "odstoupeni-od-smlouvy.pdf",
    lines: [
      "Rarita s.r.o. - Odstoupeni od smlouvy",
      "Oznamuji, ze odstupuji od smlouvy o nakupu zbozi:",
      "Datum objednani / prevzeti:",
      "Jmeno a adresa spotrebitele:",
      "Podpis:",
    ],
  },
  {
    titleCs: "Ceník poplatků",
    titleEn: "Fee schedule",
    descriptionCs: "Poplatky za vložení aukce, inzerátu a topování.",
    descriptionEn: "Fees for listing an auction or classified and for promotion.",
    fileName: "cenik-poplatku.pdf",
    lines: [
      "Rarita s.r.o. - Cenik poplatku",
      "Tydenni aukce: 29 Kc",
      "Mesicni aukce: 49 Kc",
      "Inzerat: 19 Kc",
      "Topovani: 15 Kc / den",
    ],
  },
];

/** A minimal valid one-page PDF with the given lines (ASCII) in Helvetica. */
export function makePdf(lines: string[]): Buffer {
  const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");
  const stream = `BT /F1 14 Tf 56 780 Td 18 TL ${lines.map((line) => `(${escapePdf(line)}) '`).join(" ")} ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
