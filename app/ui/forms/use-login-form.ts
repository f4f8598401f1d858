import type { Challenge } from "altcha-lib";
import { type RefObject, useEffect, useRef, useState } from "react";
import { ANALYTICS_EVENTS, pushDataLayer } from "#app/lib/data-layer.ts";
import { LoginSchema } from "#core/schemas/login.ts";
import { solveAltcha } from "./bot-proof.tsx";
import { type FormReply, useSchemaForm } from "./conform.ts";

/**
 * What the login action answers with instead of a redirect (app/auth.server.ts): Conform's reply
 * with the errors (422, 429), or an ALTCHA proof-of-work challenge (428) while the account is under
 * a guessing attack.
 */
export type LoginAnswer = {
  result?: FormReply;
  notice?: string;
  challenge?: Challenge;
};

/**
 * The behaviour the login page and the header's login widget share, over the core's LoginSchema:
 * the check before sending (Conform focuses the first wrong field), messages that clear as a
 * corrected field is typed, the server's errors of the last attempt only, the password reveal, the
 * `login_failure` analytics event once per refused answer (docs/product/screens.md, "Client state")
 * and the
 * challenge of an attacked account. `answer` is the action's last answer, `busy` whether an
 * attempt is under way, `id` the form's id (unique on the page).
 */
export function useLoginForm(answer: LoginAnswer | undefined, busy: boolean, id: string) {
  const [form] = useSchemaForm(LoginSchema, answer?.result, { id, shouldValidate: "onSubmit" });
  const [reveal, setReveal] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { proof, solving } = useChallengeProof(answer?.challenge, formRef);

  useEffect(() => {
    if (answer?.result?.error?.[""]?.length) pushDataLayer({ event: ANALYTICS_EVENTS.loginFailure });
  }, [answer]);

  const errors = form.allErrors;
  return {
    form,
    formRef,
    /** The hidden `altcha` value the form sends: the solved challenge's payload. */
    proof,
    /** The server's "this account is under attack, checking your browser" text while solving. */
    challengeNotice: answer?.challenge && !busy ? answer.notice : undefined,
    solving,
    reveal,
    toggleReveal: () => setReveal((value) => !value),
    emailError: errors.email?.join(", "),
    passwordError: errors.password?.join(", "),
    loginError: busy ? undefined : form.errors?.join(", "),
  };
}

/**
 * A challenge is solved here, then the same credentials go again with the answer (ADR 0010, 0013).
 * The payload is "" when this browser could not solve it (no WebCrypto): nothing is sent by itself.
 */
function useChallengeProof(challenge: Challenge | undefined, formRef: RefObject<HTMLFormElement | null>) {
  const [proof, setProof] = useState<{ signature: string; payload: string } | null>(null);
  const signature = challenge?.signature ?? "";

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
  }, [proof, challenge, formRef]);

  return {
    proof: proof?.signature === signature ? proof.payload : "",
    solving: Boolean(challenge) && proof?.signature !== signature,
  };
}
