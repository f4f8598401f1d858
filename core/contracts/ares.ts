import type { Result } from "../result.ts";

/**
 * The Czech business register ARES (Administrativní registr ekonomických subjektů) as the traders
 * module asks it (issue 36, item 2; ADR 0085): one subject by its IČO. The adapter
 * (server/adapters/ares) speaks ARES's REST API, or its local simulator's copy of it.
 */

/** A subject's registered seat, in the parts the trader form prefills. */
export type AresAddress = {
  /** Street and numbers ("Na Příkopě 859/28"), or the part of the town when the street is unnamed. */
  street: string;
  city: string;
  /** Five digits, no space. */
  zip: string;
  /** ARES's own one-line form of the address. */
  text: string;
};

export type AresSubject = {
  ico: string;
  /** The business name (obchodní jméno). */
  name: string;
  address: AresAddress;
  /** The subject ceased (datum zániku): a ceased company cannot trade. */
  ceasedOn: string | null;
};

/** not_found: ARES knows no subject of this IČO; unavailable: ARES did not answer in time or failed. */
export type AresLookupCode = "not_found" | "unavailable";

export type AresRegister = {
  lookup(ico: string): Promise<Result<AresSubject, AresLookupCode>>;
};
