import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { JWK } from "jose";
import { issueAttestation, presentAttestation } from "./issue.ts";
import { newWalletId, openKeys, type SimulatorKeys } from "./keys.ts";
import { CHOICE_VALUES, errorPage, requestPage, responsePage } from "./pages.ts";
import { checkRequest } from "./request-check.ts";

/**
 * The local EU age-attestation wallet (ADR 0084): a standalone HTTP server on the loopback with a
 * test issuer and a test wallet page. The verifier sends the browser to `/authorize` with its
 * OpenID4VP request; the page shows who asks and for what, and on the person's choice issues a
 * real SD-JWT VC (adult, minor, from an untrusted issuer, expired), presents it bound to the
 * request's nonce and client id, and posts it to the verifier's `response_uri` from the browser.
 * `/jwks.json` answers the test issuer's public key, which the demo's configuration trusts.
 */
export type AgeWalletSimulatorOptions = {
  /** 0: any free port. */
  port: number;
  host?: string;
  /** Where the keys are kept across restarts; without it, in memory only. */
  dataDir?: string;
};

export type AgeWalletSimulator = {
  url: string;
  /** The wallet's authorization endpoint: the adapter's `walletUrl`. */
  authorizeUrl: string;
  /** The test issuer's public key, the one the demo trusts. */
  trustedIssuers: JWK[];
  stop(): Promise<void>;
};

const WALLET_COOKIE = "rarita_test_wallet";
const MAX_BODY_BYTES = 64 * 1024;

function readBody(request: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function walletIdOf(request: http.IncomingMessage): string | null {
  const cookies = request.headers.cookie ?? "";
  const match = cookies.match(new RegExp(`(?:^|;\\s*)${WALLET_COOKIE}=([A-Za-z0-9_-]{16,64})`));
  return match ? match[1] : null;
}

function send(
  response: http.ServerResponse,
  status: number,
  html: string,
  nonce: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    ...headers,
  });
  response.end(html);
}

/** The person's choice: the response to post to the verifier (an attestation or a refusal). */
type Answer = { problems: string[] } | { request: { responseUri: string }; fields: Record<string, string> };

async function answer(keys: SimulatorKeys, body: URLSearchParams, walletId: string): Promise<Answer> {
  const checked = checkRequest(body);
  if (!checked.ok) return { problems: checked.problems };
  const { request } = checked;
  const action = body.get("action");
  if (action === "refuse") return { request, fields: { error: "access_denied", state: request.state } };
  const choice = body.get("choice") ?? "";
  if (action !== "present" || !CHOICE_VALUES.includes(choice))
    return { problems: ["Vyberte osvědčení, nebo žádost odmítněte."] };
  const holder = await keys.holder(walletId, body.get("renew_key") === "1");
  const credential = await issueAttestation({
    issuer: choice === "untrusted" ? keys.untrusted : keys.issuer,
    holder,
    adult: choice !== "minor",
    expired: choice === "expired",
  });
  const presentation = await presentAttestation({
    credential,
    holder,
    nonce: request.nonce,
    audience: request.clientId,
  });
  const vpToken = JSON.stringify({ [request.queryId]: [presentation] });
  return { request, fields: { vp_token: vpToken, state: request.state } };
}

async function handle(keys: SimulatorKeys, request: http.IncomingMessage, response: http.ServerResponse) {
  const nonce = randomBytes(16).toString("base64");
  const url = new URL(request.url ?? "/", "http://wallet.invalid");
  if (request.method === "GET" && url.pathname === "/jwks.json") {
    response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    response.end(JSON.stringify({ keys: [keys.issuer.publicJwk] }));
    return;
  }
  if (url.pathname !== "/authorize") {
    send(response, 404, errorPage(["Tuto stránku peněženka nezná."], nonce), nonce);
    return;
  }
  let walletId = walletIdOf(request);
  const setCookie: Record<string, string> = {};
  if (!walletId) {
    walletId = newWalletId();
    setCookie["set-cookie"] =
      `${WALLET_COOKIE}=${walletId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000`;
  }
  if (request.method === "GET") {
    const checked = checkRequest(url.searchParams);
    if (!checked.ok) send(response, 400, errorPage(checked.problems, nonce), nonce, setCookie);
    else send(response, 200, requestPage(checked.request, url.searchParams, nonce), nonce, setCookie);
    return;
  }
  if (request.method !== "POST") {
    response.writeHead(405, { allow: "GET, POST" }).end();
    return;
  }
  const raw = await readBody(request);
  if (raw === null) {
    send(response, 413, errorPage(["Žádost je příliš velká."], nonce), nonce);
    return;
  }
  const result = await answer(keys, new URLSearchParams(raw), walletId);
  if ("problems" in result) send(response, 400, errorPage(result.problems, nonce), nonce, setCookie);
  else send(response, 200, responsePage(result.request.responseUri, result.fields, nonce), nonce, setCookie);
}

export async function startAgeWalletSimulator(
  options: AgeWalletSimulatorOptions,
): Promise<AgeWalletSimulator> {
  const host = options.host ?? "127.0.0.1";
  const keys = await openKeys(options.dataDir);
  const server = http.createServer((request, response) => {
    handle(keys, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end("The test wallet failed.");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // The page is opened by a browser on this machine: a wildcard address is not one.
  const shownHost =
    host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}`;
  return {
    url,
    authorizeUrl: `${url}/authorize`,
    trustedIssuers: [keys.issuer.publicJwk],
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
