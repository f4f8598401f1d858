import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";

/** What the register page's loader hands the form: a proof-of-work challenge, or a reCAPTCHA key. */
export type BotProofSetup = {
  challenge?: { challenge: string; difficulty: number } | null;
  recaptchaSiteKey?: string | null;
};

function zeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

// A small SHA-256 for pages served over plain http on a non-localhost address, where the browser
// hides crypto.subtle (it exists only in secure contexts).
const K = Uint32Array.from(
  "428a2f98 71374491 b5c0fbcf e9b5dba5 3956c25b 59f111f1 923f82a4 ab1c5ed5 d807aa98 12835b01 243185be 550c7dc3 72be5d74 80deb1fe 9bdc06a7 c19bf174 e49b69c1 efbe4786 0fc19dc6 240ca1cc 2de92c6f 4a7484aa 5cb0a9dc 76f988da 983e5152 a831c66d b00327c8 bf597fc7 c6e00bf3 d5a79147 06ca6351 14292967 27b70a85 2e1b2138 4d2c6dfc 53380d13 650a7354 766a0abb 81c2c92e 92722c85 a2bfe8a1 a81a664b c24b8b70 c76c51a3 d192e819 d6990624 f40e3585 106aa070 19a4c116 1e376c08 2748774c 34b0bcb5 391c0cb3 4ed8aa4a 5b9cca4f 682e6ff3 748f82ee 78a5636f 84c87814 8cc70208 90befffa a4506ceb bef9a3f7 c67178f2"
    .split(" ")
    .map((h) => Number.parseInt(h, 16)),
);
function sha256(data: Uint8Array): Uint8Array {
  const length = ((data.length + 9 + 63) >> 6) << 6;
  const m = new Uint8Array(length);
  m.set(data);
  m[data.length] = 0x80;
  new DataView(m.buffer).setUint32(length - 4, data.length * 8);
  const h = Uint32Array.from([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const view = new DataView(m.buffer);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]);
  return out;
}

/**
 * Finds a nonce so that sha256(challenge + nonce) starts with `difficulty` zero bits. Digests run
 * in batches so crypto.subtle works in parallel; the page stays responsive between batches.
 */
export async function solveChallenge(
  challenge: string,
  difficulty: number,
  signal: AbortSignal,
): Promise<string> {
  const encoder = new TextEncoder();
  const subtle = globalThis.crypto?.subtle;
  const BATCH = 512;
  for (let base = 0; ; base += BATCH) {
    if (signal.aborted) throw new Error("aborted");
    const nonces = Array.from({ length: BATCH }, (_, i) => (base + i).toString(36));
    const digests = subtle
      ? (await Promise.all(nonces.map((n) => subtle.digest("SHA-256", encoder.encode(challenge + n))))).map(
          (d) => new Uint8Array(d),
        )
      : nonces.map((n) => sha256(encoder.encode(challenge + n)));
    const found = digests.findIndex((d) => zeroBits(d) >= difficulty);
    if (found >= 0) return nonces[found];
    if (!subtle) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(key: string, options: { action: string }): Promise<string>;
};

/**
 * The registration form's bot check. With a reCAPTCHA key: Google's v3 script (badge hidden,
 * language cs) gives a token at submit time. Otherwise the browser solves the page's proof-of-work
 * challenge in the background. A submit before the answer is ready waits for it and then goes on
 * by itself. Without JavaScript the hidden fields stay empty and the server explains why it refuses.
 */
export function useBotProof(setup: BotProofSetup, formRef: RefObject<HTMLFormElement | null>) {
  const { challenge, recaptchaSiteKey } = setup;
  const [solved, setSolved] = useState<{ challenge: string; nonce: string } | null>(null);
  const [recaptchaToken, setRecaptchaToken] = useState("");
  const [waiting, setWaiting] = useState(false);
  const pending = useRef(false);
  const bypass = useRef(false);

  useEffect(() => {
    if (!challenge || recaptchaSiteKey) return;
    const controller = new AbortController();
    solveChallenge(challenge.challenge, challenge.difficulty, controller.signal).then(
      (nonce) => setSolved({ challenge: challenge.challenge, nonce }),
      () => {},
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

  const nonce = solved && challenge && solved.challenge === challenge.challenge ? solved.nonce : "";

  // The answer arrived while a submit was waiting for it: submit now.
  useEffect(() => {
    if (!pending.current) return;
    if ((challenge && !recaptchaSiteKey && nonce) || (recaptchaSiteKey && recaptchaToken)) {
      pending.current = false;
      bypass.current = true;
      setWaiting(false);
      formRef.current?.requestSubmit();
    }
  }, [nonce, recaptchaToken, challenge, recaptchaSiteKey, formRef]);

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
    if (challenge && !nonce) {
      event.preventDefault();
      pending.current = true;
      setWaiting(true);
    }
  }

  const fields = (
    <>
      <input type="hidden" name="powChallenge" value={challenge?.challenge ?? ""} />
      <input type="hidden" name="powNonce" value={nonce} />
      {recaptchaSiteKey ? <input type="hidden" name="recaptchaToken" value={recaptchaToken} /> : null}
    </>
  );
  return { fields, onSubmit, waiting, ready: Boolean(nonce) };
}
