/**
 * The demo staff (docs/product/back-office.md, "Staff and scopes"): one account per role, each with
 * its second factor already set up, so the back office can be tried at once. The TOTP secrets are
 * fixed and printed on start: add one to an authenticator app (or compute the code in a test,
 * tests/e2e/staff.ts) to pass the second factor. Demo data only: real staff set theirs up at
 * /admin/dvoufazove-overeni.
 */
import type { StaffRole } from "#core/rules/staff.ts";
import type { UserSeed } from "./users-data.ts";

export type DemoStaff = { email: string; password: string; role: StaffRole; totpSecret: string };

export const DEMO_STAFF: DemoStaff[] = [
  {
    email: "admin@rarita.test",
    password: "demo-spravce",
    role: "admin",
    totpSecret: "NH4FATNEVW25IXGC4REPLGYNGULDIAHM",
  },
  {
    email: "moderator@rarita.test",
    password: "demo-moderator",
    role: "moderator",
    totpSecret: "B2M5IPAXHAXZ2TMJP2UPGCUAZD5GMEWM",
  },
  {
    email: "moderator2@rarita.test",
    password: "demo-moderator2",
    role: "moderator",
    totpSecret: "KTU2KBNEIBFAWJCESM5NWWXMWXJGB2MQ",
  },
  {
    email: "editor@rarita.test",
    password: "demo-redaktor",
    role: "editor",
    totpSecret: "3IQKM43P5AVGSMLZVNBEUJLQHPT5TQDK",
  },
  {
    email: "accountant@rarita.test",
    password: "demo-ucetni",
    role: "accountant",
    totpSecret: "OSOQY2P6CD3ZQVZV5RI3OSXPY4BWSYCL",
  },
];

/** The demo TOTP secret of a staff e-mail (throws for an address that is not demo staff). */
export function demoTotpSecret(email: string): string {
  const staff = DEMO_STAFF.find((member) => member.email === email.toLowerCase());
  if (!staff) throw new Error(`${email} is not a demo staff account`);
  return staff.totpSecret;
}

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

/** The staff accounts beside the owner (who is in users-data.ts), appended after every other seed user. */
export const staffUserSeeds: UserSeed[] = [
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
];
