import type { MessageKey } from "../i18n/index.ts";

/**
 * Field errors, as the API's 422 body carries them and forms show them: `{ field: [messages] }`,
 * messages already in the request's language, `_` for the form as a whole.
 */
export type FieldErrors = Record<string, string[]>;

/**
 * One thing wrong with a field, in no language yet: the message key and the values its text
 * fills in. Services answer with these (ADR 0068); the page or the API handler translates them.
 */
export type Problem = { key: MessageKey; values?: Record<string, string | number> };

/** A service's field errors before translation: `{ field: [problems] }`, `form` or `_` for the whole form. */
export type FieldProblems = Record<string, Problem[]>;
