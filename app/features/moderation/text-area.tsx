import { useId } from "react";
import { type FieldErrors, FieldLabel } from "#app/ui/forms/fields.tsx";

/** A labelled multi-line text field with its hint and errors, wired for screen readers. */
export function TextAreaField({
  name,
  label,
  errors,
  hint,
  defaultValue,
  maxLength,
  rows = 5,
  required = true,
}: {
  name: string;
  label: string;
  errors?: FieldErrors;
  hint?: string;
  defaultValue?: string;
  maxLength?: number;
  rows?: number;
  required?: boolean;
}) {
  const id = useId();
  const messages = errors?.[name];
  const described = [hint ? `${id}-hint` : null, messages?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <textarea
        id={id}
        name={name}
        rows={rows}
        required={required}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={described || undefined}
        className="mt-1 w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger"
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
