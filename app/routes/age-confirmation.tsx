import { redirect } from "react-router";
import { parseForm } from "#app/ui/forms/conform.ts";
import { localePath } from "#core/i18n/paths.ts";
import { AgeConfirmationSchema } from "#core/schemas/age-gate.ts";
import { serializeCookie } from "#core/web/cookie-header.ts";
import { safeRedirect } from "#core/web/safe-redirect.ts";
import { appContext } from "../context.ts";
import { AGE_GATE } from "../features/consent/age-gate-store.ts";
import type { Route } from "./+types/age-confirmation";

/**
 * The age gate's "Yes" without scripts: the gate's button submits a form here, which stores the
 * same cookie the script would and goes back to the page the visitor was on (only a safe, local
 * target; anything else goes home). With scripts the click is handled in the browser instead.
 */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(localePath("home", context.get(appContext).locale));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(appContext);
  const submission = parseForm(await request.formData(), AgeConfirmationSchema, locale);
  const wanted = submission.status === "success" ? submission.value.redirect : undefined;
  return redirect(safeRedirect(wanted, localePath("home", locale)), {
    status: 303,
    headers: {
      "Set-Cookie": serializeCookie(AGE_GATE.cookie, AGE_GATE.confirmedValue, {
        maxAgeSeconds: AGE_GATE.maxAgeSeconds,
      }),
    },
  });
}
