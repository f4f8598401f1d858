import { useTranslation } from "#app/i18n/use-translation.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import type { ManagedImage, Upload } from "./use-image-uploads.ts";

/** The drag-and-drop of a photo within the list: which one is held, and where it is let go. */
export type TileDrag = {
  dragging: number | null;
  start: (index: number) => void;
  drop: (index: number) => void;
  end: () => void;
};

/**
 * One photo of the list: its thumbnail (the first is the main picture), its hidden `images` field
 * (the order the form posts), and with scripts the move and remove buttons and dragging.
 */
export function ImageTile({
  item,
  index,
  count,
  hydrated,
  locked,
  drag,
  move,
  remove,
}: {
  item: ManagedImage;
  index: number;
  count: number;
  hydrated: boolean;
  locked: boolean;
  drag: TileDrag;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const position = index + 1;
  return (
    <li
      draggable={hydrated}
      onDragStart={(event) => {
        drag.start(index);
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", item.ref);
      }}
      onDragOver={(event) => {
        if (drag.dragging !== null) event.preventDefault();
      }}
      onDrop={(event) => {
        if (drag.dragging === null) return;
        event.preventDefault();
        event.stopPropagation();
        drag.drop(index);
      }}
      onDragEnd={drag.end}
      className={`group relative overflow-hidden rounded-lg bg-white ring-1 ${
        index === 0 ? "ring-2 ring-secondary" : "ring-line"
      } ${drag.dragging === index ? "opacity-50" : ""} ${hydrated ? "cursor-grab active:cursor-grabbing" : ""}`}
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
        <TileButtons index={index} count={count} locked={locked} move={move} remove={remove} />
      ) : null}
    </li>
  );
}

function TileButtons({
  index,
  count,
  locked,
  move,
  remove,
}: {
  index: number;
  count: number;
  locked: boolean;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const position = index + 1;
  return (
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
          disabled={index === count - 1}
          onClick={() => move(index, index + 1)}
          testId="image-down"
        >
          →
        </IconButton>
      </div>
      {locked ? (
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
  );
}

/** A photo on its way: its name and a bar of the part sent, then of the server's work. */
export function UploadTile({ upload }: { upload: Upload }) {
  const { t, locale } = useTranslation();
  const percent = upload.size > 0 ? Math.min(100, Math.round((100 * upload.sent) / upload.size)) : 0;
  return (
    <li
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
}

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
