import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { failProgress, finishProgress, startProgress } from "../feedback/progress-store.ts";
import { useHydrated } from "../feedback/use-hydrated.ts";
import { ResponsiveImage } from "../ui/responsive-image.tsx";

export type ManagedImage = { ref: string; url: string };

/** What the server takes (server/modules/listings/images.ts); the server checks the bytes again. */
const MAX_IMAGES = 12;
const MAX_MB = 15;
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif";

/**
 * Photos sent at once. The server encodes two at a time (media/uploads.ts), so a third is on the
 * wire while two are encoded; more would only share the seller's upload bandwidth.
 */
export const UPLOADS_AT_ONCE = 3;

/** A photo on its way: bytes sent of the file's size (the browser's count), then the server's work. */
type Upload = { id: number; name: string; sent: number; size: number; processing: boolean };

type UploadAnswer = { status: number; json: UploadJson | null };
type UploadJson = {
  data?: { token: string; url: string };
  errors?: { image?: string[] };
  message?: string;
};

/**
 * POSTs the form with XMLHttpRequest, whose upload events tell how much has been sent (fetch
 * cannot). Same-origin, so the session cookie goes along as with fetch.
 */
function send(url: string, body: FormData, onProgress: (sent: number, total: number) => void) {
  return new Promise<UploadAnswer>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.onload = () => {
      let json: UploadJson | null = null;
      try {
        json = JSON.parse(request.responseText) as UploadJson;
      } catch {
        json = null;
      }
      resolve({ status: request.status, json });
    };
    request.onerror = () => reject(new Error("network"));
    request.onabort = () => reject(new Error("aborted"));
    request.send(body);
  });
}

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
  const { t, locale } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  const [items, setItems] = useState<ManagedImage[]>(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const counter = useRef(0);
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

  function updateUpload(id: number, change: Partial<Upload>) {
    setUploads((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
  }

  /** Uploads one photo; its thumbnail's data, or null after telling what went wrong. */
  async function uploadOne(upload: Upload, file: File): Promise<ManagedImage | null> {
    startProgress();
    try {
      if (file.size > MAX_MB * 1024 * 1024)
        throw new UploadProblem(t("listings.errors.imageTooLarge", { mb: MAX_MB }));
      const body = new FormData();
      body.append("image", file);
      const { status, json } = await send(`${uploadUrl}?lang=${locale}`, body, (sent, total) =>
        updateUpload(upload.id, { sent, size: total, processing: sent >= total }),
      );
      if (status === 201 && json?.data) return { ref: json.data.token, url: json.data.url };
      throw new UploadProblem(json?.errors?.image?.[0] ?? json?.message ?? t("listings.errors.upload"));
    } catch (error) {
      failProgress();
      const message = error instanceof UploadProblem ? error.message : t("listings.errors.upload");
      setProblems((current) => [...current, `${file.name}: ${message}`]);
      return null;
    } finally {
      finishProgress();
    }
  }

  /**
   * Uploads the picked photos, UPLOADS_AT_ONCE at a time. They join the list in the order picked:
   * one that is done waits (shown as done) until those before it are done too.
   */
  async function uploadFiles(files: File[]) {
    setProblems([]);
    const accepted = files.slice(0, Math.max(0, free));
    if (files.length > accepted.length) setProblems([t("listings.errors.imagesTooMany")]);
    const batch = accepted.map((file) => {
      counter.current += 1;
      return {
        file,
        upload: { id: counter.current, name: file.name, sent: 0, size: file.size, processing: false },
      };
    });
    setUploads((current) => [...current, ...batch.map((entry) => entry.upload)]);
    const results: (ManagedImage | null | undefined)[] = batch.map(() => undefined);
    let shown = 0;
    const showReady = () => {
      const ready: ManagedImage[] = [];
      const gone: number[] = [];
      while (shown < batch.length && results[shown] !== undefined) {
        const result = results[shown];
        if (result) ready.push(result);
        gone.push(batch[shown].upload.id);
        shown += 1;
      }
      if (gone.length === 0) return;
      setUploads((current) => current.filter((entry) => !gone.includes(entry.id)));
      if (ready.length > 0) {
        setItems((current) => [...current, ...ready]);
        setAnnouncement(t("listings.form.imageUploaded"));
      }
    };
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const index = next++;
        results[index] = await uploadOne(batch[index].upload, batch[index].file);
        showReady();
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, batch.length) }, worker));
  }

  function onPicked() {
    const files = [...(input.current?.files ?? [])];
    // Uploaded now: the field is emptied so the form does not post the files a second time.
    if (input.current) input.current.value = "";
    if (files.length > 0) void uploadFiles(files);
  }

  function onDropFiles(event: DragEvent) {
    event.preventDefault();
    setDropActive(false);
    if (dragging !== null) return;
    const files = [...event.dataTransfer.files].filter((file) => file.type.startsWith("image/") || file.name);
    if (files.length > 0) void uploadFiles(files);
  }

  return (
    <div data-testid="image-manager">
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t("listings.form.imagesHint")}
      </p>
      {items.length + uploads.length > 0 ? (
        <ul
          className="mt-4 grid grid-cols-2 gap-3 tablet:grid-cols-3 desktop:grid-cols-4"
          aria-label={t("listings.form.sectionImages")}
          data-testid="image-list"
        >
          {items.map((item, index) => {
            const position = index + 1;
            return (
              <li
                key={item.ref}
                draggable={hydrated}
                onDragStart={(event) => {
                  setDragging(index);
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", item.ref);
                }}
                onDragOver={(event) => {
                  if (dragging !== null) event.preventDefault();
                }}
                onDrop={(event) => {
                  if (dragging === null) return;
                  event.preventDefault();
                  event.stopPropagation();
                  move(dragging, index);
                  setDragging(null);
                }}
                onDragEnd={() => setDragging(null)}
                className={`group relative overflow-hidden rounded-lg bg-white ring-1 ${
                  index === 0 ? "ring-2 ring-secondary" : "ring-line"
                } ${dragging === index ? "opacity-50" : ""} ${hydrated ? "cursor-grab active:cursor-grabbing" : ""}`}
                data-testid="image-item"
                data-ref={item.ref}
              >
                <input type="hidden" name="images" value={item.ref} />
                <ResponsiveImage
                  src={item.url}
                  alt={t("listings.form.imageAlt", { position })}
                  width={320}
                  height={320}
                  widths={[160, 320, 480]}
                  sizes="(min-width: 1028px) 180px, (min-width: 768px) 220px, 45vw"
                  className="aspect-square w-full object-cover"
                  draggable={false}
                />
                <span className="absolute top-2 left-2 rounded-full bg-ink/75 px-2 py-0.5 text-xs font-semibold text-white">
                  {index === 0 ? t("listings.form.imageMain") : position}
                </span>
                {hydrated ? (
                  <div className="flex items-center justify-between gap-1 border-t border-line bg-white px-1.5 py-1">
                    <div className="flex gap-1">
                      <IconButton
                        label={t("listings.form.imageUp", { position })}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                        testId="image-up"
                      >
                        ←
                      </IconButton>
                      <IconButton
                        label={t("listings.form.imageDown", { position })}
                        disabled={index === items.length - 1}
                        onClick={() => move(index, index + 1)}
                        testId="image-down"
                      >
                        →
                      </IconButton>
                    </div>
                    {lockedSet.has(item.ref) ? (
                      <span
                        className="flex size-9 items-center justify-center text-muted"
                        title={t("listings.form.imageLocked")}
                      >
                        <LockIcon />
                        <span className="sr-only">{t("listings.form.imageLocked")}</span>
                      </span>
                    ) : (
                      <IconButton
                        label={t("listings.form.imageRemove", { position })}
                        onClick={() => remove(index)}
                        testId="image-remove"
                        danger
                      >
                        ×
                      </IconButton>
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
          {uploads.map((upload) => {
            const percent =
              upload.size > 0 ? Math.min(100, Math.round((100 * upload.sent) / upload.size)) : 0;
            return (
              <li
                key={`upload-${upload.id}`}
                className="flex aspect-square flex-col items-center justify-center gap-2 rounded-lg bg-white p-3 text-center text-xs text-muted ring-1 ring-line"
                data-testid="image-uploading"
              >
                <span className="line-clamp-2 break-words">
                  {upload.processing
                    ? t("listings.form.imageProcessing", { name: upload.name })
                    : t("listings.form.imageUploading", { name: upload.name })}
                </span>
                <span
                  role="progressbar"
                  aria-label={t("listings.form.imageProgress", { name: upload.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-valuetext={
                    upload.processing ? t("listings.form.imageProcessing", { name: upload.name }) : undefined
                  }
                  className="block h-2 w-full overflow-hidden rounded-full bg-light ring-1 ring-line"
                  data-testid="image-progress"
                >
                  <span
                    className={`block h-full rounded-full bg-primary-dark transition-[width] duration-200 ${
                      upload.processing ? "animate-pulse" : ""
                    }`}
                    style={{ width: `${percent}%` }}
                  />
                </span>
                <span aria-hidden="true" className="font-semibold text-ink tabular-nums">
                  {new Intl.NumberFormat(locale, { style: "percent" }).format(percent / 100)}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}

      {free > 0 ? (
        <label
          onDragOver={(event) => {
            if (dragging !== null) return;
            event.preventDefault();
            setDropActive(true);
          }}
          onDragLeave={() => setDropActive(false)}
          onDrop={onDropFiles}
          className={`mt-4 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center transition ${
            dropActive
              ? "border-primary-dark bg-primary-dark/5"
              : "border-line bg-light/60 hover:border-primary"
          } focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary-dark`}
          data-testid="image-drop"
        >
          <span className="font-semibold text-primary-dark">+ {t("listings.form.imagesAdd")}</span>
          {hydrated ? <span className="text-sm text-muted">{t("listings.form.imagesDrop")}</span> : null}
          <span className="text-xs text-muted">
            {t("listings.form.imagesCount", { count: items.length })}
          </span>
          <input
            ref={input}
            type="file"
            name="newImages"
            multiple
            accept={ACCEPT}
            onChange={hydrated ? onPicked : undefined}
            aria-describedby={`${id}-hint${messages.length ? ` ${id}-error` : ""}`}
            aria-invalid={messages.length ? true : undefined}
            className={hydrated ? "sr-only" : "mt-2 block max-w-full text-sm"}
            data-testid="image-input"
          />
        </label>
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

class UploadProblem extends Error {}

function IconButton({
  label,
  onClick,
  disabled,
  children,
  testId,
  danger,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: string;
  testId: string;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className={`flex size-9 items-center justify-center rounded text-lg leading-none disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-primary-dark ${
        danger ? "text-danger hover:bg-danger/10" : "text-primary-dark hover:bg-light"
      }`}
      data-testid={testId}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

function LockIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
