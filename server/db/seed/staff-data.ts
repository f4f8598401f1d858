/**
 * The demo staff (docs/product/back-office.md, "Staff and scopes"): one account per role, each with
 * its second factor already set up, so the back office can be tried at once. The TOTP secrets are
 * fixed and printed on start: add one to an authenticator app (or compute the code in a test,
 * tests/e2e/staff.ts) to pass the second factor. Demo data only: real staff set theirs up at
 * /admin/dvoufazove-overeni.
 */
import type { StaffRole } from "#core/rules/staff.ts";

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
  {
    // Customer support (scope `deals` and `users`): the disputes' queue and the strikes' reviews.
    email: "support@rarita.test",
    password: "demo-podpora",
    role: "support",
    totpSecret: "FLNRXYWZKLJQN2KWLJKMRLYX4QPINDB4",
  },
];

/** The demo TOTP secret of a staff e-mail (throws for an address that is not demo staff). */
export function demoTotpSecret(email: string): string {
  const staff = DEMO_STAFF.find((member) => member.email === email.toLowerCase());
  if (!staff) throw new Error(`${email} is not a demo staff account`);
  return staff.totpSecret;
}
