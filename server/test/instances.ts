import { SESSION_COOKIE } from "#core/web/session-cookie.ts";
import type { Cleanups, CrashStorage } from "./crash-helpers.ts";
import { freePort, killServerProcess, type ServerProcess, startServerProcess } from "./server-process.ts";
import { type SseEvent, sseReader } from "./sse.ts";

/**
 * Several instances of the application on one PostgreSQL database, as real processes on ports of
 * their own (what a load balancer spreads requests over), and the browser's side of talking to
 * them: a session cookie, the Origin header the CSRF check reads, and live streams read as they
 * come, each event stamped with the moment it arrived.
 */

export type Instance = {
  name: string;
  port: number;
  origin: string;
  process: ServerProcess;
  /** Starts the process again on the same port (after a kill or a stop); resolves when it listens. */
  restart(): Promise<void>;
};

/**
 * Starts an instance on the storage's database with a DATA_DIR of its own (the instances share
 * nothing but the database), resolving when it listens. Instances must agree on the keys each
 * would otherwise draw for itself (ALTCHA, fingerprints): `env` passes them and the stub build.
 */
export async function startInstance(
  name: string,
  storage: CrashStorage,
  cleanups: Cleanups,
  env: Record<string, string>,
): Promise<Instance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const fullEnv = {
    DATA_DIR: `${storage.dataDir}/${name}`,
    DATABASE_URL: storage.databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: origin,
    ...env,
  };
  const launch = async () => {
    const server = startServerProcess(fullEnv);
    cleanups.add(() => killServerProcess(server));
    await server.waitForOutput("Rarita is running");
    return server;
  };
  const instance: Instance = {
    name,
    port,
    origin,
    process: await launch(),
    async restart() {
      instance.process = await launch();
    },
  };
  return instance;
}

/** What a signed-in browser sends with every call: its session cookie and its page's origin. */
export type Browser = { cookie: string };

/**
 * Signs in through the API and keeps the session token as the web app's cookie holds it (the
 * login page's action sets the same token as `auth._token`; the stub build has no pages).
 */
export async function signIn(instance: Instance, email: string, password: string): Promise<Browser> {
  const response = await call(instance, "POST", "/api/auth/login", undefined, { email, password });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/** A call as the site's own page on that instance makes it: Origin, and the cookie when signed in. */
export function call(
  instance: Instance,
  method: string,
  path: string,
  browser?: Browser,
  body?: object,
): Promise<Response> {
  return fetch(`${instance.origin}${path}`, {
    method,
    headers: {
      Origin: instance.origin,
      "Sec-Fetch-Site": "same-origin",
      ...(browser ? { Cookie: browser.cookie } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

export type Arrival<T> = SseEvent<T> & { at: number };

/**
 * Opens a live stream and records its events as they arrive (`at`: performance.now()). The
 * stream ends when the server goes away; `close` ends it from this side.
 */
export async function watchStream<T>(instance: Instance, path: string, browser?: Browser) {
  const response = await call(instance, "GET", path, browser);
  if (response.status !== 200) throw new Error(`${path} on ${instance.name} answered ${response.status}`);
  const reader = sseReader<T>(response);
  const events: Arrival<T>[] = [];
  const ended = (async () => {
    for (;;) {
      const [event] = await reader.next(1).catch(() => []);
      if (!event) return;
      events.push({ ...event, at: performance.now() });
    }
  })();
  return {
    events,
    ended,
    close: async () => {
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
}

/** Milliseconds as the report reads them: the smallest, the median and the largest. */
export function spread(delays: number[]): string {
  const sorted = [...delays].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `n=${sorted.length} min=${at(0).toFixed(0)} median=${at(0.5).toFixed(0)} max=${at(1).toFixed(0)} ms`;
}
