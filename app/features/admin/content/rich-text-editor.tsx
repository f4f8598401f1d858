import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { richTextToHtml } from "#app/lib/rich-text.ts";
import { FieldLabel } from "#app/ui/forms/fields.tsx";
import { isSafeContentHref } from "#core/schemas/admin-content.ts";
import { inputClass } from "../catalog/ui.tsx";

/**
 * The rich-text field of blog articles and info pages (ADR 0023). The page first draws a plain
 * <textarea> holding the HTML, which works without scripts; once they run, TipTap takes over the
 * field: the textarea hides and the editor writes its HTML back into it on every change, so the
 * same field is sent either way. The server sanitises whatever arrives (cms/sanitize.ts); the
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
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
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
      {enhanced ? (
        <TipTapEditor
          id={`${id}-editor`}
          labelId={`${id}-label`}
          describedBy={described}
          initial={richTextToHtml(textarea.current?.value ?? defaultValue)}
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

function TipTapEditor({
  id,
  labelId,
  describedBy,
  initial,
  onChange,
}: {
  id: string;
  labelId: string;
  describedBy: string;
  initial: string;
  onChange: (html: string) => void;
}) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          isAllowedUri: (url) => isSafeContentHref(url),
          HTMLAttributes: { rel: null, target: null },
        },
      }),
    ],
    content: initial,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        "aria-describedby": describedBy,
        class: "rich-text min-h-60 px-3 py-2 focus:outline-none",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });
  return (
    <div className="mt-1 rounded border border-line bg-white focus-within:border-primary-dark focus-within:outline-2 focus-within:outline-primary-dark">
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

type Editor = NonNullable<ReturnType<typeof useEditor>>;

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      blockquote: e.isActive("blockquote"),
      link: e.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();
  const link = () => {
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
    const href = window.prompt(t("adminContent.editor.linkPrompt"), previous);
    if (href === null) return;
    if (href.trim() === "") chain().extendMarkRange("link").unsetLink().run();
    else if (isSafeContentHref(href.trim()))
      chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };
  const button = (key: keyof typeof state, label: string, run: () => void, mark: ReactNode) => (
    <button
      type="button"
      // The editor keeps its focus and selection: the click acts on them, typing goes on after it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      aria-pressed={state[key]}
      title={label}
      className="min-w-9 rounded px-2 py-1 text-sm hover:bg-light aria-pressed:bg-primary-dark aria-pressed:text-white"
    >
      {/* The name is the word (said and matched by voice control); the mark is only drawn. */}
      <span aria-hidden="true">{mark}</span>
      <span className="sr-only">{label}</span>
    </button>
  );
  return (
    <div
      role="toolbar"
      aria-label={t("adminContent.editor.toolbar")}
      className="flex flex-wrap gap-1 border-b border-line p-1"
    >
      {button("bold", t("adminContent.editor.bold"), () => chain().toggleBold().run(), <strong>B</strong>)}
      {button("italic", t("adminContent.editor.italic"), () => chain().toggleItalic().run(), <em>I</em>)}
      {button("h2", t("adminContent.editor.h2"), () => chain().toggleHeading({ level: 2 }).run(), "H2")}
      {button("h3", t("adminContent.editor.h3"), () => chain().toggleHeading({ level: 3 }).run(), "H3")}
      {button("bulletList", t("adminContent.editor.bulletList"), () => chain().toggleBulletList().run(), "•")}
      {button(
        "orderedList",
        t("adminContent.editor.orderedList"),
        () => chain().toggleOrderedList().run(),
        "1.",
      )}
      {button("blockquote", t("adminContent.editor.blockquote"), () => chain().toggleBlockquote().run(), "❝")}
      {button(
        "link",
        t("adminContent.editor.link"),
        link,
        <span className="underline">{t("adminContent.editor.link")}</span>,
      )}
    </div>
  );
}
