import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * How easy a new password is to guess, estimated by zxcvbn-ts (ADR 0012): its matchers find the
 * leaked-password list, dictionary words, keyboard walks, repeats, sequences, dates and l33t in a
 * password and count the guesses an attacker needs. Score 3 means at least 10^8 guesses; a password
 * that scores less is refused with "too common and easy to guess". Server only: the dictionaries
 * are large and a check costs CPU, so nothing of this reaches the browser.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Only the first 64 characters are scored (zxcvbn's own default is 256): the matching work grows
 * steeply with the length (about 300 ms for 256 random characters, under 40 ms for 64), and anyone
 * can send a registration form. More characters can only add guesses, so a long password whose
 * first 64 characters already score enough loses nothing.
 */
const SCORED_LENGTH = 64;

/**
 * Czech words that the leaked lists are full of and that the common (mostly English) dictionary
 * misses, found by scoring the hand-kept list of common passwords this module replaced: with these,
 * every one of its 1,864 entries, lower case, capitalised or upper case, scores below 3. They rank
 * first (1 to n): an attacker tries them right after the most common passwords of all. "heslo" is
 * Czech for "password".
 */
const CZECH_PASSWORD_WORDS = [
  "heslo",
  "mojeheslo",
  "noveheslo",
  "tajneheslo",
  "superheslo",
  "andilek",
  "beruska",
  "ceskarepublika",
  "republika",
  "franta",
  "hvezda",
  "instagram",
  "kocicka",
  "kralovna",
  "maminka",
  "milacek",
  "mojelaska",
  "nazdar",
  "ondrej",
  "ostrava",
  "pejsek",
  "princezna",
  "skodaoctavia",
  "slavia",
  "slunce",
  "slunicko",
  "vaclav",
  "zdenek",
  "zuzana",
];

/**
 * This site's own vocabulary, which a targeted attacker tries early too, but not among the very
 * first guesses: it ranks with the thousandth most common password. A word of it with digits or a
 * year stays weak ("sberatel2024"), a phrase around it need not be ("demo-sberatel").
 */
const SITE_WORDS = ["rarita", "sberatel", "doutnik", "cigara", "becherovka", "slivovice", "glenfiddich"];
const SITE_WORDS_RANK = 1000;

let estimator: ZxcvbnFactory | undefined;

/** Built on the first check (ranking the dictionaries takes about 60 ms), then reused. */
function getEstimator(): ZxcvbnFactory {
  if (!estimator) {
    const passwords = dictionary["passwords-common"].filter((word) => !SITE_WORDS.includes(word));
    passwords.splice(SITE_WORDS_RANK - 1, 0, ...SITE_WORDS);
    estimator = new ZxcvbnFactory({
      dictionary: { ...dictionary, "passwords-common": passwords, "cs-passwords": CZECH_PASSWORD_WORDS },
      graphs: adjacencyGraphs,
      maxLength: SCORED_LENGTH,
    });
  }
  return estimator;
}

/**
 * The account's own data as zxcvbn user inputs, as its documentation means them: the e-mail, the
 * username and the names as typed, and each also without diacritics ("Sběratel" and "sberatel"),
 * so a password made of one of them counts as a handful of guesses. Values are not cut into
 * pieces: "demo-prodejce" for prodejce@rarita.test (a demo account) stays acceptable.
 */
function userInputs(values: string[]): string[] {
  const inputs = new Set<string>();
  for (const value of values) {
    const lower = value.trim().toLowerCase();
    if (lower.length < 3) continue;
    inputs.add(lower);
    inputs.add(lower.normalize("NFD").replace(/\p{M}/gu, ""));
  }
  return [...inputs];
}

/** zxcvbn's score from 0 to 4; the password is scored without surrounding spaces. */
export function passwordScore(password: string, personal: string[] = []): number {
  return getEstimator().check(password.trim(), userInputs(personal)).score;
}

/** Whether a password is hard enough to guess, given the account's e-mail, username and names. */
export function isStrongPassword(password: string, personal: string[] = []): boolean {
  return passwordScore(password, personal) >= MIN_PASSWORD_SCORE;
}
