import { type ReactNode, useId } from "react";
import { formatDecimal } from "#core/formats/numbers.ts";

/** The filter form's building blocks: a foldable group, a checkbox, a price field, the icon. */

/** A group of the filter form: a foldable block whose fieldset is named by its title. */
export function FilterFieldset({
  title,
  hint,
  children,
  scroll = false,
}: {
  title: string;
  /** Shown after the title in normal case (the price filter's currency). */
  hint?: string;
  children: ReactNode;
  scroll?: boolean;
}) {
  return (
    <details open className="border-b border-line py-3 last-of-type:border-b-0">
      {/* The chevron is the class's ::after (app.css: icons drawn by CSS). */}
      <summary className="filter-summary">
        <span>
          {title}
          {hint ? (
            <span className="ml-1.5 font-semibold tracking-normal text-muted normal-case">({hint})</span>
          ) : null}
        </span>
      </summary>
      <fieldset className={`mt-2.5 space-y-1 ${scroll ? "max-h-60 overflow-y-auto pr-1" : ""}`}>
        <legend className="sr-only">{hint ? `${title} (${hint})` : title}</legend>
        {children}
      </fieldset>
    </details>
  );
}

/** One choice: a checkbox with its label and, for facets, the count of products in `locale`'s way. */
export function FilterCheck({
  name,
  value,
  checked,
  label,
  count,
  locale = "cs",
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  count?: number;
  locale?: "cs" | "en";
}) {
  return (
    <label className="filter-option">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        key={`${value}-${checked}`}
        className="filter-check"
      />
      <span className="filter-label">{label}</span>
      {count !== undefined ? (
        <span className="filter-count">
          {
            // A facet's count the language's way ("14 928" with a no-break space, "14,928"):
            // counts are exact at any size (ADR 0130), written without Intl (ADR 0151).
            formatDecimal(count, locale, { maximumFractionDigits: 0 })
          }
        </span>
      ) : null}
    </label>
  );
}

/** A whole-number price field (digits and spaces), labelled above it. */
export function PriceInput({ name, label, value }: { name: string; label: string; value: number | null }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-[0.75rem] text-muted">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        pattern="[0-9 ]*"
        autoComplete="off"
        defaultValue={value ?? ""}
        key={String(value)}
        className="w-full rounded-lg border border-line bg-white px-3 py-1.5 text-[0.9rem] tabular-nums focus:border-primary-dark focus:outline-2 focus:outline-offset-1 focus:outline-primary-dark"
      />
    </div>
  );
}

export function FilterIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}
