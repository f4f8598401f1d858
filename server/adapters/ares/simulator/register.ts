/**
 * The simulator's register (issue 36, item 2; ADR 0085): a few made-up Czech companies and one
 * self-employed person (the demo's seller and influencer among them), each with an IČO that passes its check digit, in ARES's JSON shape. One
 * ceased (datumZaniku), and one IČO whose lookups fail as if ARES were down (the form's
 * "ARES unavailable" path). Every other IČO is unknown: 404 with ARES's error body.
 */

type Seat = {
  kodStatu: "CZ";
  nazevStatu: "Česká republika";
  nazevObce: string;
  nazevCastiObce?: string;
  nazevUlice?: string;
  cisloDomovni: number;
  cisloOrientacni?: number;
  psc: number;
  textovaAdresa: string;
};

export type SimulatedSubject = {
  ico: string;
  obchodniJmeno: string;
  sidlo: Seat;
  pravniForma: string;
  datumVzniku: string;
  datumZaniku?: string;
  dic?: string;
};

/** The IČO whose lookups answer 503, as ARES does when it is down. */
export const ARES_SIMULATOR_OUTAGE_ICO = "26111985";

export const SIMULATED_SUBJECTS: SimulatedSubject[] = [
  {
    ico: "27483916",
    obchodniJmeno: "Vinotéka U Sudu s.r.o.",
    pravniForma: "112",
    datumVzniku: "2006-03-14",
    dic: "CZ27483916",
    sidlo: {
      kodStatu: "CZ",
      nazevStatu: "Česká republika",
      nazevObce: "Praha",
      nazevCastiObce: "Vinohrady",
      nazevUlice: "Vinohradská",
      cisloDomovni: 1511,
      cisloOrientacni: 230,
      psc: 10000,
      textovaAdresa: "Vinohradská 1511/230, Vinohrady, 10000 Praha 10",
    },
  },
  {
    ico: "05144272",
    obchodniJmeno: "Tabák & Doutníky Brno s.r.o.",
    pravniForma: "112",
    datumVzniku: "2016-06-01",
    dic: "CZ05144272",
    sidlo: {
      kodStatu: "CZ",
      nazevStatu: "Česká republika",
      nazevObce: "Brno",
      nazevCastiObce: "Brno-město",
      nazevUlice: "Masarykova",
      cisloDomovni: 427,
      cisloOrientacni: 31,
      psc: 60200,
      textovaAdresa: "Masarykova 427/31, Brno-město, 60200 Brno",
    },
  },
  {
    ico: "29033179",
    obchodniJmeno: "Sklep rarit a.s.",
    pravniForma: "121",
    datumVzniku: "2011-09-20",
    sidlo: {
      kodStatu: "CZ",
      nazevStatu: "Česká republika",
      nazevObce: "Praha",
      nazevCastiObce: "Karlín",
      nazevUlice: "Pernerova",
      cisloDomovni: 691,
      cisloOrientacni: 42,
      psc: 18600,
      textovaAdresa: "Pernerova 691/42, Karlín, 18600 Praha 8",
    },
  },
  {
    ico: "17620040",
    obchodniJmeno: "Petr Novák",
    pravniForma: "101",
    datumVzniku: "2019-01-02",
    sidlo: {
      kodStatu: "CZ",
      nazevStatu: "Česká republika",
      nazevObce: "Praha",
      nazevCastiObce: "Holešovice",
      nazevUlice: "Milady Horákové",
      cisloDomovni: 1096,
      cisloOrientacni: 46,
      psc: 17000,
      textovaAdresa: "Milady Horákové 1096/46, Holešovice, 17000 Praha 7",
    },
  },
  // The demo seller's company (server/db/seed/seller-declarations.ts).
  {
    ico: "06412718",
    obchodniJmeno: "Rumový kabinet s.r.o.",
    pravniForma: "112",
    datumVzniku: "2017-08-29",
    dic: "CZ06412718",
    sidlo: {
      kodStatu: "CZ",
      nazevStatu: "Česká republika",
      nazevObce: "Praha",
      nazevCastiObce: "Vinohrady",
      nazevUlice: "Mánesova",
      cisloDomovni: 1442,
      cisloOrientacni: 28,
      psc: 12000,
      textovaAdresa: "Mánesova 1442/28, Vinohrady, 12000 Praha 2",
    },
  },
  {
    ico: "08701156",
    obchodniJmeno: "Zaniklá palírna s.r.o. v likvidaci",
    pravniForma: "112",
    datumVzniku: "2019-11-05",
    datumZaniku: "2024-06-30",
    sidlo: {
      kodStatu: "CZ",
      nazevStatu: "Česká republika",
      nazevObce: "Vizovice",
      nazevUlice: "Razov",
      cisloDomovni: 472,
      psc: 76312,
      textovaAdresa: "Razov 472, 76312 Vizovice",
    },
  },
];
