/**
 * Demo accounts: the main ones with known passwords (printed on start), plus collectors who bid
 * and sell.
 */

import type { UserRole } from "#core/rules/staff.ts";
import { DEMO_STAFF } from "./staff-data.ts";

export type UserSeed = {
  handle:
    | "seller"
    | "newSeller"
    | "buyer"
    | "admin"
    | "influencer"
    | "moderator"
    | "moderator2"
    | "editor"
    | "accountant"
    | "support"
    | `collector${number}`
    | `newcomer${number}`;
  /** Shown when the server starts; only the main accounts have one. */
  demoRole?: string;
  email: string;
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  phonePrefix: "+420" | "+421" | "+49" | "";
  phone: string | null;
  role: UserRole;
  verified: boolean;
  group?: "vip" | "dealer";
  city: string;
  street: string;
  zip: string;
  country: string;
  company?: { name: string; companyId: string; taxId: string };
  /** Registered this many days ago. */
  registeredDaysAgo: number;
  /** Last signed in this many hours ago; unset = drawn from the seed's random sequence. */
  lastLoginHoursAgo?: number;
  locale: "cs" | "en";
};

/** The password every extra collector shares (hashed once). */
export const COLLECTOR_PASSWORD = "demo-sberatel";

const staffPerson = (
  handle: UserSeed["handle"],
  demoRole: string,
  email: string,
  person: Pick<UserSeed, "username" | "firstname" | "lastname" | "phone" | "city" | "street" | "zip">,
): UserSeed => {
  const staff = DEMO_STAFF.find((member) => member.email === email)!;
  return {
    handle,
    demoRole,
    email,
    password: staff.password,
    role: staff.role,
    verified: false,
    phonePrefix: "+420",
    country: "CZ",
    // Fixed, so that the seed's random sequence (and every other demo row) stays the same.
    registeredDaysAgo: 400,
    lastLoginHoursAgo: 3,
    locale: "cs",
    ...person,
  };
};

/** The demo staff beside the owner (staff-data.ts), appended after every other seed user. */
const staffUserSeeds: UserSeed[] = [
  staffPerson("moderator", "moderator", "moderator@rarita.test", {
    username: "rarita.moderator",
    firstname: "Tereza",
    lastname: "Veselá",
    phone: "602555101",
    city: "Praha 3",
    street: "Seifertova 17",
    zip: "130 00",
  }),
  staffPerson("moderator2", "moderator (second)", "moderator2@rarita.test", {
    username: "rarita.moderator2",
    firstname: "Ondřej",
    lastname: "Malý",
    phone: "602555102",
    city: "Brno",
    street: "Kounicova 22",
    zip: "602 00",
  }),
  staffPerson("editor", "editor", "editor@rarita.test", {
    username: "rarita.redakce",
    firstname: "Klára",
    lastname: "Benešová",
    phone: "602555103",
    city: "Praha 1",
    street: "Národní 40",
    zip: "110 00",
  }),
  staffPerson("accountant", "accountant", "accountant@rarita.test", {
    username: "rarita.ucetni",
    firstname: "Pavel",
    lastname: "Doležal",
    phone: "602555104",
    city: "Praha 4",
    street: "Na Pankráci 86",
    zip: "140 00",
  }),
  staffPerson("support", "support", "support@rarita.test", {
    username: "rarita.podpora",
    firstname: "Lucie",
    lastname: "Králová",
    phone: "602555105",
    city: "Praha 7",
    street: "Dukelských hrdinů 12",
    zip: "170 00",
  }),
];

export const userSeeds: UserSeed[] = [
  {
    handle: "seller",
    demoRole: "verified seller",
    email: "prodejce@rarita.test",
    username: "RumovyKabinet",
    password: "demo-prodejce",
    firstname: "Jakub",
    lastname: "Procházka",
    phonePrefix: "+420",
    phone: "603111222",
    role: "user",
    verified: true,
    group: "dealer",
    city: "Praha 2",
    street: "Mánesova 28",
    zip: "120 00",
    country: "CZ",
    company: { name: "Rumový kabinet s.r.o.", companyId: "06412718", taxId: "CZ06412718" },
    registeredDaysAgo: 720,
    locale: "cs",
  },
  {
    handle: "newSeller",
    demoRole: "unverified seller",
    email: "novacek@rarita.test",
    username: "novacek.brno",
    password: "demo-novacek",
    firstname: "Lucie",
    lastname: "Horáková",
    phonePrefix: "+420",
    phone: "775432198",
    role: "user",
    verified: false,
    city: "Brno",
    street: "Údolní 53",
    zip: "602 00",
    country: "CZ",
    registeredDaysAgo: 21,
    locale: "cs",
  },
  {
    handle: "buyer",
    demoRole: "buyer",
    email: "kupec@rarita.test",
    username: "SberatelKarel",
    password: "demo-kupec",
    firstname: "Karel",
    lastname: "Veselý",
    phonePrefix: "+420",
    phone: "608765432",
    role: "user",
    verified: false,
    group: "vip",
    city: "Olomouc",
    street: "Horní náměstí 12",
    zip: "779 00",
    country: "CZ",
    registeredDaysAgo: 400,
    locale: "cs",
  },
  {
    handle: "admin",
    demoRole: "admin",
    email: "admin@rarita.test",
    username: "rarita.admin",
    password: "demo-spravce",
    firstname: "Eva",
    lastname: "Králová",
    phonePrefix: "+420",
    phone: "602123456",
    role: "admin",
    verified: true,
    city: "Praha 10",
    street: "Vinohradská 1511/230",
    zip: "100 00",
    country: "CZ",
    registeredDaysAgo: 900,
    locale: "cs",
  },
  ...(
    [
      ["whisky.petr", "Petr", "Novotný", "Praha 5", "Plzeňská 145", "150 00", "CZ", "+420", 610],
      ["caroni.hunter", "Martin", "Dvořák", "Ostrava", "Nádražní 18", "702 00", "CZ", "+420", 530],
      ["islay.fan", "Tomáš", "Černý", "Plzeň", "Americká 42", "301 00", "CZ", "+420", 480],
      ["habanos.cz", "Jiří", "Marek", "Hradec Králové", "Gočárova třída 6", "500 02", "CZ", "+420", 365],
      ["vinny.sklep", "Alena", "Pokorná", "Mikulov", "Náměstí 9", "692 01", "CZ", "+420", 300],
      ["bratislava.malt", "Marek", "Horváth", "Bratislava", "Obchodná 22", "811 06", "SK", "+421", 250],
      ["tropical.ester", "Ondřej", "Kučera", "Liberec", "Pražská 7", "460 01", "CZ", "+420", 190],
      [
        "demerara.dan",
        "Daniel",
        "Fiala",
        "České Budějovice",
        "Lannova třída 31",
        "370 01",
        "CZ",
        "+420",
        140,
      ],
      ["konak.klub", "Hana", "Šimková", "Zlín", "Třída Tomáše Bati 99", "760 01", "CZ", "+420", 95],
      ["munich.collector", "Stefan", "Bauer", "München", "Leopoldstraße 80", "80802", "DE", "+49", 60],
    ] as const
  ).map(
    ([username, firstname, lastname, city, street, zip, country, prefix, days], index): UserSeed => ({
      handle: `collector${index + 1}`,
      email: `sberatel${index + 1}@rarita.test`,
      username,
      password: COLLECTOR_PASSWORD,
      firstname,
      lastname,
      phonePrefix: prefix,
      phone: `7${String(20000000 + index * 1234567).slice(0, 8)}`,
      role: "user",
      verified: index % 3 === 0,
      group: index === 0 ? "vip" : undefined,
      city,
      street,
      zip,
      country,
      registeredDaysAgo: days,
      locale: country === "DE" ? "en" : "cs",
    }),
  ),
  // Appended last and with a fixed last login, so the random sequence (and with it every other
  // demo row) is the same as without it. PETR5 is theirs (the shop's influencer voucher).
  {
    handle: "influencer",
    demoRole: "influencer",
    email: "influencer@rarita.test",
    username: "petr.degustuje",
    password: "demo-influencer",
    firstname: "Petr",
    lastname: "Novák",
    phonePrefix: "+420",
    phone: "721456789",
    role: "user",
    verified: false,
    city: "Praha 7",
    street: "Milady Horákové 1096/46",
    zip: "170 00",
    country: "CZ",
    registeredDaysAgo: 150,
    lastLoginHoursAgo: 5,
    locale: "cs",
  },
  // The demo staff (one per role), appended last for the same reason.
  ...staffUserSeeds,
  // Two collectors who have not yet said whether they sell as a private person or as a trader
  // (issue 36, item 2): the seller's declaration page prompts them; the traders' browser tests
  // declare through it. Appended last with a fixed last login, as above.
  ...[1, 2].map(
    (n): UserSeed => ({
      handle: `newcomer${n}`,
      email: `novy.prodejce${n}@rarita.test`,
      username: `novy.prodejce${n}`,
      password: COLLECTOR_PASSWORD,
      firstname: n === 1 ? "Vojtěch" : "Klára",
      lastname: n === 1 ? "Beneš" : "Urbanová",
      phonePrefix: "+420",
      phone: `73100000${n}`,
      role: "user",
      verified: true,
      city: "Praha 8",
      street: "Pernerova 42",
      zip: "186 00",
      country: "CZ",
      registeredDaysAgo: 30,
      lastLoginHoursAgo: 48,
      locale: "cs",
    }),
  ),
];
