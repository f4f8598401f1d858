import { createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local push service (RFC 8030) for the demo and the tests (ADR 0110): what a browser's push
 * service does with our requests, without a browser. `POST /subscriptions` makes an endpoint (a
 * browser would get one from its own service); a message is POSTed to the endpoint with the
 * encrypted body (Content-Encoding aes128gcm, RFC 8291) and a VAPID Authorization header (RFC 8292),
 * which is verified: the JWT's ES256 signature by the key in `k=`, its audience (this origin), its
 * expiry and subject, and `k=` against the applicationServerKey the endpoint was made with. It
 * answers 201 with a Location, 404 for an endpoint it never made and 410 for an expired one
 * (`DELETE /subscriptions/:id`). It keeps what it received, still encrypted: only the holder of the
 * subscription's keys (the test, the device) can read it (`GET /subscriptions/:id/messages`).
 */

export type ReceivedPush = {
  /** The body as sent, base64: decrypt with the subscription's private key and auth secret. */
  body: string;
  ttl: number;
  topic: string | null;
  urgency: string | null;
  receivedAt: string;
};

type Endpoint = { applicationServerKey: string | null; expired: boolean; received: ReceivedPush[] };

export type PushSimulator = {
  url: string;
  /** A new endpoint, as a browser's subscribe() would get (optionally bound to our VAPID key). */
  createEndpoint(applicationServerKey?: string): string;
  /** Expires an endpoint: the next push to it answers 410. */
  expire(endpoint: string): void;
  received(endpoint: string): ReceivedPush[];
  stop(): Promise<void>;
};

const MAX_BODY = 4096;

const base64url = (value: string) => Buffer.from(value, "base64url");

/** Null when the header is valid for `audience`, else why not (the answer's text). */
function vapidProblem(header: string | undefined, audience: string, bound: string | null): string | null {
  const match = header?.match(/^vapid\s+(.+)$/i);
  if (!match) return "missing vapid authorization";
  const params = Object.fromEntries(
    match[1].split(",").map((part) => {
      const [name, ...rest] = part.trim().split("=");
      return [name, rest.join("=")];
    }),
  );
  const token: string | undefined = params.t;
  const key: string | undefined = params.k;
  if (!token || !key) return "vapid needs t= and k=";
  if (bound && bound !== key) return "k= is not the key the subscription was made with";
  const [head, claims, signature] = token.split(".");
  if (!head || !claims || !signature) return "malformed jwt";
  const point = base64url(key);
  if (point.length !== 65 || point[0] !== 4) return "k= is not an uncompressed P-256 point";
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    base64url(signature),
  );
  if (!signed) return "bad jwt signature";
  const header_ = JSON.parse(base64url(head).toString("utf8")) as { alg?: string };
  const body = JSON.parse(base64url(claims).toString("utf8")) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  if (header_.alg !== "ES256") return "jwt alg must be ES256";
  if (body.aud !== audience) return "jwt aud is not this push service";
  if (!body.exp || body.exp < now || body.exp > now + 24 * 3600) return "jwt exp missing, past or over 24 h";
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return "jwt sub must be mailto: or https:";
  return null;
}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

type SimulatorState = {
  endpoints: Map<string, Endpoint>;
  origin(): string;
  createEndpoint(applicationServerKey?: string): string;
};

function answer(response: ServerResponse, status: number, body?: unknown, headers = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

/** The push service's HTTP side: making and expiring endpoints, reading them, and taking pushes. */
function createHandler({ endpoints, origin: originOf, createEndpoint }: SimulatorState) {
  return async function handle(request: IncomingMessage, response: ServerResponse) {
    const origin = originOf();
    const path = new URL(request.url ?? "/", origin).pathname;
    if (request.method === "POST" && path === "/subscriptions") {
      const raw = await readBody(request, 1024);
      const input = raw?.length
        ? (JSON.parse(raw.toString("utf8")) as { applicationServerKey?: string })
        : {};
      return answer(response, 201, { endpoint: createEndpoint(input.applicationServerKey) });
    }
    const subscription = path.match(/^\/subscriptions\/([\w-]+)(\/messages)?$/);
    if (subscription) {
      const endpoint = endpoints.get(subscription[1]);
      if (!endpoint) return answer(response, 404, { error: "no such subscription" });
      if (request.method === "DELETE" && !subscription[2]) {
        endpoint.expired = true;
        return answer(response, 204);
      }
      if (request.method === "GET" && subscription[2]) return answer(response, 200, endpoint.received);
      return answer(response, 405);
    }
    const push = path.match(/^\/push\/([\w-]+)$/);
    if (request.method === "POST" && push) {
      const endpoint = endpoints.get(push[1]);
      if (!endpoint) return answer(response, 404, { error: "no such subscription" });
      if (endpoint.expired) return answer(response, 410, { error: "subscription expired" });
      const problem = vapidProblem(request.headers.authorization, origin, endpoint.applicationServerKey);
      if (problem) return answer(response, problem.startsWith("k=") ? 403 : 401, { error: problem });
      const ttl = Number(request.headers.ttl);
      if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
        return answer(response, 400, { error: "TTL header required" });
      if (request.headers["content-encoding"] !== "aes128gcm")
        return answer(response, 415, { error: "content-encoding must be aes128gcm" });
      const body = await readBody(request, MAX_BODY);
      if (!body) return answer(response, 413, { error: "payload over 4096 bytes" });
      const topic = (request.headers.topic as string | undefined) ?? null;
      const message: ReceivedPush = {
        body: body.toString("base64"),
        ttl,
        topic,
        urgency: (request.headers.urgency as string | undefined) ?? null,
        receivedAt: new Date().toISOString(),
      };
      endpoint.received.push(message);
      const id = randomBytes(8).toString("hex");
      return answer(response, 201, undefined, { location: `${origin}/messages/${id}` });
    }
    return answer(response, 404, { error: "not found" });
  };
}

export async function startPushSimulator(options: { port?: number } = {}): Promise<PushSimulator> {
  const endpoints = new Map<string, Endpoint>();
  let origin = "";
  const idOf = (endpoint: string) => endpoint.slice(`${origin}/push/`.length);

  const createEndpoint = (applicationServerKey?: string) => {
    const id = randomBytes(16).toString("base64url");
    endpoints.set(id, { applicationServerKey: applicationServerKey ?? null, expired: false, received: [] });
    return `${origin}/push/${id}`;
  };

  const handle = createHandler({ endpoints, origin: () => origin, createEndpoint });
  const server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 400, { error: "bad request" }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    createEndpoint,
    expire(endpoint) {
      const row = endpoints.get(idOf(endpoint));
      if (row) row.expired = true;
    },
    received: (endpoint) => endpoints.get(idOf(endpoint))?.received ?? [],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
