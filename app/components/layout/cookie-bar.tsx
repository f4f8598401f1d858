import { AgeGate } from "../consent/age-gate.tsx";
import { ConsentBar } from "../consent/consent-bar.tsx";

/**
 * The cookie bar and age dialog (docs/product/screens.md, "Client state";
 * docs/product/visitor-basics.md, "One overlay at a time (first visit)"), with the consent-mode
 * default and the tag manager they control. Order: the consent default is in the server HTML before
 * anything else of ours runs; the age question comes first, the cookie bar once it is answered.
 */
export function CookieBar() {
  return (
    <>
      <AgeGate />
      <ConsentBar />
    </>
  );
}
