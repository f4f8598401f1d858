import { data, Form, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { ReasonField } from "#app/features/admin/deals/reason-field.tsx";
import { DealsSubnav } from "#app/features/admin/deals/subnav.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { AdminStrikeRow } from "#core/contracts/admin-deal-support.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/strikes";

/**
 * The buyers' strikes (docs/product/back-office.md, "Deals through Rarita"; issue 35, item 7): who
 * left won auctions unpaid in 12 months, each strike's deal, whether bidding is suspended; and the
 * operator's review of a suspension, lifted or kept, with a statement of reasons (the facts and the
 * grounds) the buyer receives. Audited by the deals' back office.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminDealSupport.strikes.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  requireScope(context, "deals");
  const { services, locale } = context.get(appContext);
  return { rows: await services.unpaidWinsAdmin.strikes(locale) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireScope(context, "deals");
  const { services, locale, clientIp } = context.get(appContext);
  const form = await request.formData();
  const userId = Number(form.get("userId"));
  const outcome = form.get("outcome") === "lifted" ? "lifted" : "kept";
  if (!Number.isSafeInteger(userId) || userId < 1)
    return data(
      { error: translate(locale, "adminDealSupport.strikes.errors.not_found"), done: null, userId: null },
      { status: 404 },
    );
  const reviewed = await services.unpaidWinsAdmin.reviewStrikes(
    userId,
    { outcome, facts: String(form.get("facts") ?? ""), grounds: String(form.get("grounds") ?? "") },
    { actorId: staff.id, ip: clientIp },
  );
  if (reviewed.ok) return { error: null, done: translate(locale, "adminDealSupport.strikes.done"), userId };
  return data(
    { error: translate(locale, `adminDealSupport.strikes.errors.${reviewed.code}`), done: null, userId },
    { status: reviewed.code === "invalid" ? 422 : 409 },
  );
}

function ReviewForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const id = (name: string) => `${name}-${userId}`;
  return (
    <Form method="post" className="mt-4 rounded-xl bg-light p-4" data-testid="strike-review">
      <h3 className="font-semibold text-primary-dark">{t("adminDealSupport.strikes.reviewTitle")}</h3>
      <p className="mt-1 text-sm text-muted">{t("adminDealSupport.strikes.reviewLead")}</p>
      <input type="hidden" name="userId" value={userId} />
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">{t("adminDealSupport.strikes.outcome")}</legend>
        <label className="mt-1 flex items-start gap-2 text-sm">
          <input type="radio" name="outcome" value="lifted" required className="mt-1" />
          {t("adminDealSupport.strikes.lift")}
        </label>
        <label className="mt-1 flex items-start gap-2 text-sm">
          <input type="radio" name="outcome" value="kept" className="mt-1" />
          {t("adminDealSupport.strikes.keep")}
        </label>
      </fieldset>
      <ReasonField id={id("facts")} name="facts" label={t("adminDealSupport.strikes.facts")} />
      <ReasonField id={id("grounds")} name="grounds" label={t("adminDealSupport.strikes.grounds")} />
      <button
        type="submit"
        className="mt-3 rounded-lg bg-primary-dark px-4 py-2.5 font-semibold text-white hover:bg-[#173d42]"
      >
        {t("adminDealSupport.strikes.submit")}
      </button>
    </Form>
  );
}

function StrikeCard({
  row,
  note,
}: {
  row: AdminStrikeRow;
  note: { error: string | null; done: string | null } | null;
}) {
  const { t, locale } = useTranslation();
  return (
    <li
      className={`rounded-2xl bg-white p-4 ring-1 ${row.suspended ? "ring-secondary" : "ring-line"}`}
      data-testid="strike-row"
      data-user-id={row.user.id}
      data-suspended={row.suspended}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="break-all font-semibold text-primary-dark">
          {row.user.username} <span className="font-normal text-muted">({row.user.email})</span>
        </p>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${row.suspended ? "bg-danger/10 text-danger" : "bg-success/10 text-primary-dark"}`}
        >
          {t(row.suspended ? "adminDealSupport.strikes.suspended" : "adminDealSupport.strikes.allowed")}
        </span>
      </div>
      <p className="mt-1 text-sm">{t("adminDealSupport.strikes.counting", { count: row.counting })}</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {row.strikes.map((strike) => (
          <li key={strike.dealId}>
            <Link
              to={localePath("adminDeal", locale, { dealId: String(strike.dealId) })}
              className="text-primary-dark underline underline-offset-4"
            >
              {t("adminDealSupport.strikes.strike", {
                number: strike.dealId,
                item: strike.productName,
                date: formatDate(strike.at, locale),
              })}
            </Link>
            {strike.clearedAt ? (
              <span className="text-muted">
                {" "}
                · {t("adminDealSupport.strikes.cleared", { date: formatDate(strike.clearedAt, locale) })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {row.review ? (
        <div className="mt-3 text-sm" data-testid="strike-last-review" data-review-id={row.review.id}>
          <p className="font-medium">
            {t("adminDealSupport.strikes.lastReview", {
              date: formatDate(row.review.at, locale, true),
              who: row.review.reviewer ?? "—",
              outcome: t(`adminDealSupport.strikes.outcomes.${row.review.outcome}`),
            })}
          </p>
          <p className="mt-1 whitespace-pre-line text-muted">{row.review.facts}</p>
          <p className="mt-1 whitespace-pre-line text-muted">{row.review.grounds}</p>
        </div>
      ) : null}
      {note?.done ? (
        <p className="mt-3 rounded-xl bg-success/10 p-3 text-sm" role="status">
          {note.done}
        </p>
      ) : null}
      {note?.error ? (
        <p className="mt-3 rounded-xl bg-danger/10 p-3 text-sm text-danger" role="alert">
          {note.error}
        </p>
      ) : null}
      {row.suspended ? <ReviewForm userId={row.user.id} /> : null}
    </li>
  );
}

export default function AdminStrikesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-strikes">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminDealSupport.strikes.title")}</h1>
      <DealsSubnav />
      <p className="max-w-3xl text-sm text-muted">{t("adminDealSupport.strikes.lead")}</p>
      {loaderData.rows.length === 0 ? (
        <p className="text-muted">{t("adminDealSupport.strikes.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {loaderData.rows.map((row) => (
            <StrikeCard
              key={row.user.id}
              row={row}
              note={actionData && actionData.userId === row.user.id ? actionData : null}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
