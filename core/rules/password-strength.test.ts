import { describe, expect, it } from "vitest";
import { userSeeds } from "#server/db/seed/users-data.ts";
import { isStrongPassword, MIN_PASSWORD_SCORE, passwordScore } from "./password-strength.ts";

describe("password strength (zxcvbn-ts)", () => {
  it("refuses what the replaced list of common passwords refused, in any letter case", () => {
    // A sample of the deleted list: English and keyboard classics, and the Czech words and site
    // vocabulary that zxcvbn's common dictionary does not know, with the usual endings.
    for (const password of [
      "password1",
      "PASSWORD1",
      "Qwertz123",
      "1q2w3e4r",
      "zaq12wsx",
      "heslo123",
      "Heslo123!",
      " heslo123 ",
      "tajneheslo",
      "SKODAOCTAVIA123",
      "kralovna2025",
      "sberatel2024",
      "doutnik007",
      "Becherovka1",
      "Slivovice",
    ])
      expect({ password, strong: isStrongPassword(password) }).toEqual({ password, strong: false });
  });

  it("accepts every password the tests and the demo data use as a good one", () => {
    const good = [
      "Jamajsky rum z roku 1998",
      "Sbirka jamajskych rumu 1998",
      "Sbirka doutniku z Kuby 1998",
      "Nove heslo ke sbirce 2026",
      "Uplne nove heslo pro sbirku",
      "Nove heslo pro sbirku",
      "Nove dlouhe heslo 2026",
      "Zase jine heslo 99",
      "Utocnikovo heslo 77",
      "Spravne-Heslo-123",
    ];
    // As the tests' accounts register or change the password (their e-mail, username and names).
    const account = ["novy.sberatel1@example.cz", "sberatel.1", "Karel", "Sběratel", "Jan", "Novák"];
    for (const password of good) expect(passwordScore(password, account), password).toBe(4);
    // The demo accounts, scored with their own e-mail, username and names.
    for (const user of userSeeds)
      expect(
        isStrongPassword(user.password, [user.email, user.username, user.firstname, user.lastname]),
        `${user.email}: ${user.password}`,
      ).toBe(true);
  });

  it("counts the account's own e-mail, username and names (with or without diacritics) as guessable", () => {
    expect(isStrongPassword("Prochazka1985")).toBe(true);
    expect(isStrongPassword("Prochazka1985", ["Jakub", "Procházka"])).toBe(false);
    expect(isStrongPassword("Rumovykabinet2024", ["prodejce@rarita.test", "RumovyKabinet"])).toBe(false);
    expect(isStrongPassword("prodejce@rarita.test!", ["prodejce@rarita.test"])).toBe(false);
  });

  it("scores the first 64 characters: a weak start is not saved by what follows", () => {
    expect(MIN_PASSWORD_SCORE).toBe(3);
    expect(isStrongPassword(`${"a".repeat(64)}Jamajsky rum z roku 1998`)).toBe(false);
    expect(isStrongPassword("Jamajsky rum z roku 1998 ".repeat(41).slice(0, 1024))).toBe(true);
  });
});
