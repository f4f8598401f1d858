import pino from "pino";

export type Logger = pino.Logger;

/**
 * One JSON line per event. Secrets never reach the log: the redact list covers every place a
 * password, token or cookie could appear in a logged object.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
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
  // The destination is for tests, which read what would have been written.
  return destination ? pino(options, destination) : pino(options);
}
