import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import { DAY } from "./time.ts";
import type { UserSeed } from "./users-data.ts";

/**
 * The demo's seller declarations (issue 36, item 2): every demo user sells as a private person,
 * except the demo seller, a trader whose data match the ARES simulator's register
 * (server/adapters/ares/simulator/register.ts: Rumový kabinet s.r.o., IČO 06412718), verified a
 * month ago; and the influencer, a trader whose IČO ARES could not be checked yet (the back
 * office's traders list shows them). The two newcomers have not declared. Laid down as a finished history, as the rest of the demo.
 */
export async function seedSellerDeclarations(
  tx: Db,
  seeds: UserSeed[],
  users: Map<string, number>,
  now: Date,
) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const rows: (typeof t.sellerDeclarations.$inferInsert)[] = [];
  for (const seed of seeds) {
    // Staff do not sell; the newcomers have not declared yet (the page prompts them).
    if (seed.role !== "user" || seed.handle.startsWith("newcomer")) continue;
    const userId = users.get(seed.handle)!;
    const declaredAt = ago(Math.min(seed.registeredDaysAgo, 40));
    const base = { userId, status: "active" as const, createdAt: declaredAt, updatedAt: declaredAt };
    if (seed.handle === "seller")
      rows.push({
        ...base,
        kind: "trader",
        name: "Rumový kabinet s.r.o.",
        street: "Mánesova 1442/28",
        city: "Praha",
        zip: "120 00",
        phone: "+420 603 111 222",
        email: "obchod@rumovy-kabinet.test",
        registerName: "obchodní rejstřík vedený Městským soudem v Praze",
        registerNumber: "C 281734",
        ico: "06412718",
        paymentAccount: "CZ6508000000192000145399",
        selfCertifiedAt: declaredAt,
        aresCheck: "verified",
        aresCheckedAt: ago(30),
        aresVerifiedAt: ago(30),
        aresName: "Rumový kabinet s.r.o.",
        aresAddress: "Mánesova 1442/28, Vinohrady, 12000 Praha 2",
      });
    else if (seed.handle === "influencer")
      rows.push({
        ...base,
        kind: "trader",
        name: "Petr Novák",
        street: "Milady Horákové 1096/46",
        city: "Praha",
        zip: "170 00",
        phone: "+420 721 456 789",
        email: "petr@degustuje.test",
        registerName: "živnostenský rejstřík",
        registerNumber: "17620040",
        ico: "17620040",
        paymentAccount: "CZ6508000000192000145399",
        selfCertifiedAt: declaredAt,
        aresCheck: "unavailable",
        aresCheckedAt: ago(2),
      });
    else rows.push({ ...base, kind: "private" });
  }
  await tx.insert(t.sellerDeclarations).values(rows);
}
