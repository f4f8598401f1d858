import { data, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { type DealReply, DealView } from "#app/features/admin/deals/deal-view.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { DisputeStatus } from "#core/lifecycles/dispute.ts";
import { AdminDealActionSchema } from "#core/schemas/admin-deals.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/deal";

/**
 * One deal for the operator (docs/product/back-office.md, "Deals through Rarita"): the parties,
 * the money and its ledger, the provider's payments, refunds and transfers (a refused one with the
 * provider's code), the history and the provider's notices; retry the provider's calls, and cancel
 * before the goods left with a reason. Each move is audited by the service.
 */
export function meta(args: Route.MetaArgs) {
  const id = args.loaderData?.deal.id;
  return pageMeta(args, (t) => ({
    title: id ? t("adminDeals.deal.title", { number: id }) : t("adminDeals.list.title"),
    noindex: true,
  }));
}

function dealIdOf(params: { dealId?: string }, locale: "cs" | "en"): number {
  const id = /^\d{1,9}$/.test(params.dealId ?? "") ? Number(params.dealId) : 0;
  if (id < 1) throw data(translate(locale, "errors.notFound"), { status: 404 });
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireScope(context, "deals");
  const { services, locale } = context.get(appContext);
  const dealId = dealIdOf(params, locale);
  const found = await services.dealsAdmin.deal(dealId, locale);
  if (!found) throw data(translate(locale, "errors.notFound"), { status: 404 });
  const dispute = await services.disputes.view(dealId);
  return { ...found, disputeStatus: dispute?.status ?? null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireScope(context, "deals");
  const { services, locale, clientIp } = context.get(appContext);
  const id = dealIdOf(params, locale);
  const submission = parseForm(await request.formData(), AdminDealActionSchema, locale);
  const intent = submission.payload.intent === "retry" ? "retry" : "cancel";
  const reply = (extra: Partial<DealReply>, status = 200) =>
    data<DealReply>({ intent, result: null, message: null, ok: true, ...extra }, { status });
  if (submission.status !== "success") return reply({ result: submission.reply(), ok: false }, 422);
  const actor = { actorId: staff.id, ip: clientIp };
  if (submission.value.intent === "retry") {
    const retried = await services.dealsAdmin.retryCalls(id, actor);
    if (!retried.ok && retried.code === "not_found")
      throw data(translate(locale, "errors.notFound"), { status: 404 });
    if (!retried.ok)
      return reply({ message: translate(locale, "adminDeals.errors.noProvider"), ok: false }, 409);
    return reply({ message: translate(locale, "adminDeals.deal.retry.done", retried.value) });
  }
  const cancelled = await services.dealsAdmin.cancel(id, { reason: submission.value.reason }, actor);
  if (!cancelled.ok && cancelled.code === "not_found")
    throw data(translate(locale, "errors.notFound"), { status: 404 });
  if (!cancelled.ok)
    return reply(
      { result: submission.reply(), message: translate(locale, "adminDeals.errors.cannotCancel"), ok: false },
      409,
    );
  return reply({
    result: submission.reply({ resetForm: true }),
    message: translate(locale, "adminDeals.deal.cancel.done"),
  });
}

export default function AdminDealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { disputeStatus, ...deal } = loaderData;
  return (
    <>
      {disputeStatus ? <DisputeLink dealId={deal.deal.id} status={disputeStatus} /> : null}
      <DealView data={deal} reply={actionData} />
    </>
  );
}

/** The way to the deal's dispute: what the sides wrote and, once handed over, the decision. */
function DisputeLink({ dealId, status }: { dealId: number; status: DisputeStatus }) {
  const { t, locale } = useTranslation();
  return (
    <p className="mb-4">
      <Link
        to={localePath("adminDealDispute", locale, { dealId: String(dealId) })}
        className={`inline-flex rounded-lg px-4 py-2 font-semibold ring-1 ${status === "escalated" ? "bg-secondary/20 ring-secondary/50" : "ring-line"}`}
        data-testid="admin-dispute-link"
      >
        {t("adminDeals.dispute.link", { status: t(`adminDeals.dispute.statusLabels.${status}`) })}
      </Link>
    </p>
  );
}
