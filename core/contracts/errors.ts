/**
 * Field errors, as the API's 422 body carries them and forms show them: `{ field: [messages] }`,
 * messages already in the request's language, `_` for the form as a whole.
 */
export type FieldErrors = Record<string, string[]>;
