import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ANALYTICS_EVENTS, pushDataLayer } from "../../lib/data-layer.ts";
import { type LoginField, validateLogin } from "../../lib/login-form.ts";

/** What the login action answers with instead of a redirect (HTTP 422; app/auth.server.ts). */
export type LoginAnswer = { errors?: Record<string, string[]> };

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
  const [clientErrors, setClientErrors] = useState<Partial<Record<LoginField, string>>>({});
  // Server errors belong to the last attempt: a new attempt stopped on the client hides them.
  const [serverErrorsStale, setServerErrorsStale] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
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
    reveal,
    toggleReveal: () => setReveal((value) => !value),
    onSubmit,
    revalidate,
    emailError: fieldError("email"),
    passwordError: fieldError("password"),
    loginError: serverErrors.login?.join(", "),
  };
}
