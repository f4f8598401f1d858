import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type ErrorHandler, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { translate } from "#core/i18n/index.ts";
import { locales } from "#core/i18n/locales.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Config } from "../config.ts";
import { ObjectStorageError } from "../lib/object-storage.ts";
import type { Logger } from "../logger.ts";
import { isContentUpload } from "../modules/cms/api/index.ts";
import { LISTING_IMAGE_UPLOAD_PATH } from "../modules/listing-photos/api.ts";
import { imageVariantHandler, uploadsHandler } from "../modules/media/index.ts";
import { isBankStatementUpload } from "../modules/payments/api/index.ts";
import { recordAccountFingerprints } from "../modules/shill-signals/api.ts";
import type { Services } from "../services.ts";
import { ApiError, notFoundJson } from "./api/errors.ts";
import { mountApi } from "./api/index.ts";
import { apiCacheHeaders, pageCacheHeaders } from "./cache-policy.ts";
import { compression } from "./compression.ts";
import { cspMiddleware } from "./csp.ts";
import { csrfProtection } from "./csrf.ts";
import { devOutbox } from "./dev-outbox.ts";
import { devSmsOutbox } from "./dev-sms-outbox.ts";
import { registerFeedRoutes } from "./feeds.ts";
import { freshReadsAfterWrites } from "./fresh-reads.ts";
import { type Readiness, registerHealthRoutes } from "./health.ts";
import { localeMiddleware } from "./locale.ts";
import type { PageCache } from "./page-cache.ts";
import type { PageReplay } from "./page-replay.ts";
import { pageRules } from "./page-rules.ts";
import type { PublicJsonCache } from "./public-json-cache.ts";
import { requestContext } from "./request-log.ts";
import { registerSeoRoutes } from "./seo.ts";
import { sessionMiddleware } from "./session.ts";
import { requestOrigin, withOrigin } from "./trusted-proxies.ts";
import type { AppEnv } from "./types.ts";

export type PageHandler = (request: Request, variables: AppEnv["Variables"]) => Promise<Response>;

export type HttpAppDeps = {
  config: Config;
  logger: Logger;
  services: Services;
  /** React Router's handler for everything that is not /api or a static file; absent in API-only tests. */
  pageHandler?: PageHandler;
  /** Folder of the client build (hashed assets, favicon); absent in API-only tests. */
  clientBuildDir?: string;
  /**
   * The anonymous page cache (page-cache.ts), which every successful write clears; without it
   * pages still get their Cache-Control and Vary.
   */
  pageCache?: PageCache;
  /** The public JSON lists kept in memory and served before the chain (public-json-cache.ts). */
  publicJsonCache?: PublicJsonCache;
  /** Anonymous pages kept as they leave the chain and replayed before it (page-replay.ts). */
  pageReplay?: PageReplay;
  /** Whether the process still takes traffic (GET /health/ready; turned off on SIGTERM). */
  readiness?: Readiness;
  /**
   * Bench only (bench/api-layers.ts): layers left out, to measure what each one costs. Never set
   * by the server.
   */
  omitLayers?: readonly HttpLayer[];
};

/** The layers of the chain, by the names bench/api.ts --layers reports. */
export const HTTP_LAYERS = [
  "requestLog",
  "origin",
  "csp",
  "secureHeaders",
  "compress",
  "locale",
  "session",
  "csrf",
  "pageCacheClear",
  "cors",
  "apiCacheHeaders",
  "bodyLimit",
  "controlCharacters",
] as const;
export type HttpLayer = (typeof HTTP_LAYERS)[number];
type Layers = (layer: HttpLayer) => boolean;

/**
 * The whole HTTP app. The order is the point: the request's origin and the security headers come
 * first, resized images before the session (a page of cards must not cost a session lookup per
 * picture), then locale, session and CSRF, the API with its limits, the static files, and React
 * Router's pages last, as the fallback for every other path, behind the anonymous page cache.
 */
export function createHttpApp({
  config,
  logger,
  services,
  pageHandler,
  clientBuildDir,
  pageCache,
  publicJsonCache,
  pageReplay,
  readiness,
  omitLayers = [],
}: HttpAppDeps) {
  const app = new Hono<AppEnv>();
  const on: Layers = (layer) => !omitLayers.includes(layer);
  // First, so that it keeps the answer exactly as it leaves (headers of every layer included).
  if (publicJsonCache) app.use("/api/*", publicJsonCache.store);
  if (pageReplay) app.use(pageReplay.store);

  addRequestBasics(app, { config, logger, services }, on);
  // Before locale, session and pages: a balancer or Prometheus has no cookie (health.ts).
  registerHealthRoutes(app, { readiness, metricsToken: config.metrics.token });
  // Pages and JSON go out Brotli- or gzip-compressed when the browser accepts it (compression.ts:
  // a category page, 270 KB of HTML with its stylesheet, is 42 KB on the wire); the hashed assets are sent precompressed (serveClientBuild), images
  // and the live stream (text/event-stream) are left as they are.
  if (on("compress")) app.use(compression());
  app.get("/img/*", imageVariantHandler(services.imageVariants, services.storage));
  if (on("locale")) app.use(localeMiddleware);
  if (on("session")) app.use(sessionMiddleware);
  // With a replica (ADR 0099): which requests' reads may be a second stale.
  if (config.replica) app.use(freshReadsAfterWrites(config.replica.primaryAfterWriteSeconds));
  // The shill-bidding signals' fingerprints of signed-in accounts (ADR 0087).
  if (on("session")) app.use(recordAccountFingerprints);
  // The age wallet's answer is posted from the wallet's page (OpenID4VP direct_post, ADR 0084).
  const walletAnswers = new Set(locales.map((locale) => localePath("ageCheckReturn", locale)));
  if (on("csrf")) app.use(csrfProtection(config.publicUrl, walletAnswers));
  if (pageCache && on("pageCacheClear")) app.use(pageCache.clearOnWrite);
  if (publicJsonCache) app.use(publicJsonCache.clearOnWrite);
  mountApiWithLimits(app, config, on);
  // Uploaded files from the storage (ADR 0094), with the sandbox CSP and a day's caching.
  app.use("/uploads/*", uploadsHandler(services.storage));
  if (clientBuildDir && fs.existsSync(clientBuildDir)) serveClientBuild(app, clientBuildDir);

  // The development mail outbox (only when no SMTP server is configured; see dev-outbox.ts).
  app.get("/dev/outbox", devOutbox(config));
  // Its SMS twin (only without an SMS gateway; see dev-sms-outbox.ts).
  app.get("/dev/sms-outbox", devSmsOutbox(config));
  // robots.txt and the sitemaps; the Atom feeds (feeds.ts).
  registerSeoRoutes(app);
  registerFeedRoutes(app);

  if (pageHandler) {
    app.use("*", pageRules);
    app.use("*", pageCache?.middleware ?? pageCacheHeaders);
    app.all("*", (c) => pageHandler(withOrigin(c.req.raw, c.var.requestOrigin), c.var));
  }

  app.onError(respondToError);
  return app;
}

type App = Hono<AppEnv>;

/**
 * The request's id and logger (the request log itself is in front of the whole server:
 * withRequestLog, request-log.ts), the client's origin, the context's services and the security headers.
 */
function addRequestBasics(
  app: App,
  { config, logger, services }: Omit<HttpAppDeps, "pageHandler">,
  on: Layers,
) {
  if (on("requestLog")) app.use(requestContext(logger));
  // The client's address and the browser's origin, behind a proxy too (TRUSTED_PROXIES, PUBLIC_URL).
  if (on("origin")) app.use(requestOrigin(config));
  app.use(async (c, next) => {
    c.set("services", services);
    c.set("config", config);
    await next();
  });
  // The Content-Security-Policy of HTML pages, with a nonce per request (csp.ts).
  if (on("csp")) app.use(cspMiddleware(config));
  if (!on("secureHeaders")) return;
  app.use(
    secureHeaders({
      contentSecurityPolicy: undefined,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: "strict-origin-when-cross-origin",
    }),
  );
}

/** The API under /api: CORS for the public origin only, a body limit, the routes, and its own 404. */
function mountApiWithLimits(app: App, config: Config, on: Layers) {
  if (on("cors"))
    app.use(
      "/api/*",
      cors({
        origin: (origin) => (origin === config.publicUrl ? origin : null),
        allowHeaders: [
          "Content-Type",
          "Authorization",
          "clientUrl",
          "Accept",
          "X-Request-Id",
          "Idempotency-Key",
        ],
        allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
        credentials: true,
        maxAge: 600,
      }),
    );
  // Public lists briefly public, everything else private (cache-policy.ts).
  if (on("apiCacheHeaders")) app.use("/api/*", apiCacheHeaders);
  const apiBodyLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => c.json({ message: translate(c.get("locale"), "errors.payloadTooLarge") }, 413),
  });
  // A listing photo, a banner image, a PDF document or a bank statement may be larger; their routes
  // set their own limits (server/modules/listing-photos/api.ts, server/modules/cms/api/admin.ts,
  // server/modules/payments/api/admin-bank-statements.ts).
  if (on("bodyLimit"))
    app.use("/api/*", (c, next) =>
      c.req.path === LISTING_IMAGE_UPLOAD_PATH ||
      isContentUpload(c.req.method, c.req.path, c.req.header("content-type")) ||
      isBankStatementUpload(c.req.method, c.req.path, c.req.header("content-type"))
        ? next()
        : apiBodyLimit(c, next),
    );

  app.route("/api", mountApi(config, { controlCharacters: on("controlCharacters") }));

  // The API's own 404 (a mounted sub-app's notFound is not consulted by the parent).
  app.all("/api/*", (c) => notFoundJson(c));
}

/** The client build's files (hashed assets, favicon). */
function serveClientBuild(app: App, clientBuildDir: string) {
  const root = path.relative(process.cwd(), clientBuildDir) || ".";
  // Hashed assets never change: cache them for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root,
      // The build writes name.br and name.gz beside each script and style (scripts/vite/precompress-plugin.ts).
      precompressed: true,
      onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // The rest of the build's files (favicon, icons, manifests, the service worker), asked of the file
  // system only for a path under one of the build's own top-level names: every page's path was a
  // stat() of a file that is never there, on each request (ADR 0139).
  const files = serveStatic({ root, onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600") });
  const names = new Set(fs.readdirSync(clientBuildDir));
  app.use("*", (c, next) => (names.has(firstSegment(c.req.path)) ? files(c, next) : next()));
}

/** A path's first segment as the file system would name it ("/icons/a.png" → "icons"); "" when it has none. */
function firstSegment(pathname: string): string {
  const end = pathname.indexOf("/", 1);
  const segment = end === -1 ? pathname.slice(1) : pathname.slice(1, end);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** An API error as its JSON; a client error as its response; anything else logged, as a 500 with the request's id. */
const respondToError: ErrorHandler<AppEnv> = (error, c) => {
  const isApi = c.req.path.startsWith("/api");
  if (error instanceof ApiError) return c.json(error.body, error.status);
  if (error instanceof HTTPException && error.status < 500) {
    const key = error.status === 400 ? "errors.invalidJson" : "errors.general";
    return isApi ? c.json({ message: translate(c.get("locale"), key) }, error.status) : error.getResponse();
  }
  c.get("logger").error({ err: error }, "unhandled error");
  // The bucket did not answer (ADR 0094): nothing was recorded, and a retry may well pass.
  const unavailable = error instanceof ObjectStorageError;
  const message = translate(c.get("locale"), unavailable ? "errors.storageUnavailable" : "errors.general");
  // The request's id (as logged, and in X-Request-Id): what a user quotes to support, what the
  // operator finds the log line by. It tells nothing about the failure itself.
  const requestId = c.get("requestId");
  const status = unavailable ? 503 : 500;
  return isApi ? c.json({ message, requestId }, status) : c.text(`${message} (${requestId})`, status);
};
