import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The normal deployment, for tests/e2e/https-proxy.spec.ts: Debian's nginx terminates TLS (a
 * self-signed certificate made here with openssl) and proxies plain http to the production server
 * (scripts/e2e-server.ts: the build, the demo data, its own temporary data directory) with the
 * usual forwarded headers. nginx connects from 127.0.0.2 (proxy_bind), which is the only trusted
 * proxy, so the address the server records tells whether it took the client's (127.0.0.1, from
 * X-Forwarded-For) or the proxy's.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const PROXY_ADDRESS = "127.0.0.2";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function nginxBinary(): string {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"])
    if (fs.existsSync(candidate)) return candidate;
  throw new Error("nginx is missing: apt-get install -y nginx (bash .ci/run installs it)");
}

/** Output of a child, kept for the error message when it does not come up. */
function collect(child: ChildProcess): () => string {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  return () => output;
}

async function waitFor(
  what: string,
  ready: () => Promise<boolean>,
  child: ChildProcess,
  output: () => string,
) {
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited before it was ready:\n${output()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready in time:\n${output()}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export type ProxiedServer = { url: string; backendUrl: string; stop(): Promise<void> };

/**
 * nginx's page cache as the README's production notes configure it: anonymous pages the server
 * marks public are kept by the proxy (X-Cache-Status tells HIT or MISS), signed-in ones are not.
 * Buffering stays on (nginx keeps only buffered answers); the live streams turn it off for
 * themselves with X-Accel-Buffering: no.
 */
function cacheDirectives(dir: string) {
  return {
    http: `proxy_cache_path ${dir}/cache levels=1:2 keys_zone=rarita_pages:10m max_size=256m inactive=10m use_temp_path=off;`,
    location: `proxy_cache rarita_pages;
      proxy_cache_lock on;
      add_header X-Cache-Status $upstream_cache_status always;`,
  };
}

export async function startProxiedServer({
  pageCache = false,
}: {
  pageCache?: boolean;
} = {}): Promise<ProxiedServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-https-proxy-"));
  const [backendPort, mailPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const url = `https://localhost:${proxyPort}`;
  const backendUrl = `http://127.0.0.1:${backendPort}`;

  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "pipe" },
  );
  // A site's usual nginx block (README), run in the foreground as this user with its files here.
  const cache = pageCache ? cacheDirectives(dir) : null;
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  ${cache?.http ?? ""}
  server {
    listen 127.0.0.1:${proxyPort} ssl;
    server_name localhost;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location / {
      proxy_pass http://127.0.0.1:${backendPort};
      proxy_bind ${PROXY_ADDRESS};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      ${
        cache?.location ??
        `# Live auction updates (server-sent events) pass at once.
      proxy_buffering off;`
      }
    }
  }
}
`,
  );

  const server = spawn(process.execPath, [path.join(root, "scripts/e2e-server.ts")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      E2E_PORT: String(backendPort),
      E2E_MAIL_PORT: String(mailPort),
      // The main server's simulators hold their ports: this one's take free ones.
      E2E_MARKETPLACE_PORT: "0",
      E2E_BANK_ID_PORT: "0",
      E2E_PUBLIC_URL: url,
      E2E_TRUSTED_PROXIES: PROXY_ADDRESS,
    },
  });
  const serverOutput = collect(server);
  const nginx = spawn(nginxBinary(), ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", "stderr"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const nginxOutput = collect(nginx);

  const stop = async () => {
    nginx.kill("SIGTERM");
    // The e2e server stops its production server and removes its data directory.
    server.kill("SIGTERM");
    await Promise.all([exited(nginx), exited(server)]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      "nginx",
      () =>
        new Promise((resolve) => {
          const socket = net.connect(proxyPort, "127.0.0.1", () => {
            socket.end();
            resolve(true);
          });
          socket.once("error", () => resolve(false));
        }),
      nginx,
      nginxOutput,
    );
    await waitFor(
      "the server",
      async () => (await fetch(`${backendUrl}/api/health`)).ok,
      server,
      serverOutput,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, backendUrl, stop };
}
