import type { Challenge } from "altcha-lib";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";

/** What the register page's loader hands the form: an ALTCHA challenge, or a reCAPTCHA key. */
export type BotProofSetup = {
  challenge?: Challenge | null;
  recaptchaSiteKey?: string | null;
};

/**
 * Solves an ALTCHA challenge with altcha-lib's solver and WebCrypto's PBKDF2 (ADR 0013), and
 * resolves with the payload the server expects: base64 of `{ challenge, solution }`. The solver is
 * loaded when first needed, so pages without a challenge never download it; each attempt is one
 * native PBKDF2 call, so the page stays responsive. Rejects where the browser has no WebCrypto
 * (pages served over plain http on an address other than localhost) and when `signal` aborts.
 */
export async function solveAltcha(challenge: Challenge, signal: AbortSignal): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import("altcha-lib"),
    import("altcha-lib/algorithms/web/pbkdf2"),
  ]);
  const controller = new AbortController();
  signal.addEventListener("abort", () => controller.abort());
  if (signal.aborted) controller.abort();
  // No time limit: the work is bounded by the challenge, and a slow phone should still finish.
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 0 });
  if (!solution) throw new Error("aborted");
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
  return btoa(JSON.stringify(payload));
}

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(key: string, options: { action: string }): Promise<string>;
};

/**
 * The registration form's bot check. With a reCAPTCHA key: Google's v3 script (badge hidden,
 * language cs) gives a token at submit time. Otherwise the browser solves the page's ALTCHA
 * challenge in the background. A submit before the answer is ready waits for it and then goes on
 * by itself (also when solving failed: the server then says why it refuses). Without JavaScript the
 * hidden fields stay empty and the server explains why it refuses.
 */
export function useBotProof(setup: BotProofSetup, formRef: RefObject<HTMLFormElement | null>) {
  const { challenge, recaptchaSiteKey } = setup;
  // The payload for the challenge with this signature; "" when the browser could not solve it.
  const [solved, setSolved] = useState<{ signature: string; payload: string } | null>(null);
  const [recaptchaToken, setRecaptchaToken] = useState("");
  const [waiting, setWaiting] = useState(false);
  const pending = useRef(false);
  const bypass = useRef(false);

  useEffect(() => {
    if (!challenge || recaptchaSiteKey) return;
    const controller = new AbortController();
    const signature = challenge.signature ?? "";
    solveAltcha(challenge, controller.signal).then(
      (payload) => setSolved({ signature, payload }),
      () => {
        if (!controller.signal.aborted) setSolved({ signature, payload: "" });
      },
    );
    return () => controller.abort();
  }, [challenge, recaptchaSiteKey]);

  useEffect(() => {
    if (!recaptchaSiteKey || document.getElementById("recaptcha-script")) return;
    const script = document.createElement("script");
    script.id = "recaptcha-script";
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(recaptchaSiteKey)}&hl=cs`;
    script.async = true;
    document.head.appendChild(script);
  }, [recaptchaSiteKey]);

  const current = solved && challenge && solved.signature === (challenge.signature ?? "") ? solved : null;
  const payload = current?.payload ?? "";

  // The answer arrived while a submit was waiting for it: submit now.
  useEffect(() => {
    if (!pending.current) return;
    if ((challenge && !recaptchaSiteKey && current) || (recaptchaSiteKey && recaptchaToken)) {
      pending.current = false;
      bypass.current = true;
      setWaiting(false);
      formRef.current?.requestSubmit();
    }
  }, [current, recaptchaToken, challenge, recaptchaSiteKey, formRef]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (bypass.current) {
      bypass.current = false;
      return;
    }
    if (recaptchaSiteKey) {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (!grecaptcha) return; // the script did not load: the server refuses with a clear message
      event.preventDefault();
      pending.current = true;
      setWaiting(true);
      grecaptcha.ready(() => {
        grecaptcha.execute(recaptchaSiteKey, { action: "register" }).then(setRecaptchaToken, () => {
          pending.current = false;
          setWaiting(false);
        });
      });
      return;
    }
    if (challenge && !current) {
      event.preventDefault();
      pending.current = true;
      setWaiting(true);
    }
  }

  const fields = (
    <>
      <input type="hidden" name="altcha" value={payload} />
      {recaptchaSiteKey ? <input type="hidden" name="recaptchaToken" value={recaptchaToken} /> : null}
    </>
  );
  return { fields, onSubmit, waiting, ready: Boolean(payload) };
}
