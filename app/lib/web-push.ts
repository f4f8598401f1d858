/**
 * The browser's side of web push (ADR 0110): whether this browser can and does receive pushes, and
 * subscribing or unsubscribing it with the service worker (app/pwa/sw.ts shows what arrives). The
 * server keeps the subscription (the account's notice settings page's action or the push API).
 */

export type PushState = "unsupported" | "denied" | "off" | "on";

export type BrowserSubscription = { endpoint: string; p256dh: string; auth: string };

const supported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  // Usually registered after the page's load already (app/pwa/start.ts); registering again is a no-op.
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const existing = await (await navigator.serviceWorker.getRegistration("/"))?.pushManager.getSubscription();
  return existing ? "on" : "off";
}

/** Asks for permission and subscribes with our key; the subscription to store, or why not. */
export async function subscribeBrowser(
  publicKey: string,
): Promise<{ ok: true; subscription: BrowserSubscription } | { ok: false; state: PushState | "failed" }> {
  if (!supported()) return { ok: false, state: "unsupported" };
  if ((await Notification.requestPermission()) !== "granted") return { ok: false, state: "denied" };
  try {
    const worker = await registration();
    const subscription = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) =>
        c.charCodeAt(0),
      ),
    });
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return { ok: false, state: "failed" };
    return {
      ok: true,
      subscription: { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth },
    };
  } catch {
    return { ok: false, state: "failed" };
  }
}

/** Unsubscribes this browser; its endpoint for the server to forget, or null when it had none. */
export async function unsubscribeBrowser(): Promise<string | null> {
  if (!supported()) return null;
  const subscription = await (
    await navigator.serviceWorker.getRegistration("/")
  )?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
