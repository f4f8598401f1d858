import { useId, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { MessageKey } from "#core/i18n/index.ts";

const STAR_PATH = "M10 1.6l2.55 5.3 5.8.8-4.23 4.04 1.03 5.76L10 14.74 4.85 17.5l1.03-5.76L1.65 7.7l5.8-.8z";

/** The word for each number of stars, 1 to 5 ("výborné" for five). */
const STAR_WORDS = [
  "reviews.form.word.1",
  "reviews.form.word.2",
  "reviews.form.word.3",
  "reviews.form.word.4",
  "reviews.form.word.5",
] as const satisfies readonly MessageKey[];

/**
 * 1 to 5 stars as a radio group: keyboard (arrows) and screen readers get real radios, the eye
 * gets gold stars up to the chosen (or pointed-at) one and its word ("Výborné").
 */
export function StarInput({
  name,
  defaultValue = null,
  error,
}: {
  name: string;
  defaultValue?: number | null;
  error?: string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState<number | null>(defaultValue);
  const [pointed, setPointed] = useState<number | null>(null);
  const shown = pointed ?? value ?? 0;
  return (
    <fieldset aria-describedby={error?.length ? `${id}-error` : undefined} data-testid="star-input">
      <legend className="font-medium">
        {t("reviews.form.stars")}
        <span aria-hidden="true"> *</span>
      </legend>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex">
          {([1, 2, 3, 4, 5] as const).map((stars) => (
            <label
              key={stars}
              className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-dark"
              onMouseEnter={() => setPointed(stars)}
              onMouseLeave={() => setPointed(null)}
            >
              <input
                type="radio"
                name={name}
                value={stars}
                defaultChecked={defaultValue === stars}
                onChange={() => setValue(stars)}
                className="sr-only"
                data-testid={`star-${stars}`}
              />
              <span className="sr-only">{t(STAR_WORDS[stars - 1])}</span>
              <svg
                viewBox="0 0 20 20"
                className={`size-8 tablet:size-10 ${stars <= shown ? "text-secondary" : "text-line"}`}
                aria-hidden="true"
              >
                <path
                  d={STAR_PATH}
                  fill="currentColor"
                  stroke={stars <= shown ? "#9a7a2e" : "#c9c1b3"}
                  strokeWidth="0.8"
                  strokeLinejoin="round"
                />
              </svg>
            </label>
          ))}
        </div>
        <span className="font-semibold text-ink" aria-live="polite" data-testid="star-word">
          {shown ? t(STAR_WORDS[shown - 1]) : ""}
        </span>
      </div>
      {error?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {error.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
