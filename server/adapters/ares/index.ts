import type { AresAddress, AresRegister, AresSubject } from "#core/contracts/ares.ts";
import { err, ok } from "#core/result.ts";

/**
 * The ARES adapter (issue 36, item 2; ADR 0085): the Czech business register's REST API
 * (`GET {base}/ekonomicke-subjekty/{ico}`, JSON), or its local simulator's copy of it
 * (./simulator). One subject by its IČO: its business name, its seat in the parts the trader form
 * prefills, and whether it ceased. ARES answers 404 (with its error body `{ kod, popis }`) for an
 * IČO it does not know; anything else that is not a subject (a timeout, a 5xx, a body that is no
 * subject) is `unavailable`, so the trader may try again later and nothing is decided on a guess.
 */

/** The public address of ARES's REST API (ARES_URL's default). */
export const ARES_DEFAULT_URL = "https://ares.gov.cz/ekonomicke-subjekty-v-be/rest";

/** An answer slower than this counts as ARES unavailable (ARES usually answers in well under a second). */
const DEFAULT_TIMEOUT_MS = 5000;

export type AresAdapterOptions = {
  /** The API's base, without the trailing slash: ARES_URL, or the simulator's address. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

/** The part of ARES's `sidlo` (seat) the adapter reads. */
type AresSeat = {
  textovaAdresa?: string;
  nazevUlice?: string;
  cisloDomovni?: number | string;
  cisloOrientacni?: number | string;
  cisloOrientacniPismeno?: string;
  nazevObce?: string;
  nazevCastiObce?: string;
  psc?: number | string;
};

type AresSubjectBody = { ico?: string; obchodniJmeno?: string; sidlo?: AresSeat; datumZaniku?: string };

/** "Vinohradská 1511/230", "Lhota 12" (a village without streets: its part's name and the house number). */
function streetOf(seat: AresSeat): string {
  const orientation =
    seat.cisloOrientacni !== undefined ? `/${seat.cisloOrientacni}${seat.cisloOrientacniPismeno ?? ""}` : "";
  const number = seat.cisloDomovni !== undefined ? `${seat.cisloDomovni}${orientation}` : "";
  const place = seat.nazevUlice ?? seat.nazevCastiObce ?? seat.nazevObce ?? "";
  return [place, number].filter(Boolean).join(" ");
}

function addressOf(seat: AresSeat): AresAddress {
  const zip = seat.psc === undefined ? "" : String(seat.psc).replace(/\s+/g, "").padStart(5, "0");
  const street = streetOf(seat);
  const city = seat.nazevObce ?? "";
  return { street, city, zip, text: seat.textovaAdresa ?? [street, `${zip} ${city}`.trim()].join(", ") };
}

/** ARES's subject as the port's, or null when the body is not one. */
export function subjectOf(body: unknown, ico: string): AresSubject | null {
  const subject = body as AresSubjectBody | null;
  if (!subject || typeof subject !== "object" || typeof subject.obchodniJmeno !== "string") return null;
  if (!subject.sidlo || typeof subject.sidlo !== "object") return null;
  return {
    ico: typeof subject.ico === "string" ? subject.ico : ico,
    name: subject.obchodniJmeno,
    address: addressOf(subject.sidlo),
    ceasedOn: typeof subject.datumZaniku === "string" ? subject.datumZaniku : null,
  };
}

export function createAresAdapter({
  baseUrl,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  fetch = globalThis.fetch,
}: AresAdapterOptions): AresRegister {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    async lookup(ico) {
      if (!/^\d{8}$/.test(ico)) return err("not_found");
      let response: Response;
      try {
        response = await fetch(`${base}/ekonomicke-subjekty/${ico}`, {
          headers: { accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        return err("unavailable");
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return err("not_found");
      }
      if (!response.ok) {
        await response.body?.cancel();
        return err("unavailable");
      }
      const subject = subjectOf(await response.json().catch(() => null), ico);
      return subject ? ok(subject) : err("unavailable");
    },
  };
}
