import { listingOnPage, remember } from "./recent.ts";

/**
 * What the installable app adds to a page once it has loaded (ADR 0110; entry.client.tsx imports
 * this lazily after the load event, so it costs the first paint nothing): registers the service
 * worker, remembers the listings viewed for the offline page, and, while offline, turns a link's
 * client-side navigation into a full one, so that the worker's offline page answers it instead of
 * the route's error.
 */
export function startPwa(): void {
  if ("serviceWorker" in navigator)
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // No worker (a private window, a refusing browser): the site works as before.
    });

  let pending = 0;
  const record = () => {
    window.clearTimeout(pending);
    pending = window.setTimeout(() => {
      const listing = listingOnPage(document);
      if (listing) remember(window.localStorage, listing);
    }, 300);
  };
  record();
  // React Router replaces the head's structured data on every client navigation.
  new MutationObserver(record).observe(document.head, {
    childList: true,
    subtree: true,
    characterData: true,
  });

  document.addEventListener(
    "click",
    (event) => {
      if (navigator.onLine || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || link.target || link.origin !== window.location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      window.location.assign(link.href);
    },
    { capture: true },
  );
}
