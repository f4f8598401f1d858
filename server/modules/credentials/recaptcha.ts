import type { Config } from "#server/config.ts";
import type { Logger } from "#server/logger.ts";

export type RecaptchaVerdict = "ok" | "missing" | "rejected" | "low_score" | "unavailable";

/** The fields of Google's siteverify answer that matter here. */
type SiteverifyAnswer = { success?: boolean; score?: number; action?: string; "error-codes"?: string[] };

/**
 * Server-side check of a reCAPTCHA v3 token (https://developers.google.com/recaptcha/docs/verify):
 * the token, our secret and the visitor's address go to siteverify, which says whether the token
 * is genuine, unused and for which action, with a score from 0 (bot) to 1 (human). A token passes
 * when it is genuine, was made for `expectedAction` and scores at least `minScore`. When
 * siteverify cannot be reached the answer is "unavailable" and the form is refused: a bot check
 * that lets everyone through whenever Google is slow is no check.
 */
export function createRecaptchaVerifier(options: {
  settings: NonNullable<Config["recaptcha"]>;
  expectedAction: string;
  fetch?: typeof fetch;
  logger?: Pick<Logger, "warn">;
  timeoutMs?: number;
}) {
  const { settings, expectedAction, logger } = options;
  const doFetch = options.fetch ?? fetch;
  return {
    async verify(token: unknown, remoteIp?: string): Promise<RecaptchaVerdict> {
      if (typeof token !== "string" || token.length < 20 || token.length > 4000) return "missing";
      const body = new URLSearchParams({ secret: settings.secret, response: token });
      if (remoteIp && remoteIp !== "unknown") body.set("remoteip", remoteIp);
      let answer: SiteverifyAnswer;
      try {
        const response = await doFetch(settings.verifyUrl, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        answer = (await response.json()) as SiteverifyAnswer;
      } catch (error) {
        // The secret travels in the body, never in the URL: the error cannot carry it.
        logger?.warn({ err: (error as Error).message }, "reCAPTCHA siteverify unavailable");
        return "unavailable";
      }
      if (answer.success !== true) return "rejected";
      if (answer.action !== undefined && answer.action !== expectedAction) return "rejected";
      if (typeof answer.score !== "number" || answer.score < settings.minScore) return "low_score";
      return "ok";
    },
  };
}

export type RecaptchaVerifier = ReturnType<typeof createRecaptchaVerifier>;
