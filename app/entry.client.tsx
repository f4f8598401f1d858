import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { textsPartOf } from "#app/i18n/texts-part.ts";
import { preloadOverlays } from "#app/layout/cookie-bar.tsx";
import { preloadAccountMenu } from "#app/layout/header/account-part.ts";
import { loadTexts } from "#core/i18n/index.ts";
import { pathLocale } from "#core/i18n/paths.ts";

// The page's texts (its language only, the back office's on its pages) arrive before it hydrates,
// so the first render in the browser says what the server's did (ADR 0030). So do the age question
// and the cookie bar when this visitor has them to answer, and a user's account menu (they load
// apart, issue 18).
const { pathname } = window.location;
Promise.all([
  loadTexts(pathLocale(pathname), textsPartOf(pathname)),
  preloadOverlays(),
  preloadAccountMenu(),
]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});

// The installable app (service worker, recently viewed listings; ADR 0110): after the page has
// loaded, in a chunk of its own, so that it adds nothing to the first paint's scripts.
const startPwa = () => void import("./pwa/start.ts").then((pwa) => pwa.startPwa());
if (document.readyState === "complete") startPwa();
else window.addEventListener("load", startPwa, { once: true });
