import { type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ageRefusalPath } from "#core/web/age-check-path.ts";
import { safeRedirect } from "#core/web/safe-redirect.ts";

/**
 * Where the age proof's provider answers (`/overeni-veku/navrat`, the callback a provider
 * registers): the bank identity sends the browser here with a GET, a wallet posts its
 * presentation here (OpenID4VP's direct_post, from the wallet, without our session cookie). Both
 * are found by their `state`; the check's outcome sends the browser back where it was, or to the
 * age-check page with the refusal's reason. No page of its own.
 */
type Args = { request: Request; context: Readonly<RouterContextProvider> };

const callbackUrl = (publicUrl: string) => `${publicUrl}${localePath("ageCheckReturn", "cs")}`;

export async function loader({ request, context }: Args) {
  const { services, config, locale } = context.get(appContext);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const result = await services.ageCheck.finish(params, callbackUrl(config.publicUrl));
  if (result.ok) {
    const { returnPath, locale: theirs } = result.value;
    throw redirect(safeRedirect(returnPath, localePath("home", theirs)), 303);
  }
  const back: { returnPath: string; locale: Locale; forOrder?: boolean } = result.details ?? {
    returnPath: localePath("home", locale),
    locale,
  };
  throw redirect(ageRefusalPath({ code: result.code, ...back }), 303);
}

/**
 * A wallet's direct_post: the presentation is checked now, and the wallet is told where to send
 * the browser (OpenID4VP's `redirect_uri`), which is this address with the same `state`: the
 * attempt is then already finished and the GET only sends the browser on.
 */
export async function action({ request, context }: Args) {
  const { services, config } = context.get(appContext);
  const form = await request.formData();
  const params: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") params[key] = value;
  await services.ageCheck.finish(params, callbackUrl(config.publicUrl));
  const next = new URL(callbackUrl(config.publicUrl));
  next.searchParams.set("state", params.state ?? "");
  // A wallet page posting from the browser (the test wallet, a web wallet) is a navigation: the
  // browser goes on at once. A wallet app posts by itself and is told where to send the browser.
  if (request.headers.get("sec-fetch-mode") === "navigate") throw redirect(next.href, 303);
  return Response.json({ redirect_uri: next.href }, { headers: { "Cache-Control": "no-store" } });
}
