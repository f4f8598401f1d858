/// <reference lib="webworker" />
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from "workbox-strategies";
import type { PushPayload } from "#core/contracts/push.ts";

/**
 * The service worker (issue 39; ADR 0110), built by vite-plugin-pwa (injectManifest) to /sw.js.
 *
 * What it caches: the offline page with its script, the icons and the manifests (precached, their
 * list injected at build), the hashed build assets (cache first: a name never changes content)
 * and the public picture variants under /img (a few, for a week). What it never caches: HTML of
 * any page (signed-in pages carry personal data; every page is fetched from the network, and the
 * offline page stands in when there is none), /api, the loaders' data, uploads, and whatever else
 * is not listed here, which goes to the network as if there were no worker.
 */

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const OFFLINE_PAGE = "/offline.html";

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages: always the network; without one, the offline page (setCatchHandler below).
registerRoute(({ request }) => request.mode === "navigate", new NetworkOnly());

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === "GET" && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: "rarita-assets",
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === "GET" && url.pathname.startsWith("/img/"),
  new StaleWhileRevalidate({
    cacheName: "rarita-images",
    plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 7 * 86_400, purgeOnQuotaError: true })],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

/**
 * A push (server/modules/push): one notification per notice, tagged by the notice's key, so that a
 * second delivery of the same notice replaces the first instead of showing twice.
 */
self.addEventListener("push", (event) => {
  let payload: PushPayload | null = null;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    payload = null;
  }
  if (!payload?.title) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.id,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-96.png",
      data: { url: payload.url },
    }),
  );
});

/** A click opens the notice's page: in a window of ours already open, else a new one. */
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? "/";
  const target = new URL(path, self.location.origin);
  if (!sameOrigin(target)) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => sameOrigin(new URL(client.url))) as WindowClient | undefined;
      if (open) {
        await open.focus();
        await open.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
