import { useId } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { FieldLabel } from "#app/ui/forms/fields.tsx";

/** A file input with its hint, errors and, for an image, the current one beside it. */
export function FileField({
  name,
  label,
  hint,
  accept,
  required,
  errors,
  current,
}: {
  name: string;
  label: string;
  hint: string;
  accept: string;
  required: boolean;
  errors?: Record<string, string[] | undefined>;
  current?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const messages = errors?.[name];
  return (
    <div className="flex flex-wrap items-start gap-4">
      {current ? (
        <figure className="flex flex-col gap-1 text-sm text-muted">
          <img src={current} alt="" className="h-24 max-w-60 rounded border border-line object-contain" />
          <figcaption>{t("adminContent.common.currentImage")}</figcaption>
        </figure>
      ) : null}
      <div className="min-w-60 flex-1">
        <FieldLabel htmlFor={id} required={required}>
          {label}
        </FieldLabel>
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          aria-invalid={messages?.length ? true : undefined}
          aria-describedby={[`${id}-hint`, messages?.length ? `${id}-error` : ""].filter(Boolean).join(" ")}
          className="mt-1 block w-full text-sm"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
        {messages?.length ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
            {messages.join(" ")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
