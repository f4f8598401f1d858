import { data, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { DecisionSchema } from "#core/schemas/moderation.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { requireScope } from "../guard.server.ts";

type ActionArgs = { request: Request; context: Parameters<typeof requireScope>[0] };

/**
 * The decision form's action, shared by the report and the held listing's pages: the service
 * judges it (the statement's fields, whether the measure fits the content now); a decision opens
 * its detail, a refusal comes back with its messages and the form as sent.
 */
export async function decideAction({ request, context }: ActionArgs) {
  const staff = requireScope(context, "moderation");
  const { services, locale, clientIp } = context.get(appContext);
  const submission = parseForm(await request.formData(), DecisionSchema, locale);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  const result = await services.moderation.decide({ id: staff.id, ip: clientIp, locale }, submission.value);
  if (result.ok) throw redirect(localePath("adminDecision", locale, { id: result.value.id }));
  if (result.code === "invalid") {
    const fieldErrors = translateProblems(locale, result.details.problems);
    return data({ result: submission.reply({ fieldErrors }) }, { status: 422 });
  }
  const conflict = result.code === "conflict";
  const message = conflict ? translate(locale, "adminModeration.errors.actionNotFit") : "404";
  return data(
    { result: submission.reply({ fieldErrors: { form: [message] } }) },
    { status: conflict ? 409 : 404 },
  );
}
