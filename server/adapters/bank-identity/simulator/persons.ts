/**
 * The bank identity simulator's test persons (issue 36): an adult, a 17-year-old and an identity
 * the bank has cancelled. Their birth dates are computed from today, so the 17-year-old stays 17
 * whenever the demo runs; the adult's answer carries only the birth date (the adapter computes the
 * age), the minor's also Bank iD's `majority` claim, so both of the adapter's paths are used.
 */
export type TestPerson = {
  id: string;
  name: string;
  /** What the login page says about the person. */
  description: string;
  birthdate: string;
  /** Bank iD's `majority` claim, where the simulator sends it. */
  majority?: boolean;
  /** The bank has cancelled the identity: its tokens are refused at the userinfo endpoint. */
  cancelled?: boolean;
};

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The test persons as of `today`. */
export function testPersons(today: Date = new Date()): TestPerson[] {
  const minorBirth = new Date(today);
  minorBirth.setUTCFullYear(minorBirth.getUTCFullYear() - 17);
  minorBirth.setUTCDate(minorBirth.getUTCDate() - 40);
  return [
    {
      id: "adult",
      name: "Jana Dospělá",
      description: "Dospělá, narozena 12. dubna 1985",
      birthdate: "1985-04-12",
    },
    {
      id: "minor",
      name: "Tomáš Mladý",
      description: "Sedmnáctiletý, ještě není plnoletý",
      birthdate: isoDate(minorBirth),
      majority: false,
    },
    {
      id: "cancelled",
      name: "Petr Zrušený",
      description: "Bankovní identita zrušená bankou",
      birthdate: "1979-09-30",
      cancelled: true,
    },
  ];
}
