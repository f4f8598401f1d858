/**
 * The tag manager's data layer (docs/product/screens.md, "Client state": consent updates and
 * analytics events are pushed to it). Pushing is safe before the tag manager loads, or when none is
 * configured: the array simply collects the entries.
 */
type DataLayerWindow = { dataLayer?: unknown[] };

export function pushDataLayer(entry: Record<string, unknown> | unknown[]): void {
  if (typeof window === "undefined") return;
  const w = window as unknown as DataLayerWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(entry);
}

/** Analytics event names the product pushes. */
export const ANALYTICS_EVENTS = { loginFailure: "login_failure", login: "login", signUp: "sign_up" } as const;
