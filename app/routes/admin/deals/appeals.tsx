import { data, Form, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { ReasonField } from "#app/features/admin/deals/reason-field.tsx";
import { DealsSubnav } from "#app/features/admin/deals/subnav.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { AdminAppealRow } from "#core/contracts/deal-appeals.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/appeals";

/**
 * Appeals against the operator's decisions about deals (docs/product/back-office.md; ADR 0079):
 * the unanswered first; each answered by a staff member other than the one who decided (the
 * service refuses the decider), upheld or changed with reasons the appellant receives. Audited.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminDealSupport.appeals.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireScope(context, "deals");
  const { services } = context.get(appContext);
  return { rows: await services.disputes.appeals.appeals(staff.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireScope(context, "deals");
  const { services, locale, clientIp } = context.get(appContext);
  const form = await request.formData();
  const appealId = Number(form.get("appealId"));
  const outcome = form.get("outcome") === "changed" ? "changed" : "upheld";
  const answered = await services.disputes.appeals.answer(
    Number.isSafeInteger(appealId) ? appealId : 0,
    { actorId: staff.id, ip: clientIp },
    { outcome, answer: String(form.get("answer") ?? "") },
  );
  if (answered.ok) return { error: null, done: translate(locale, "adminDealSupport.appeals.done"), appealId };
  const code = ["invalid", "already_answered", "same_person", "not_found"].includes(answered.code)
    ? (answered.code as "invalid")
    : "not_found";
  return data(
    { error: translate(locale, `adminDealSupport.appeals.errors.${code}`), done: null, appealId },
    { status: code === "invalid" ? 422 : code === "not_found" ? 404 : 409 },
  );
}

function AnswerForm({ row }: { row: AdminAppealRow }) {
  const { t } = useTranslation();
  const id = (name: string) => `${name}-${row.id}`;
  return (
    <Form method="post" className="mt-3 rounded-xl bg-light p-4" data-testid="appeal-answer-form">
      <h3 className="font-semibold text-primary-dark">{t("adminDealSupport.appeals.answerTitle")}</h3>
      <input type="hidden" name="appealId" value={row.id} />
      <fieldset className="mt-2">
        <legend className="text-sm font-medium">{t("adminDealSupport.appeals.outcome")}</legend>
        <label className="mt-1 flex items-start gap-2 text-sm">
          <input type="radio" name="outcome" value="upheld" required className="mt-1" />
          {t("adminDealSupport.appeals.uphold")}
        </label>
        <label className="mt-1 flex items-start gap-2 text-sm">
          <input type="radio" name="outcome" value="changed" className="mt-1" />
          {t("adminDealSupport.appeals.change")}
        </label>
        <p className="mt-1 text-xs text-muted">
          {t(
            row.subject === "dispute"
              ? "adminDealSupport.appeals.changeHintDispute"
              : "adminDealSupport.appeals.changeHintStrike",
          )}
        </p>
      </fieldset>
      <ReasonField id={id("answer")} name="answer" label={t("adminDealSupport.appeals.answer")} />
      <button
        type="submit"
        className="mt-3 rounded-lg bg-primary-dark px-4 py-2.5 font-semibold text-white hover:bg-[#173d42]"
      >
        {t("adminDealSupport.appeals.submit")}
      </button>
    </Form>
  );
}

function AppealCard({
  row,
  note,
}: {
  row: AdminAppealRow;
  note: { error: string | null; done: string | null } | null;
}) {
  const { t, locale } = useTranslation();
  const subject =
    row.subject === "dispute"
      ? t("adminDealSupport.appeals.subjects.dispute", { number: row.dealId ?? "" })
      : t("adminDealSupport.appeals.subjects.strike_review", { number: row.strikeReviewId ?? "" });
  return (
    <li
      className={`rounded-2xl bg-white p-4 ring-1 ${row.answer ? "ring-line" : "ring-secondary"}`}
      data-testid="appeal-row"
      data-answered={row.answer !== null}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-primary-dark">{subject}</p>
        {row.subject === "dispute" && row.dealId !== null ? (
          <Link
            to={localePath("adminDealDispute", locale, { dealId: String(row.dealId) })}
            className="text-sm text-primary-dark underline underline-offset-4"
          >
            {t("adminDealSupport.appeals.viewDispute")}
          </Link>
        ) : (
          <Link
            to={localePath("adminDealStrikes", locale)}
            className="text-sm text-primary-dark underline underline-offset-4"
          >
            {t("adminDealSupport.appeals.viewStrikes")}
          </Link>
        )}
      </div>
      <p className="mt-1 break-words text-sm text-muted">
        {t("adminDealSupport.appeals.from", {
          name: row.user ? `${row.user.username} (${row.user.email})` : "—",
        })}{" "}
        · {t("adminDealSupport.appeals.decider", { name: row.decider ?? "—" })} ·{" "}
        {t("adminDealSupport.appeals.at", { date: formatDate(row.at, locale, true) })}
      </p>
      <p className="mt-2 whitespace-pre-line text-sm">{row.text}</p>
      {row.answer ? (
        <div className="mt-3 rounded-xl bg-light p-3 text-sm">
          <p className="font-medium">
            {t("adminDealSupport.appeals.answered", {
              date: formatDate(row.answer.at, locale, true),
              who: row.answer.by ?? "—",
              outcome: t(`adminDealSupport.appeals.outcomes.${row.answer.outcome}`),
            })}
          </p>
          <p className="mt-1 whitespace-pre-line">{row.answer.text}</p>
        </div>
      ) : row.ownDecision ? (
        <p className="mt-3 rounded-xl bg-light p-3 text-sm text-muted">
          {t("adminDealSupport.appeals.ownDecision")}
        </p>
      ) : (
        <AnswerForm row={row} />
      )}
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
    </li>
  );
}

export default function AdminAppealsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-appeals">
      <h1 className="font-serif text-3xl text-primary-dark">{t("adminDealSupport.appeals.title")}</h1>
      <DealsSubnav />
      <p className="max-w-3xl text-sm text-muted">{t("adminDealSupport.appeals.lead")}</p>
      {loaderData.rows.length === 0 ? (
        <p className="text-muted">{t("adminDealSupport.appeals.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {loaderData.rows.map((row) => (
            <AppealCard
              key={row.id}
              row={row}
              note={actionData && actionData.appealId === row.id ? actionData : null}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
