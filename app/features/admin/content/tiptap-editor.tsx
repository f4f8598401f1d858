import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { isSafeContentHref } from "#core/schemas/admin-content.ts";

/**
 * TipTap's editor over the rich-text field (rich-text-editor.tsx), in a module of its own: the
 * field loads it in the browser once the scripts run, so the server, which only ever draws the
 * textarea, never loads TipTap and ProseMirror (ADR 0119).
 */
export function TipTapEditor({
  id,
  labelId,
  describedBy,
  initial,
  focused,
  onChange,
}: {
  id: string;
  labelId: string;
  describedBy: string;
  initial: string;
  /** The textarea had the focus: the editor takes it, at the end of the text. */
  focused: boolean;
  onChange: (html: string) => void;
}) {
  const editor = useEditor({
    immediatelyRender: false,
    autofocus: focused ? "end" : false,
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
