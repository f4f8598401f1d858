import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import type { AppealView } from "#core/contracts/deal-appeals.ts";

const FIELD = "mt-1 w-full rounded-lg border border-line px-3 py-2";

/** The appeals made against a decision, each with its answer once another staff member gave it. */
export function AppealList({ appeals }: { appeals: readonly AppealView[] }) {
  const { t, locale } = useTranslation();
  if (appeals.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-col gap-2" data-testid="appeals">
      {appeals.map((appeal) => (
        <li key={appeal.id} className="rounded-xl bg-white p-3 text-sm ring-1 ring-line">
          <p className="text-xs text-muted">
            {t("dealAppeals.appealBy", {
              who: t(`dealAppeals.roles.${appeal.role}`),
              date: formatDate(appeal.at, locale, true),
            })}
          </p>
          <p className="mt-1 whitespace-pre-line">{appeal.text}</p>
          {appeal.answer ? (
            <div className="mt-2 rounded-lg bg-light p-2" data-testid="appeal-answer">
              <p className="font-medium">
                {t("dealAppeals.answer", {
                  date: formatDate(appeal.answer.at, locale, true),
                  outcome: t(`dealAppeals.outcomes.${appeal.answer.outcome}`),
                })}
              </p>
              <p className="mt-1 whitespace-pre-line">{appeal.answer.text}</p>
            </div>
          ) : (
            <p className="mt-1 text-muted">{t("dealAppeals.waiting")}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The appeal's form: posted with `intent=appeal` to the page it sits on. */
export function AppealForm({ until, intent = "appeal" }: { until: string; intent?: string }) {
  const { t, locale } = useTranslation();
  return (
    <Form method="post" className="mt-3" data-testid="appeal-form">
      <h3 className="font-semibold text-primary-dark">{t("dealAppeals.appealTitle")}</h3>
      <p className="mt-1 text-sm text-muted">
        {t("dealAppeals.appealLead", { date: formatDate(until, locale) })}
      </p>
      <label className="mt-2 block text-sm font-medium" htmlFor="appeal-text">
        {t("dealAppeals.appealText")}
      </label>
      <textarea
        id="appeal-text"
        name="text"
        required
        minLength={10}
        maxLength={4000}
        rows={3}
        className={FIELD}
      />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="mt-2 rounded-lg px-4 py-2.5 font-semibold text-primary-dark ring-1 ring-line hover:bg-light"
      >
        {t("dealAppeals.appealButton")}
      </button>
    </Form>
  );
}
