import { redirect } from "react-router";
import { handleLogout } from "#app/auth.server.ts";
import { appContext } from "#app/context.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/logout";

/** Logout is a POST (a link must not log anyone out); a GET just goes home. */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(localePath("home", context.get(appContext).locale));
}

export async function action({ context }: Route.ActionArgs) {
  return handleLogout(context);
}
