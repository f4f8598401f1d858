import { useId, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { richTextToHtml } from "#app/lib/rich-text.ts";
import { browserOnly, useBrowserOnly } from "#app/ui/browser-only.ts";
import { FieldLabel } from "#app/ui/forms/fields.tsx";
import { inputClass } from "../catalog/ui.tsx";

/** TipTap's editor, loaded by the browser only (app/ui/browser-only.ts). */
const tiptap = browserOnly(() => import("./tiptap-editor.tsx").then((module) => module.TipTapEditor));
// Asked for as soon as this module is read in the browser, before the hydration, so that it is
// mostly there when the field first renders.
if (!import.meta.env.SSR) tiptap.preload().catch(() => {});

/**
 * The rich-text field of blog articles and info pages (ADR 0023). The page first draws a plain
 * <textarea> holding the HTML, which works without scripts; once they run, TipTap takes over the
 * field: the textarea hides and the editor writes its HTML back into it on every change, so the
 * same field is sent either way; until TipTap's module has come (tiptap-editor.tsx, loaded apart),
 * the textarea stays. The server sanitises whatever arrives (cms/sanitize.ts); the
 * editor offers only what the sanitiser keeps.
 */
export function RichTextField({
  name,
  label,
  defaultValue,
  errors,
}: {
  name: string;
  label: string;
  defaultValue: string;
  errors?: Record<string, string[] | undefined>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const TipTapEditor = useBrowserOnly(tiptap);
  const enhanced = TipTapEditor !== null;
  // Someone already typing in the textarea goes on in the editor, at the end of the text.
  const typing = enhanced && typeof document !== "undefined" && document.activeElement === textarea.current;
  const messages = errors?.[name];
  const described = [`${id}-hint`, messages?.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div data-testid={`rich-text-${name}`}>
      <FieldLabel htmlFor={enhanced ? `${id}-editor` : id}>
        <span id={`${id}-label`}>{label}</span>
      </FieldLabel>
      <textarea
        ref={textarea}
        id={id}
        name={name}
        rows={12}
        hidden={enhanced}
        defaultValue={defaultValue}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={described}
        className={`mt-1 font-mono text-sm ${inputClass}`}
      />
      {TipTapEditor ? (
        <TipTapEditor
          id={`${id}-editor`}
          labelId={`${id}-label`}
          describedBy={described}
          initial={richTextToHtml(textarea.current?.value ?? defaultValue)}
          focused={typing}
          onChange={(html) => {
            if (textarea.current) textarea.current.value = html;
          }}
        />
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {enhanced ? null : t("adminContent.editor.hint")}
      </p>
      {messages?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
