import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { appContext } from "../app/context.ts";
import { buildDirectory } from "./build-directory.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { seedDemoIfEmpty } from "./db/seed/index.ts";
import { createHttpApp, type PageHandler } from "./http/app.ts";
import { closeGracefully } from "./http/shutdown.ts";
import { createLogger } from "./logger.ts";
import { createServices } from "./services.ts";

const buildDir = buildDirectory();

/** Process entry: config -> database -> demo data -> HTTP. Stops cleanly on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = config.databaseUrl
    ? await openDatabase({ engine: "postgres", url: config.databaseUrl })
    : await openDatabase({ engine: "pglite", dataDir: config.dataDir });

  let demoAccounts: { role: string; email: string; password: string }[] = [];
  if (config.seedDemo) demoAccounts = await seedDemoIfEmpty(database.db, { dataDir: config.dataDir, logger });

  const services = createServices({ database, config, logger });
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, config.env);
  const pageHandler: PageHandler = (request, variables) => {
    const context = new RouterContextProvider();
    context.set(appContext, variables);
    return handleRequest(request, context);
  };

  const app = createHttpApp({
    config,
    logger,
    services,
    pageHandler,
    clientBuildDir: path.join(buildDir, "client"),
  });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    const lines = [
      `Rarita is running at ${config.publicUrl}`,
      `Database: ${database.engine === "pglite" ? `embedded (${path.join(config.dataDir, "db")})` : "PostgreSQL"}`,
      `API docs: ${config.publicUrl}/api/docs`,
      ...(demoAccounts.length
        ? ["Demo accounts:", ...demoAccounts.map((a) => `  ${a.role.padEnd(20)} ${a.email} / ${a.password}`)]
        : []),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const clean = await closeGracefully(server, () => database.close());
    logger.info(clean ? "stopped" : "shutdown timed out; exiting with requests still open");
    process.exit(clean ? 0 : 1);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Rarita failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
