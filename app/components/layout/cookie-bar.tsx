import { AgeGate } from "../consent/age-gate.tsx";
import { ConsentBar } from "../consent/consent-bar.tsx";

/**
 * The cookie bar and age dialog (spec sections 1, 4 and 9), with the consent-mode default and the
 * tag manager they control. Order: the consent default is in the server HTML before anything
 * else of ours runs; the age question comes first, the cookie bar once it is answered.
 */
export function CookieBar() {
  return (
    <>
      <AgeGate />
      <ConsentBar />
    </>
  );
}
