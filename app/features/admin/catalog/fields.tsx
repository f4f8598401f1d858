import { useId } from "react";
import { FieldLabel } from "#app/ui/forms/fields.tsx";
import { inputClass } from "./ui.tsx";

/** A labelled textarea with its hint and errors (the catalogue's descriptions). */
export function TextAreaField({
  name,
  label,
  errors,
  hint,
  defaultValue,
  rows = 4,
}: {
  name: string;
  label: string;
  errors?: Record<string, string[] | undefined>;
  hint?: string;
  defaultValue?: string;
  rows?: number;
}) {
  const id = useId();
  const messages = errors?.[name];
  const described = [hint ? `${id}-hint` : "", messages?.length ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={described || undefined}
        className={`mt-1 ${inputClass}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {messages?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** What the server answered the last sending of one of a page's forms. */
export type SentValues = Record<string, string | undefined>;

/** The value a field shows: what was just sent (a refused form keeps it), else what is stored. */
export function shown(sent: SentValues | undefined, name: string, stored: string | null | undefined): string {
  return sent?.[name] ?? stored ?? "";
}
