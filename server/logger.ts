import pino from "pino";

export type Logger = pino.Logger;

/** Properties of database errors that hold the query's values (personal data: names, addresses, e-mails). */
const QUERY_VALUES = ["params", "parameters", "queryOptions", "values"];

/**
 * A logged error without the values of the query that failed. Drizzle's DrizzleQueryError puts
 * them into its message ("Failed query: … params: Jan,Novák,…") and its `params`, PGlite's error
 * carries `params`, and PostgreSQL's `detail` quotes the offending row ("Key (email)=(…)"). The
 * query text (with $1 placeholders), the error code and the constraint stay: they are what an
 * operator needs. Works on a copy, the cause chain included, so the thrown error is untouched.
 */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 10) return error;
  const original = error as Error & Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(error)) as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(error)) copy[key] = original[key];
  const hadValues = QUERY_VALUES.some((key) => key in original);
  for (const key of QUERY_VALUES) delete copy[key];
  if (typeof copy.detail === "string") copy.detail = "[redacted]";
  if (hadValues && typeof original.query === "string" && original.message.startsWith("Failed query:")) {
    copy.message = `Failed query: ${original.query}`;
  }
  if (typeof original.stack === "string" && copy.message !== original.message) {
    copy.stack = original.stack.replace(original.message, String(copy.message));
  }
  if (original.cause !== undefined) copy.cause = withoutQueryValues(original.cause, depth + 1);
  return copy;
}

const errorSerializer = (error: unknown) => pino.stdSerializers.err(withoutQueryValues(error) as Error);

/**
 * One JSON line per event. Secrets never reach the log: the redact list covers every place a
 * password, token or cookie could appear in a logged object, and a logged error never carries the
 * values of a failed query (withoutQueryValues).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: errorSerializer, error: errorSerializer },
    redact: {
      paths: [
        "password",
        "*.password",
        "passwordConfirmation",
        "*.passwordConfirmation",
        "newPassword",
        "*.newPassword",
        "currentPassword",
        "*.currentPassword",
        "token",
        "*.token",
        // SMS verification codes (the development SMS outbox logs its message text on purpose).
        "code",
        "*.code",
        "req.headers.authorization",
        "req.headers.cookie",
        "headers.authorization",
        "headers.cookie",
      ],
      censor: "[redacted]",
    },
  };
  // A destination: production's asynchronous stdout (main.ts), or a test's capture.
  return destination ? pino(options, destination) : pino(options);
}
