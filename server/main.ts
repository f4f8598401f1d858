import "./runtime/module-loading.ts";
import fs from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type * as ReactRouter from "react-router";
import type { RouterContext, ServerBuild } from "react-router";
import { buildDirectory } from "./build-directory.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { checkDataDir } from "./data-dir.ts";
import type { Database } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import type { PageHandler } from "./http/app.ts";
import { handlerByArea } from "./http/route-areas.ts";
import type { AppVariables } from "./http/types.ts";
import type { JobRunner } from "./jobs/runner.ts";
import { createLogger, type Logger } from "./logger.ts";
import { shutdown } from "./shutdown.ts";
import { startSimulators } from "./simulators.ts";
import { startupNotices, startupWarnings } from "./startup-warnings.ts";
import { isPrimary, runPrimary, workerIndex } from "./workers.ts";

// Only what the configuration checks need is imported up front; the database driver, the HTTP
// app and the services load once the configuration passed, so a bad variable is reported at once.
const buildDir = buildDirectory();

/** A start that was asked to stop (SIGTERM during migrations or demo data): not an error. */
class StopRequested extends Error {}

/** `node server/main.ts` without a web build: say what to run instead of a module-not-found trace. */
class MissingBuildError extends Error {}

/**
 * Process entry: config -> database -> demo data -> HTTP. Stops cleanly on SIGTERM/SIGINT, also
 * while it is still starting. Whatever goes wrong after the database is open, the database is
 * closed (and the data-directory lock released) before the process exits.
 */
async function main() {
  let config = loadConfig();
  checkDataDir(config.dataDir);
  // Production writes through pino's asynchronous destination (sonic-boom), which flushes at exit (ADR 0061).
  const rootLogger = createLogger(
    config.logLevel,
    config.env === "production" ? pino.destination({ dest: 1, sync: false }) : undefined,
  );
  const worker = workerIndex();
  if (worker <= 1) for (const warning of startupWarnings(config)) process.stderr.write(`${warning}\n`);
  // Several processes (WORKERS > 1, PostgreSQL): this one only starts and stops them (ADR 0035).
  if (isPrimary(config)) return runPrimary(config, rootLogger);
  const logger = worker ? rootLogger.child({ worker }) : rootLogger;
  const signals = watchStopSignals(logger);

  // The outside services' simulators (the demo, the browser tests) answer before the server
  // does: each adapter is built on its simulator's address.
  const simulators = await startSimulators(config);
  config = simulators.config;
  let database: Database;
  try {
    database = await openConfiguredDatabase(config, logger);
  } catch (error) {
    await simulators.stop();
    throw error;
  }
  const running: Running = { stopStreams: async () => {}, stopSimulator: simulators.stop };
  let server: Server;
  let jobs: JobRunner;
  try {
    signals.checkpoint();
    let demoAccounts: DemoAccount[] = [];
    if (config.seedDemo) {
      const { seedDemoIfEmpty } = await import("./db/seed/index.ts");
      const { createObjectStorage } = await import("./adapters/storage/index.ts");
      // The demo's pictures go where the server serves them from: DATA_DIR or the bucket (ADR 0094).
      const storage = createObjectStorage(config);
      demoAccounts = await seedDemoIfEmpty(database.db, { dataDir: config.dataDir, storage, logger });
    }
    signals.checkpoint();
    ({ server, jobs } = await startServing(config, database, logger, running));
    if (worker <= 1)
      process.stdout.write(`${welcome(config, database, demoAccounts, simulators.lines).join("\n")}\n`);
  } catch (error) {
    await running.jobs?.stop().catch(() => {});
    await running.stopSimulator().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }

  let stopping = false;
  signals.serving(async (signal) => {
    if (stopping) return;
    stopping = true;
    running.drain?.();
    // Still serving, not ready, each answer closing its connection (DRAIN_SECONDS, ADR 0096).
    if (config.drainMs > 0) {
      logger.info({ signal, drainMs: config.drainMs }, "draining before the listener closes");
      await new Promise((resolve) => setTimeout(resolve, config.drainMs));
    }
    void running.stopMetrics?.();
    // Live auction streams never end by themselves: they are closed first, so that the server's
    // close does not wait for them until its deadline.
    void running
      .stopStreams()
      .catch((err) => logger.error({ err }, "closing the auction streams failed"))
      .then(() => shutdown(signal, server, database, logger, jobs, running.stopSimulator));
  });
}

type DemoAccount = { role: string; email: string; password: string; totpSecret?: string };

/** What a failed start or the shutdown must stop, known as soon as the services exist. */
type Running = {
  jobs?: JobRunner;
  stopStreams: () => Promise<void>;
  stopSimulator: () => Promise<void>;
  /** GET /health/ready answers 503 from now on: the balancer stops sending before the server closes. */
  drain?: () => void;
  stopMetrics?: () => Promise<void>;
};

/**
 * Until the server listens, a signal only marks the start as cancelled: the current step
 * (migrations, demo data) finishes, so the embedded database is never cut off mid-write, and the
 * next `checkpoint` ends the start. Once the server listens, a signal stops it.
 */
function watchStopSignals(logger: Logger) {
  let stopSignal: string | null = null;
  let stopServer: ((signal: string) => void) | null = null;
  const onSignal = (signal: string) => {
    if (stopServer) return stopServer(signal);
    if (!stopSignal) logger.info({ signal }, "stopping once the current start step is done");
    stopSignal = signal;
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
  return {
    checkpoint() {
      if (stopSignal) throw new StopRequested(stopSignal);
    },
    /** The server listens: signals stop it from now on, and one that came while it was starting stops it now. */
    serving(stop: (signal: string) => void) {
      stopServer = stop;
      if (stopSignal) stop(stopSignal);
    },
  };
}

/** On PostgreSQL every limiter counts in the database, with every other worker and instance (ADR 0095). */
async function shareRateLimitsOnPostgres(config: Config, database: Database) {
  if (!database.pool) return;
  const [{ shareRateLimits }, { createPostgresRateLimitStore }] = await Promise.all([
    import("./lib/rate-limit.ts"),
    import("./modules/rate-limits/index.ts"),
  ]);
  shareRateLimits(createPostgresRateLimitStore({ pool: database.pool, serverKey: config.altchaHmacKey }));
}

/** Services, the web build's pages, the HTTP app and the jobs; resolves once the server listens. */
async function startServing(config: Config, database: Database, logger: Logger, running: Running) {
  const [
    { createServices },
    { createHttpApp },
    { createPageCache },
    { createPublicJsonCache },
    { createPageReplay },
    { withRequestIdHeader, withRequestLog },
    { caches, PUBLIC_TAG },
    router,
    { requestContextKey },
    { observeServer },
  ] = await Promise.all([
    import("./services.ts"),
    import("./http/app.ts"),
    import("./http/page-cache.ts"),
    import("./http/public-json-cache.ts"),
    import("./http/page-replay.ts"),
    import("./http/request-log.ts"),
    import("./lib/cache.ts"),
    import("react-router"),
    import("#core/web/request-context.ts"),
    import("./observability.ts"),
  ]);
  const appContext = requestContextKey<AppVariables>();
  await shareRateLimitsOnPostgres(config, database);
  const services = createServices({ database, config, logger });
  running.jobs = services.jobs;
  running.stopStreams = () => services.stopLiveStreams();
  const pageHandler = await loadPageHandler(config, router, appContext);
  // Anonymous pages from memory, cleared by every change they show, in any instance (ADR 0027).
  // PAGE_CACHE=off (benchmarks only): every page is rendered, with the same headers.
  // Their answers are replayed in front of the chain, dropped with the cache's copies (ADR 0037).
  const pageReplay = config.pageCache ? createPageReplay() : undefined;
  const pageCache = config.pageCache
    ? createPageCache({ announce: services.publicChanges.announce })
    : undefined;
  // The public JSON lists from memory, before the chain, cleared by the same changes (ADR 0033).
  const publicJsonCache = createPublicJsonCache();
  // A change heard from any instance (a NOTIFY) clears all three: they carry the `public` tag (ADR 0062).
  await services.publicChanges.subscribe(() => caches.invalidate({ tag: PUBLIC_TAG }, "remote"));
  // Every other invalidation travels on its own channel; a lost connection clears every cache (ADR 0095).
  await services.cacheInvalidations.start();
  // The live listing terms load in the background (ADR 0129): the SQL path answers until then.
  void services.termsIndex?.start();
  // Ready for traffic until SIGTERM; the metrics' gauges and listener (ADR 0093).
  const { readiness, stopMetrics } = await observeServer(config, database, services, logger, workerIndex());
  running.drain = () => readiness.drain();
  running.stopMetrics = stopMetrics;
  const app = createHttpApp({
    config,
    logger,
    services,
    pageHandler,
    pageCache,
    publicJsonCache,
    pageReplay,
    readiness,
    clientBuildDir: path.join(buildDir, "client"),
  });
  // Jobs (mail delivery, maintenance) run from here on; pg-boss installs its tables on first start.
  const { registerDatabaseMaintenance, vacuumSoon } = await import("./jobs/maintenance.ts");
  await registerDatabaseMaintenance(services.jobs, database);
  await services.jobs.start();
  await vacuumSoon(services.jobs, database);
  const { getRequestListener } = await import("@hono/node-server");
  // The request log first: every answer, the replays from memory too, gets its id and log line;
  // the replays write the id in their one header list, the chain gets it set (ADR 0128).
  const chain = withRequestIdHeader(getRequestListener(app.fetch));
  const replays = publicJsonCache.listener(pageReplay ? pageReplay.listener(chain) : chain);
  const logged = withRequestLog(logger, replays, { idHeader: "later" });
  // A draining server closes each connection after its answer: a balancer's kept-alive
  // connection ends cleanly instead of being cut later under a request (ADR 0096).
  const listener: typeof logged = (req, res) => {
    if (readiness.draining) res.setHeader("Connection", "close");
    return logged(req, res);
  };
  return { server: await listen(listener, config), jobs: services.jobs };
}

/** React Router's handler from the web build, each request getting its variables in its context. */
async function loadPageHandler(
  config: Config,
  router: Pick<typeof ReactRouter, "createRequestHandler" | "RouterContextProvider">,
  appContext: RouterContext<AppVariables>,
): Promise<PageHandler> {
  const buildEntry = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(buildEntry)) {
    throw new MissingBuildError(
      `No web build at ${buildEntry}: run "npm run build" first (npm start builds when needed).`,
    );
  }
  const build = (await import(pathToFileURL(buildEntry).href)) as ServerBuild;
  // Each area's pages matched against its own routes only (ADR 0131).
  const handleRequest = handlerByArea(build, (areaBuild) =>
    router.createRequestHandler(areaBuild, config.env),
  );
  return (request, variables) => {
    const context = new router.RouterContextProvider();
    context.set(appContext, variables);
    return handleRequest(request, context);
  };
}

/** The lines the start ends with: where the shop runs, its database, and the demo accounts. */
function welcome(
  config: Config,
  database: Database,
  demoAccounts: DemoAccount[],
  simulatorLines: string[],
): string[] {
  return [
    `Rarita is running at ${config.publicUrl}`,
    `Database: ${database.engine === "pglite" ? `embedded (${path.join(config.dataDir, "db")})` : "PostgreSQL"}`,
    ...(config.workers > 1 ? [`Workers: ${config.workers} processes`] : []),
    `API docs: ${config.publicUrl}/api/docs`,
    ...simulatorLines,
    ...startupNotices(config),
    ...(demoAccounts.length
      ? [
          "Demo accounts (staff sign in with a TOTP code from the secret shown: add it to an authenticator app):",
          ...demoAccounts.map(
            (a) =>
              `  ${a.role.padEnd(20)} ${a.email} / ${a.password}${a.totpSecret ? `  TOTP ${a.totpSecret}` : ""}`,
          ),
        ]
      : []),
  ];
}

async function openConfiguredDatabase(config: Config, logger: Logger): Promise<Database> {
  const { DatabaseUnreachableError, openDatabase } = await import("./db/client.ts");
  try {
    if (!config.databaseUrl) return await openDatabase({ engine: "pglite", dataDir: config.dataDir });
    const database = await openDatabase({ engine: "postgres", url: config.databaseUrl });
    // Reads that may be a second stale, from the replica (ADR 0099).
    if (config.replica) {
      const [{ attachReplica }, { replicaReads }] = await Promise.all([
        import("./db/replica.ts"),
        import("./lib/metrics.ts"),
      ]);
      const count = (outcome: "replica" | "fallback") => replicaReads.inc({ outcome });
      await attachReplica(database, { url: config.replica.url, logger, count });
    }
    return database;
  } catch (error) {
    // The URL is well formed (the schema checked it) but does not work: still the variable's fault.
    if (error instanceof DatabaseUnreachableError) {
      throw new ConfigError(
        `Invalid DATABASE_URL: cannot connect to PostgreSQL at ${error.target}: ${error.reason}`,
      );
    }
    throw error;
  }
}

/**
 * How long an idle keep-alive connection stays open. Node's 5 s closes it while a client that keeps
 * connections longer (a proxy's upstream pool: nginx and load balancers idle for 60 s; Node's
 * keep-alive agents without a timeout of their own) may be sending its next request on it: that
 * request is reset (ECONNRESET, a 502 behind a proxy). The server outlasts them instead.
 */
const KEEP_ALIVE_MS = 65_000;

/** Starts listening; a port that is taken or not allowed becomes a ConfigError naming the variable. */
async function listen(listener: RequestListener, config: Config): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, listener).listen(
      config.port,
      config.host,
    );
    server.once("listening", () => {
      server.off("error", onError);
      resolve(server);
    });
    const onError = (error: NodeJS.ErrnoException) => {
      const where = `${config.host}:${config.port}`;
      if (error.code === "EADDRINUSE") {
        reject(new ConfigError(`Invalid PORT="${config.port}": ${where} is already in use (EADDRINUSE)`));
      } else if (error.code === "EACCES") {
        reject(new ConfigError(`Invalid PORT="${config.port}": not allowed to listen on ${where} (EACCES)`));
      } else if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND" || error.code === "EAI_AGAIN") {
        reject(
          new ConfigError(`Invalid HOST="${config.host}": no such address on this machine (${error.code})`),
        );
      } else {
        reject(error);
      }
    };
    server.once("error", onError);
  });
}

main().catch((error: unknown) => {
  if (error instanceof StopRequested) process.exit(0);
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof MissingBuildError
  ) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Rarita failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
