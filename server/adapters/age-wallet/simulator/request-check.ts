import { AGE_VCT_VALUES, REDIRECT_URI_PREFIX } from "../request.ts";

/**
 * The test wallet's reading of an OpenID4VP authorization request passed by value (ADR 0084): the
 * parameters a same-device request with `direct_post` must carry, and a DCQL query this wallet can
 * answer (one SD-JWT VC of the age attestation's type with `age_over_18`). What it cannot answer
 * is listed in Czech for the error page.
 */
export type WalletRequest = {
  clientId: string;
  responseUri: string;
  nonce: string;
  state: string;
  /** The id of the credential query the wallet answers: the `vp_token` object's key. */
  queryId: string;
};

export const REQUEST_FIELDS = [
  "response_type",
  "response_mode",
  "client_id",
  "response_uri",
  "nonce",
  "state",
  "dcql_query",
  "client_metadata",
] as const;

type CredentialQuery = {
  id?: unknown;
  format?: unknown;
  meta?: { vct_values?: unknown };
  claims?: { path?: unknown }[];
};

function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** The credential query asking for the age attestation, or a reason it is not one. */
function ageQuery(dcql: string | null): { id: string } | string {
  if (!dcql) return "Chybí dotaz na osvědčení (dcql_query).";
  let parsed: { credentials?: unknown };
  try {
    parsed = JSON.parse(dcql) as { credentials?: unknown };
  } catch {
    return "Dotaz na osvědčení (dcql_query) není platný JSON.";
  }
  const credentials = Array.isArray(parsed?.credentials) ? (parsed.credentials as CredentialQuery[]) : [];
  const query = credentials.find(
    (c) =>
      c?.format === "dc+sd-jwt" &&
      Array.isArray(c.meta?.vct_values) &&
      (c.meta.vct_values as unknown[]).some((v) => (AGE_VCT_VALUES as readonly unknown[]).includes(v)),
  );
  if (!query || typeof query.id !== "string" || !/^[A-Za-z0-9_-]+$/.test(query.id))
    return "Dotaz nežádá osvědčení o věku EU ve formátu SD-JWT VC.";
  const asksAge = (query.claims ?? []).some(
    (claim) => Array.isArray(claim?.path) && claim.path.length === 1 && claim.path[0] === "age_over_18",
  );
  if (!asksAge) return "Dotaz nežádá údaj age_over_18.";
  if (credentials.length !== 1 || (query.claims ?? []).length !== 1)
    return "Testovací peněženka umí předložit jen údaj „věk 18+“, nic dalšího.";
  return { id: query.id };
}

export function checkRequest(
  params: URLSearchParams,
): { ok: true; request: WalletRequest } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const get = (name: string) => params.get(name) ?? "";
  if (params.has("request_uri") || params.has("request"))
    problems.push("Žádost předaná odkazem nebo podepsaná (request, request_uri) tato peněženka nepodporuje.");
  if (get("response_type") !== "vp_token") problems.push("response_type musí být vp_token.");
  if (get("response_mode") !== "direct_post") problems.push("response_mode musí být direct_post.");
  const clientId = get("client_id");
  if (!clientId) problems.push("Chybí identifikátor ověřovatele (client_id).");
  const responseUri = get("response_uri");
  if (!httpUrl(responseUri)) problems.push("Chybí adresa pro odpověď (response_uri) nebo není http(s).");
  else if (clientId.startsWith(REDIRECT_URI_PREFIX) && clientId !== `${REDIRECT_URI_PREFIX}${responseUri}`)
    problems.push("client_id s předponou redirect_uri: se musí shodovat s response_uri.");
  if (get("nonce").length < 16) problems.push("Chybí jednorázová hodnota (nonce) nebo je příliš krátká.");
  if (!get("state")) problems.push("Chybí state.");
  const query = ageQuery(params.get("dcql_query"));
  if (typeof query === "string") problems.push(query);
  if (problems.length > 0 || typeof query === "string") return { ok: false, problems };
  return {
    ok: true,
    request: { clientId, responseUri, nonce: get("nonce"), state: get("state"), queryId: query.id },
  };
}
