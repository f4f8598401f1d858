import { Form, Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { BottlingCandidate } from "#core/contracts/bottlings.ts";
import { bottlingPath } from "./bottling-parts.tsx";

export type BottlingProposal = {
  candidates: BottlingCandidate[];
  linked: { id: number; name: string; slug: string } | null;
};

const pickStyle =
  "inline-flex min-h-11 items-center rounded bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-primary";
const noneStyle =
  "inline-flex min-h-11 items-center rounded border border-primary-dark/40 bg-white px-4 py-2 text-sm font-semibold text-primary-dark hover:bg-light";

type Translate = ReturnType<typeof useTranslation>["t"];

/**
 * A candidate's few defining facts beside its name (age, vintage, strength, volume, edition), the
 * numbers in the language's format: "46,5 %" in Czech, "46.5% ABV" in English.
 */
export function facts(candidate: BottlingCandidate, t: Translate, locale: "cs" | "en"): string {
  const a = candidate.attributes;
  const number = new Intl.NumberFormat(locale === "cs" ? "cs-CZ" : "en-GB", { maximumFractionDigits: 1 });
  const shown = (value: unknown) => (typeof value === "number" ? number.format(value) : String(value));
  const unit = (key: "age_years" | "abv" | "volume_ml") =>
    a[key] === undefined ? null : t(`bottlings.units.${key}`, { value: shown(a[key]) });
  return [unit("age_years"), a.vintage, unit("abv"), unit("volume_ml"), a.edition]
    .filter(Boolean)
    .join(" · ");
}

/**
 * "Je to tato láhev?" on the listing's confirmation page (issue 37, item 3): up to five bottlings
 * the listing may be, best first, each with "Ano, je to tato"; "Žádná z nich" makes a new bottling
 * of the listing. Once linked: which one, and a way to change it. Plain forms: no scripts needed.
 */
export function BottlingProposalSection({
  proposal,
  error,
}: {
  proposal: BottlingProposal;
  error?: string | null;
}) {
  const { t, locale } = useTranslation();
  const [changing, linked] = [proposal.candidates.length > 0, proposal.linked];
  return (
    <section
      aria-labelledby="bottling-proposal-title"
      className="rounded-xl border border-secondary/60 bg-light p-5 tablet:p-7"
      data-testid="bottling-proposal"
    >
      <h2 id="bottling-proposal-title" className="font-serif text-2xl text-primary-dark">
        {t("bottlings.match.title")}
      </h2>
      {error ? (
        <p role="alert" className="mt-2 text-danger">
          {error}
        </p>
      ) : null}
      {linked ? (
        <p className="mt-2" role="status" data-testid="bottling-linked">
          {t("bottlings.match.linked", { name: linked.name })}{" "}
          <Link to={bottlingPath(locale, linked)} className="font-semibold text-primary-dark underline">
            {t("bottlings.match.view")}
          </Link>
        </p>
      ) : (
        <p className="mt-2 leading-relaxed text-muted">{t("bottlings.match.lead")}</p>
      )}
      {changing ? (
        <CandidateList candidates={proposal.candidates} linkedId={linked?.id ?? null} />
      ) : linked ? null : (
        <p className="mt-3">{t("bottlings.match.noneLead")}</p>
      )}
      {linked ? null : (
        <Form method="post" className="mt-4">
          <button
            type="submit"
            name="intent"
            value="bottling-none"
            className={noneStyle}
            data-testid="bottling-none"
          >
            {changing ? t("bottlings.match.none") : t("bottlings.match.create")}
          </button>
        </Form>
      )}
    </section>
  );
}

/** The proposals, each with its pick (the linked one ticked). */
function CandidateList({
  candidates,
  linkedId,
}: {
  candidates: BottlingCandidate[];
  linkedId: number | null;
}) {
  const { t, locale } = useTranslation();
  return (
    <ul className="mt-4 flex flex-col gap-3" data-testid="bottling-candidates">
      {candidates.map((candidate) => {
        const said = facts(candidate, t, locale);
        return (
          <li
            key={candidate.id}
            className="flex flex-col gap-2 rounded-lg border border-line bg-white p-3 tablet:flex-row tablet:items-center tablet:justify-between"
          >
            <div>
              {candidate.brandName ? (
                <p className="text-xs text-muted uppercase">{candidate.brandName}</p>
              ) : null}
              <Link to={bottlingPath(locale, candidate)} className="font-semibold text-ink">
                {candidate.name}
              </Link>
              {said ? <p className="text-sm text-muted">{said}</p> : null}
            </div>
            {linkedId === candidate.id ? (
              <span className="text-sm font-semibold text-success">✓</span>
            ) : (
              <Form method="post">
                <input type="hidden" name="bottlingId" value={candidate.id} />
                <button
                  type="submit"
                  name="intent"
                  value="bottling"
                  className={`${pickStyle} shrink-0 whitespace-nowrap`}
                  data-testid="bottling-pick"
                >
                  {t("bottlings.match.pick")}
                </button>
              </Form>
            )}
          </li>
        );
      })}
    </ul>
  );
}
