import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { loginPage } from "./page.ts";
import { type TestPerson, testPersons } from "./persons.ts";

/**
 * The local bank identity provider (issue 36, ADR 0083): an OpenID Connect provider on
 * `oidc-provider` in the shape of Bank iD (authorization code with PKCE, the age in the userinfo's
 * `birthdate` and `majority`), with its own login page listing test persons. `npm start` and the
 * browser tests run the real adapter against it over HTTP, so only the issuer's address differs
 * from a real bank identity.
 */
export type BankIdentitySimulatorOptions = {
  /** 0: any free port. */
  port: number;
  host?: string;
  /** Where its signing keys are kept across restarts; without it, new keys on each start. */
  dataDir?: string;
  clientId: string;
  clientSecret: string;
  /** The relying party's callback addresses (exactly as its authorization requests name them). */
  redirectUris: string[];
  /** What the login page calls the relying party. */
  clientName?: string;
};

export type BankIdentitySimulator = { issuer: string; stop(): Promise<void> };

/** Bank iD's scopes for the age: the birth date and the legal status (its `majority` claim). */
export const BANK_ID_SCOPES = ["openid", "profile.birthdate", "profile.legalstatus"];

type Keys = { jwks: { keys: object[] }; cookieKeys: string[] };

async function loadKeys(dataDir: string | undefined): Promise<Keys> {
  const file = dataDir ? path.join(dataDir, "keys.json") : null;
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as Keys;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    use: "sig",
    alg: "RS256",
    kid: randomBytes(8).toString("hex"),
  };
  const keys: Keys = { jwks: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString("hex")] };
  if (file && dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return keys;
}

function providerConfiguration(options: BankIdentitySimulatorOptions, keys: Keys): Configuration {
  const personOf = (id: string): TestPerson | undefined => testPersons().find((p) => p.id === id);
  return {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        client_name: options.clientName ?? "Rarita",
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: keys.jwks as Configuration["jwks"],
    cookies: { keys: keys.cookieKeys },
    scopes: BANK_ID_SCOPES,
    claims: {
      openid: ["sub"],
      "profile.birthdate": ["birthdate"],
      "profile.legalstatus": ["majority"],
    },
    pkce: { required: () => true },
    // Short lives: a login is clicked through at once, and nothing outlives the attempt.
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 300,
      IdToken: 300,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(ctx: KoaContextWithOIDC, id: string) {
      const person = personOf(id);
      // A cancelled identity signs in, but the bank no longer answers for it: its token is refused.
      if (!person || (person.cancelled && ctx.oidc.route === "userinfo")) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            birthdate: person.birthdate,
            ...(person.majority === undefined ? {} : { majority: person.majority }),
          };
        },
      };
    },
  };
}

async function formOf(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** The login page and its two answers: a person chosen (login and consent), or cancelled. */
async function interaction(
  provider: Provider,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  clientName: string,
): Promise<void> {
  const [, , uid, action] = (req.url ?? "").split("?")[0].split("/");
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error("interaction mismatch");
  if (req.method === "GET" && !action) {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(loginPage(uid, clientName, testPersons()));
    return;
  }
  if (req.method === "POST" && action === "abort") {
    await provider.interactionFinished(req, res, {
      error: "access_denied",
      error_description: "The person cancelled the login",
    });
    return;
  }
  if (req.method === "POST" && action === "login") {
    const personId = (await formOf(req)).get("person") ?? "";
    if (!testPersons().some((p) => p.id === personId)) {
      res.writeHead(400).end("Unknown person");
      return;
    }
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: personId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: personId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  res.writeHead(404).end();
}

export async function startBankIdentitySimulator(
  options: BankIdentitySimulatorOptions,
): Promise<BankIdentitySimulator> {
  const host = options.host ?? "127.0.0.1";
  const keys = await loadKeys(options.dataDir);
  let provider: Provider | null = null;
  const server = http.createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end();
      return;
    }
    if ((req.url ?? "").startsWith("/interaction/")) {
      interaction(provider, req, res, options.clientName ?? "Rarita").catch(() => {
        if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
        res.end("Přihlášení vypršelo nebo neplatí. Vraťte se do obchodu a začněte znovu.");
      });
      return;
    }
    void provider.callback()(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost =
    host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const issuer = `http://${shownHost}:${port}`;
  provider = new Provider(issuer, providerConfiguration(options, keys));
  return {
    issuer,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
