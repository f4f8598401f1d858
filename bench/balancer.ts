/**
 * A load balancer for the benches (issue 38, item 6), doing what a production one does in front of
 * several instances (Caddy in deploy/Caddyfile, docs/operations.md "Restarts") and Debian's nginx
 * cannot: it asks each upstream's `GET /health/ready` every `pollMs` and sends requests round robin
 * only to the ones that answered 200, so an instance that got SIGTERM (ready 503 at once, still
 * serving for DRAIN_SECONDS) gets no new request long before it closes its listener.
 *
 * As Caddy's `health_timeout 2s`, a check unanswered in `checkTimeoutMs` counts as not ready; as its
 * `lb_try_duration`, a request that finds no upstream ready waits for one (every `pollMs`) for up
 * to `tryMs` before it is answered 503.
 *
 * Retries: a request is sent again to another upstream only when its connection was never made
 * (refused, unreachable: not a byte of it reached a server). Once connected, a failure is answered
 * 502: a bid is a POST, and a server that read it may have placed it. Each request gets a
 * connection of its own (no keep-alive towards the upstreams) so that "connected" is exact: a
 * kept-alive connection could be closed by the server just as a request goes out on it.
 *
 * Counts the answers each upstream gave (`answered`), for comparing with the upstreams' metrics.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Upstream = { host: string; port: number };

type State = Upstream & {
  ready: boolean;
  answered: number;
  /** Checks that said not ready, by why: the status it answered, or `timeout`, `refused`. */
  notReady: Record<string, number>;
};

/** Bodies are held whole so that a refused request can go to another upstream (bids are small). */
const MAX_BODY = 1 << 20;

export async function startBalancer(options: {
  port: number;
  upstreams: Upstream[];
  pollMs?: number;
  checkTimeoutMs?: number;
  tryMs?: number;
  host?: string;
}) {
  const pollMs = options.pollMs ?? 250;
  const checkTimeoutMs = options.checkTimeoutMs ?? 2000;
  const tryMs = options.tryMs ?? 5000;
  const upstreams: State[] = options.upstreams.map((u) => ({
    ...u,
    ready: false,
    answered: 0,
    notReady: {},
  }));
  const stats = { requests: 0, retried: 0, waitedForReady: 0, noUpstream: 0, failedAfterConnect: 0 };
  let next = 0;

  async function poll(upstream: State) {
    let why: string;
    try {
      const answer = await fetch(`http://${upstream.host}:${upstream.port}/health/ready`, {
        signal: AbortSignal.timeout(checkTimeoutMs),
      });
      await answer.body?.cancel();
      why = String(answer.status);
    } catch (error) {
      why = (error as Error).name === "TimeoutError" ? "timeout" : "refused";
    }
    upstream.ready = why === "200";
    if (!upstream.ready) upstream.notReady[why] = (upstream.notReady[why] ?? 0) + 1;
  }
  let polling = true;
  const pollers = upstreams.map(async (upstream) => {
    while (polling) {
      await poll(upstream);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  });
  await Promise.all(upstreams.map(poll));

  /** The ready upstreams in round-robin order, starting one further on each request. */
  function candidates(): State[] {
    const ready = upstreams.filter((u) => u.ready);
    next = (next + 1) % Math.max(ready.length, 1);
    return [...ready.slice(next), ...ready.slice(0, next)];
  }

  function forward(
    incoming: http.IncomingMessage,
    body: Buffer,
    upstream: State,
    outgoing: http.ServerResponse,
  ): Promise<"answered" | "refused"> {
    return new Promise((resolve) => {
      let connected = false;
      const headers: http.OutgoingHttpHeaders = { ...incoming.headers, connection: "close" };
      const from = incoming.socket.remoteAddress ?? "";
      headers["x-forwarded-for"] = headers["x-forwarded-for"]
        ? `${headers["x-forwarded-for"]}, ${from}`
        : from;
      headers["x-forwarded-proto"] = "http";
      headers["content-length"] = String(body.length);
      delete headers["transfer-encoding"];
      const request = http.request({
        host: upstream.host,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
        agent: false,
      });
      request.on("socket", (socket) => socket.once("connect", () => (connected = true)));
      request.on("response", (response) => {
        upstream.answered += 1;
        const { connection: _c, "keep-alive": _k, ...answerHeaders } = response.headers;
        outgoing.writeHead(response.statusCode ?? 502, answerHeaders);
        response.pipe(outgoing);
        // A live stream's viewer leaving ends the upstream's stream too.
        outgoing.on("close", () => response.destroy());
        resolve("answered");
      });
      request.on("error", () => {
        if (!connected) {
          // Nothing reached it: it is not ready whatever its last check said.
          upstream.ready = false;
          return resolve("refused");
        }
        stats.failedAfterConnect += 1;
        if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "text/plain" });
        outgoing.end("Bad Gateway");
        resolve("answered");
      });
      request.end(body);
    });
  }

  const server = http.createServer(async (incoming, outgoing) => {
    stats.requests += 1;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of incoming) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) return outgoing.writeHead(413).end();
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks);
    const deadline = performance.now() + tryMs;
    let tries = 0;
    let waited = false;
    for (;;) {
      for (const upstream of candidates()) {
        if (tries++ > 0) stats.retried += 1;
        if ((await forward(incoming, body, upstream, outgoing)) === "answered") return;
      }
      if (performance.now() >= deadline) break;
      if (!waited) stats.waitedForReady += 1;
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    stats.noUpstream += 1;
    outgoing.writeHead(503, { "retry-after": "1", "content-type": "text/plain" }).end("No upstream ready");
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? "127.0.0.1", resolve));

  return {
    port: (server.address() as AddressInfo).port,
    upstreams,
    stats,
    async stop() {
      polling = false;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all(pollers);
    },
  };
}
