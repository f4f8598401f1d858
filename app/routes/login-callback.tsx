import { redirect } from "react-router";
import { localePath } from "#core/i18n/paths.ts";
import { safeRedirect } from "#core/web/safe-redirect.ts";
import { appContext } from "../context.ts";
import type { Route } from "./+types/login-callback";

/**
 * The authentication callback (`/login`): where an external sign-in returns. A signed-in user goes
 * on to the remembered page (safe local paths only); anyone else to the login target with it.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { user, locale } = context.get(appContext);
  const wanted = new URL(request.url).searchParams.get("redirect") ?? "";
  if (user) throw redirect(safeRedirect(wanted, localePath("accountOverview", locale)));
  const target = safeRedirect(wanted, "");
  throw redirect(
    target
      ? `${localePath("account", locale)}?redirect=${encodeURIComponent(target)}`
      : localePath("account", locale),
  );
}

export default function LoginCallback() {
  return null;
}
