import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useHydrated } from "#app/ui/feedback/use-hydrated.ts";
import { ImageTile, type TileDrag, UploadTile } from "./image-tiles.tsx";
import { MAX_IMAGES, type ManagedImage, type Upload, useImageUploads } from "./use-image-uploads.ts";

export { type ManagedImage, UPLOADS_AT_ONCE } from "./use-image-uploads.ts";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif";

/**
 * The listing's photos: thumbnails in display order (the first is the main picture), reordered by
 * dragging or by the move buttons (keyboard and screen readers), removed, and added from a file
 * picker or by dropping files. With scripts each file is uploaded at once to the API, which checks
 * it and keeps it staged; the order travels as hidden `images` inputs. Without scripts the picker
 * is a plain file field posted with the form, and the page's action stages the files instead.
 */
export function ImageManager({
  initial,
  errors,
  locked = [],
  uploadUrl,
}: {
  initial: ManagedImage[];
  errors?: string[];
  /** Refs that may not be removed (after the first bid). */
  locked?: string[];
  uploadUrl: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  const [items, setItems] = useState<ManagedImage[]>(initial);
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState(false);
  const { uploads, problems, uploadFiles } = useImageUploads(uploadUrl, (ready) => {
    setItems((current) => [...current, ...ready]);
    setAnnouncement(t("listings.form.imageUploaded"));
  });
  const lockedSet = new Set(locked);
  const free = MAX_IMAGES - items.length - uploads.length;
  const messages = [...(errors ?? []), ...problems];

  function move(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return;
    setItems((current) => {
      const next = [...current];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      return next;
    });
    setAnnouncement(t("listings.form.imageMoved", { position: to + 1 }));
  }

  function remove(index: number) {
    setItems((current) => current.filter((_, position) => position !== index));
    setAnnouncement(t("listings.form.imageRemoved"));
  }

  return (
    <div data-testid="image-manager">
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t("listings.form.imagesHint")}
      </p>
      <ImageList
        items={items}
        uploads={uploads}
        hydrated={hydrated}
        locked={lockedSet}
        move={move}
        remove={remove}
        onDragging={setDragging}
      />
      {free > 0 ? (
        <DropZone
          id={id}
          count={items.length}
          hydrated={hydrated}
          dragging={dragging}
          invalid={messages.length > 0}
          onFiles={(files) => void uploadFiles(files, free)}
        />
      ) : null}
      {messages.length > 0 ? (
        <ul id={`${id}-error`} className="mt-2 flex flex-col gap-1 text-sm text-danger" data-field-error>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** The photos in their order, then those on their way; a photo is dragged to another's place. */
function ImageList({
  items,
  uploads,
  hydrated,
  locked,
  move,
  remove,
  onDragging,
}: {
  items: ManagedImage[];
  uploads: Upload[];
  hydrated: boolean;
  locked: Set<string>;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  onDragging: (dragging: boolean) => void;
}) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<number | null>(null);
  const hold = (index: number | null) => {
    setDragging(index);
    onDragging(index !== null);
  };
  const drag: TileDrag = {
    dragging,
    start: hold,
    drop: (index) => {
      if (dragging !== null) move(dragging, index);
      hold(null);
    },
    end: () => hold(null),
  };
  if (items.length + uploads.length === 0) return null;
  return (
    <ul
      className="mt-4 grid grid-cols-2 gap-3 tablet:grid-cols-3 desktop:grid-cols-4"
      aria-label={t("listings.form.sectionImages")}
      data-testid="image-list"
    >
      {items.map((item, index) => (
        <ImageTile
          key={item.ref}
          item={item}
          index={index}
          count={items.length}
          hydrated={hydrated}
          locked={locked.has(item.ref)}
          drag={drag}
          move={move}
          remove={remove}
        />
      ))}
      {uploads.map((upload) => (
        <UploadTile key={`upload-${upload.id}`} upload={upload} />
      ))}
    </ul>
  );
}

/** The file picker, which files may be dropped on too; without scripts a plain file field. */
function DropZone({
  id,
  count,
  hydrated,
  dragging,
  invalid,
  onFiles,
}: {
  id: string;
  count: number;
  hydrated: boolean;
  /** A photo of the list is being dragged: not a drop of files. */
  dragging: boolean;
  invalid: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const [dropActive, setDropActive] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function onPicked() {
    const files = [...(input.current?.files ?? [])];
    // Uploaded now: the field is emptied so the form does not post the files a second time.
    if (input.current) input.current.value = "";
    if (files.length > 0) onFiles(files);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDropActive(false);
    if (dragging) return;
    const files = [...event.dataTransfer.files].filter((file) => file.type.startsWith("image/") || file.name);
    if (files.length > 0) onFiles(files);
  }

  return (
    <label
      onDragOver={(event) => {
        if (dragging) return;
        event.preventDefault();
        setDropActive(true);
      }}
      onDragLeave={() => setDropActive(false)}
      onDrop={onDrop}
      className={`mt-4 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center transition ${
        dropActive ? "border-primary-dark bg-primary-dark/5" : "border-line bg-light/60 hover:border-primary"
      } focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary-dark`}
      data-testid="image-drop"
    >
      <span className="font-semibold text-primary-dark">+ {t("listings.form.imagesAdd")}</span>
      {hydrated ? <span className="text-sm text-muted">{t("listings.form.imagesDrop")}</span> : null}
      <span className="text-xs text-muted">{t("listings.form.imagesCount", { count })}</span>
      <input
        ref={input}
        type="file"
        name="newImages"
        multiple
        accept={ACCEPT}
        onChange={hydrated ? onPicked : undefined}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ""}`}
        aria-invalid={invalid ? true : undefined}
        className={hydrated ? "sr-only" : "mt-2 block max-w-full text-sm"}
        data-testid="image-input"
      />
    </label>
  );
}
