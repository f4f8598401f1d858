import { Form, Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { FILL_LEVELS } from "#core/contracts/listing-evidence.ts";
import { RESULT_SORTS, SALE_RESULT_KINDS } from "#core/contracts/sale-results.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { ResultsQuery } from "#core/schemas/results.ts";
import { type CategoryOption, optionLabel } from "./categories.ts";

const field =
  "mt-1 w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark";
const label = "block text-sm font-semibold text-ink";
/**
 * Two to a row on a phone only where the value is short (the prices); a date, a select or the
 * button takes the whole row there, so "Aukce i prodeje" and a date's "dd.mm.rrrr" are never cut.
 */
const phoneWide = "col-span-2 tablet:col-span-1";

/**
 * The archive's filters: a GET form (works without JavaScript; the URL is the state to share).
 * Each field's current value comes from the parsed query. `fillFilter` is false where the chosen
 * category has no fill level (cigars): no fill-level choice there.
 */
export function ArchiveForm({
  query,
  categories,
  fillFilter = true,
}: {
  query: ResultsQuery;
  categories: CategoryOption[];
  fillFilter?: boolean;
}) {
  const { t, locale } = useTranslation();
  const action = localePath("results", locale);
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={t("results.archive.filters")}
      className="grid grid-cols-2 gap-x-3 gap-y-4 rounded-lg border border-line bg-white p-4 desktop:grid-cols-4"
      data-testid="results-filters"
    >
      <div className="col-span-2">
        <label htmlFor="results-q" className={label}>
          {t("results.archive.query")}
        </label>
        <input
          id="results-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          placeholder={t("results.archive.queryPlaceholder")}
          className={field}
        />
      </div>
      <div className="col-span-2">
        <label htmlFor="results-category" className={label}>
          {t("results.archive.category")}
        </label>
        <select id="results-category" name="category" defaultValue={query.category ?? ""} className={field}>
          <option value="">{t("results.archive.allCategories")}</option>
          {categories.map((option) => (
            <option key={option.id} value={option.id}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      </div>
      <NumberField id="priceFrom" text={t("results.archive.priceFrom")} value={query.priceFrom} />
      <NumberField id="priceTo" text={t("results.archive.priceTo")} value={query.priceTo} />
      <DateField id="from" text={t("results.archive.dateFrom")} value={query.from} />
      <DateField id="to" text={t("results.archive.dateTo")} value={query.to} />
      <ChoiceFields query={query} fillFilter={fillFilter} />
      <div className={`flex items-end gap-3 ${phoneWide}`}>
        <button
          type="submit"
          className="w-full rounded bg-primary-dark px-4 py-2.5 font-semibold text-white hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
        >
          {t("results.archive.submit")}
        </button>
      </div>
      <p className="col-span-2 text-sm desktop:col-span-4">
        <Link to={action} className="text-primary-dark underline">
          {t("results.archive.reset")}
        </Link>
      </p>
    </Form>
  );
}

/** Fill level, kind and order: selects whose empty choice means "any". */
function ChoiceFields({ query, fillFilter }: { query: ResultsQuery; fillFilter: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {fillFilter ? <FillField query={query} /> : null}
      <div className={phoneWide}>
        <label htmlFor="results-kind" className={label}>
          {t("results.archive.kind")}
        </label>
        <select id="results-kind" name="kind" defaultValue={query.kind ?? ""} className={field}>
          <option value="">{t("results.archive.anyKind")}</option>
          {SALE_RESULT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`results.kind.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={phoneWide}>
        <label htmlFor="results-sort" className={label}>
          {t("results.archive.sort")}
        </label>
        <select id="results-sort" name="sort" defaultValue={query.sort} className={field}>
          {RESULT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`results.sort.${sort}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

function FillField({ query }: { query: ResultsQuery }) {
  const { t } = useTranslation();
  return (
    <div className={phoneWide}>
      <label htmlFor="results-fill" className={label}>
        {t("results.archive.fill")}
      </label>
      <select id="results-fill" name="fill" defaultValue={query.fill ?? ""} className={field}>
        <option value="">{t("results.archive.anyFill")}</option>
        {FILL_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t(`listingEvidence.fillLevel.${level}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function NumberField({ id, text, value }: { id: string; text: string; value: number | undefined }) {
  return (
    <div>
      <label htmlFor={`results-${id}`} className={label}>
        {text}
      </label>
      <input
        id={`results-${id}`}
        name={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        defaultValue={value ?? ""}
        className={field}
      />
    </div>
  );
}

function DateField({ id, text, value }: { id: string; text: string; value: string | undefined }) {
  return (
    <div className={phoneWide}>
      <label htmlFor={`results-${id}`} className={label}>
        {text}
      </label>
      <input id={`results-${id}`} name={id} type="date" defaultValue={value ?? ""} className={field} />
    </div>
  );
}
