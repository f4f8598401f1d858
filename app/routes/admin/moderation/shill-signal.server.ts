import { data } from "react-router";
import { appContext } from "#app/context.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { translate } from "#core/i18n/index.ts";
import { DecisionSchema } from "#core/schemas/moderation.ts";
import { ShillDismissSchema } from "#core/schemas/shill-signals.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { requireScope } from "../guard.server.ts";

type ActionArgs = {
  request: Request;
  params: { id?: string };
  context: Parameters<typeof requireScope>[0];
};

/**
 * A signal's two decisions (ADR 0087). "dismiss": a note, audited. "decide": moderation's decision
 * about the signal's bidder (always the bidder the signal names, whatever the form says), with its
 * statement of reasons sent to them in their language; once made, the signal is marked as acted on
 * with the decision's number. Nothing is decided without a moderator's submission.
 */
export async function shillSignalAction({ request, params, context }: ActionArgs) {
  const staff = requireScope(context, "moderation");
  const { services, locale, clientIp } = context.get(appContext);
  const id = Number(params.id) || 0;
  const signal = await services.shillSignals.detail(id, locale);
  if (!signal) throw data(translate(locale, "adminShillSignals.errors.not_found"), { status: 404 });
  const form = await request.formData();
  const actor = { actorId: staff.id, ip: clientIp };
  const refused = (code: "not_found" | "conflict" | "invalid") =>
    translate(locale, `adminShillSignals.errors.${code}`);
  if (form.get("intent") === "dismiss") {
    const submission = parseForm(form, ShillDismissSchema, locale);
    if (submission.status !== "success")
      return data({ intent: "dismiss" as const, result: submission.reply(), done: null }, { status: 422 });
    const decided = await services.shillSignals.decide(
      id,
      { name: "dismiss", note: submission.value.note },
      actor,
    );
    if (!decided.ok)
      return data(
        {
          intent: "dismiss" as const,
          result: submission.reply({ formErrors: [refused(decided.code)] }),
          done: null,
        },
        { status: decided.code === "invalid" ? 422 : 409 },
      );
    return {
      intent: "dismiss" as const,
      result: undefined,
      done: translate(locale, "adminShillSignals.done.dismiss"),
    };
  }
  form.set("target", "user");
  form.set("targetId", String(signal.bidder.id));
  form.delete("reportId");
  const submission = parseForm(form, DecisionSchema, locale);
  if (submission.status !== "success")
    return data({ intent: "decide" as const, result: submission.reply(), done: null }, { status: 422 });
  if (signal.status !== "new")
    return data(
      {
        intent: "decide" as const,
        result: submission.reply({ formErrors: [refused("conflict")] }),
        done: null,
      },
      { status: 409 },
    );
  const decision = await services.moderation.decide({ id: staff.id, ip: clientIp, locale }, submission.value);
  if (!decision.ok) {
    const fieldErrors =
      decision.code === "invalid"
        ? translateProblems(locale, decision.details.problems)
        : { form: [translate(locale, "adminModeration.errors.actionNotFit")] };
    return data(
      { intent: "decide" as const, result: submission.reply({ fieldErrors }), done: null },
      { status: 422 },
    );
  }
  const acted = await services.shillSignals.decide(
    id,
    { name: "act", moderationDecisionId: decision.value.id },
    actor,
  );
  if (!acted.ok)
    return data(
      {
        intent: "decide" as const,
        result: submission.reply({ formErrors: [refused(acted.code)] }),
        done: null,
      },
      { status: 409 },
    );
  return {
    intent: "decide" as const,
    result: undefined,
    done: translate(locale, "adminShillSignals.done.act"),
  };
}
