import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { createTestApi, type TestApi } from "../test/api-harness.ts";
import { createHttpApp } from "./app.ts";

/**
 * The client build's files through the whole HTTP app (ADR 0139): a file under one of the build's
 * top-level names is served from disk, with its cache header; every other path goes to the pages
 * without the file system being asked, and a missing file under a build name falls through too.
 * Through a node:http server and @hono/node-server's listener, as server/main.ts serves it.
 */

let api: TestApi;
let server: Server;
let buildDir: string;
const pages: string[] = [];

beforeAll(async () => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-client-build-"));
  fs.mkdirSync(path.join(buildDir, "icons"));
  fs.mkdirSync(path.join(buildDir, "assets"));
  fs.writeFileSync(path.join(buildDir, "favicon.ico"), "ICON");
  fs.writeFileSync(path.join(buildDir, "icons", "logo 192.png"), "PNG");
  fs.writeFileSync(path.join(buildDir, "assets", "entry-abc123.js"), "console.log(1)");
  api = await createTestApi();
  const app = createHttpApp({
    config: api.config,
    logger: createLogger("silent"),
    services: api.services,
    clientBuildDir: buildDir,
    pageHandler: async (request) => {
      pages.push(new URL(request.url).pathname);
      return new Response("<html>page</html>", { status: 404, headers: { "Content-Type": "text/html" } });
    },
  });
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
}, 60_000);

function get(path: string) {
  return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
}

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await api?.services.auctionStreams.stop();
  await api?.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

describe("the client build's files", () => {
  it("serves a top-level file and one in a build directory, with their cache headers", async () => {
    const favicon = await get("/favicon.ico");
    expect(favicon.status).toBe(200);
    expect(await favicon.text()).toBe("ICON");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    const icon = await get("/icons/logo%20192.png");
    expect(await icon.text()).toBe("PNG");
    const script = await get("/assets/entry-abc123.js");
    expect(await script.text()).toBe("console.log(1)");
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("reads an escaped build name as the file system names it", async () => {
    const icon = await get("/%69cons/logo%20192.png");
    expect(icon.status).toBe(200);
    expect(await icon.text()).toBe("PNG");
  });

  it("hands a page's path, and a missing file under a build name, to the pages", async () => {
    pages.length = 0;
    expect(await (await get("/favicon.ico/x")).text()).toBe("<html>page</html>");
    expect(await (await get("/icons/none.png")).text()).toBe("<html>page</html>");
    expect(await (await get("/3/whisky")).text()).toBe("<html>page</html>");
    expect(pages).toEqual(["/favicon.ico/x", "/icons/none.png", "/3/whisky"]);
  });
});
