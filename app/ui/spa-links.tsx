import { useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";

/**
 * Plain links that navigate like React Router's `<Link>`: the product cards and the category tree
 * render `<a href {...SPA_LINK}>` (an `<a>` costs the server render a fraction of a `<Link>`,
 * whose hooks resolve its path on every render; issue 18), and one listener on the window turns a
 * plain left click on such a link into a client-side navigation. The listener sits on the window,
 * so it hears a click after React's handlers on the document: one that prevented the default
 * (the watch button) is left alone. `data-discover` lets React Router discover the linked routes
 * ahead, as it does for its `<Link>`s (lazy route discovery scans `a[data-discover]`).
 */
export const SPA_LINK = { "data-spa": "", "data-discover": "true" } as const;

/** The link a click should navigate to in the app, or null when the browser should follow it. */
function spaTarget(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[data-spa]");
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  if (anchor.origin !== window.location.origin) return null;
  return anchor;
}

/** The plain link under the pointer or focus (for intent prefetching), if any. */
function intentHref(event: Event): string | null {
  const anchor = (event.target as Element | null)?.closest?.('a[data-spa="prefetch"]');
  return anchor instanceof HTMLAnchorElement && anchor.origin === window.location.origin
    ? `${anchor.pathname}${anchor.search}`
    : null;
}

/**
 * The document's listener for plain links (see SPA_LINK), and prefetching on intent for those that
 * ask for it (`data-spa="prefetch"`, the cards): as `<Link prefetch="intent">` does, the route's modules
 * and data are fetched when the pointer rests on the link for 100 ms or it gets the focus.
 */
export function SpaLinks() {
  const navigate = useNavigate();
  const [prefetch, setPrefetch] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onClick = (event: MouseEvent) => {
      const anchor = spaTarget(event);
      if (!anchor) return;
      event.preventDefault();
      void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
    };
    const onIntent = (event: Event) => {
      const href = intentHref(event);
      clearTimeout(timer);
      if (href) timer = setTimeout(() => setPrefetch(href), 100);
    };
    window.addEventListener("click", onClick);
    document.addEventListener("mouseover", onIntent);
    document.addEventListener("focusin", onIntent);
    document.addEventListener("touchstart", onIntent, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("click", onClick);
      document.removeEventListener("mouseover", onIntent);
      document.removeEventListener("focusin", onIntent);
      document.removeEventListener("touchstart", onIntent);
    };
  }, [navigate]);
  return prefetch ? <PrefetchPageLinks page={prefetch} /> : null;
}
