import type { Challenge } from "altcha-lib";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ANALYTICS_EVENTS, pushDataLayer } from "#app/lib/data-layer.ts";
import { type LoginField, validateLogin } from "#app/lib/login-form.ts";
import type { MessageKey } from "#core/i18n/index.ts";
import { solveAltcha } from "./bot-proof.tsx";

/**
 * What the login action answers with instead of a redirect (app/auth.server.ts): errors (422,
 * 429), or an ALTCHA proof-of-work challenge (428) while the account is under a guessing attack.
 */
export type LoginAnswer = {
  errors?: Record<string, string[]>;
  notice?: string;
  challenge?: Challenge;
};

/**
 * The behaviour the login page and the header's login widget share: the client-side check before
 * sending (focus on the first wrong field), field messages that clear as a corrected field is
 * typed, the server's errors of the last attempt only, the password reveal, and the
 * `login_failure` analytics event once per refused answer (spec sections 4, 5 and 8).
 * `answer` is the action's last answer, `busy` whether an attempt is under way.
 */
export function useLoginForm(answer: LoginAnswer | undefined, busy: boolean) {
  const { t } = useTranslation();
  const [reveal, setReveal] = useState(false);
  const [clientErrors, setClientErrors] = useState<Partial<Record<LoginField, MessageKey>>>({});
  // Server errors belong to the last attempt: a new attempt stopped on the client hides them.
  const [serverErrorsStale, setServerErrorsStale] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A challenge is solved here, then the same credentials go again with the answer (ADR 0010, 0013).
  // The payload is "" when this browser could not solve it (no WebCrypto): nothing is sent by itself.
  const [proof, setProof] = useState<{ signature: string; payload: string } | null>(null);
  const challenge = answer?.challenge;
  const signature = challenge?.signature ?? "";
  const solving = Boolean(challenge) && proof?.signature !== signature;

  useEffect(() => {
    if (!challenge) return;
    const controller = new AbortController();
    const signature = challenge.signature ?? "";
    solveAltcha(challenge, controller.signal).then(
      (payload) => setProof({ signature, payload }),
      () => {
        if (!controller.signal.aborted) setProof({ signature, payload: "" });
      },
    );
    return () => controller.abort();
  }, [challenge]);

  // The hidden field carries the answer once rendered: send the form again.
  useEffect(() => {
    if (challenge && proof?.payload && proof.signature === (challenge.signature ?? ""))
      formRef.current?.requestSubmit();
  }, [proof, challenge]);
  const serverErrors = !busy && !serverErrorsStale ? (answer?.errors ?? {}) : {};

  useEffect(() => {
    if (answer?.errors?.login) pushDataLayer({ event: ANALYTICS_EVENTS.loginFailure });
  }, [answer]);

  const fieldError = (field: LoginField) => {
    const key = clientErrors[field];
    return key ? t(key) : serverErrors[field]?.join(", ");
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const errors = validateLogin(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
    setClientErrors(errors);
    if (errors.email || errors.password) {
      event.preventDefault();
      setServerErrorsStale(true);
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setServerErrorsStale(false);
  };

  // After a first attempt, a corrected field loses its message as the visitor types.
  const revalidate = (field: LoginField) => {
    if (!clientErrors[field]) return;
    const errors = validateLogin(emailRef.current?.value ?? "", passwordRef.current?.value ?? "");
    setClientErrors((previous) => ({ ...previous, [field]: errors[field] }));
  };

  return {
    emailRef,
    passwordRef,
    formRef,
    /** The hidden `altcha` value the form sends: the solved challenge's payload. */
    proof: proof?.signature === signature ? proof.payload : "",
    /** The server's "this account is under attack, checking your browser" text while solving. */
    challengeNotice: challenge && !busy ? answer?.notice : undefined,
    solving,
    reveal,
    toggleReveal: () => setReveal((value) => !value),
    onSubmit,
    revalidate,
    emailError: fieldError("email"),
    passwordError: fieldError("password"),
    loginError: serverErrors.login?.join(", "),
  };
}
