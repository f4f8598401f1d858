import {
  type Dispatch,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  type SetStateAction,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ChevronRightIcon, CloseIcon } from "#app/ui/icons.tsx";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import { variantSrc } from "#core/web/image-variants.ts";

export type GalleryImage = { url: string; width: number | null; height: number | null; alt: string };

/** Pictures without a stored size are assumed to be upright like the drawn bottles (4:5 box, contained). */
const PORTRAIT = { width: 400, height: 560 };
/**
 * The main picture's column (see the product page grid: 7 of 12 parts from desktop, minus the
 * gap), the full container width below, less the picture's own padding (`p-4`, 2 × 18 px): the
 * drawn width, so a phone of 412 px at 1.75 dppx takes the 640 variant (9 KB) instead of the 960
 * (16 KB), the page's LCP element (issue 18). Pixels: the page's rem is 18 px, a rem in `sizes` 16.
 */
const MAIN_SIZES =
  "(min-width: 1580px) 837px, (min-width: 1260px) 627px, (min-width: 1028px) 526px, calc(100vw - 72px)";
const THUMB_WIDTHS = [160, 320] as const;
/** The large view zooms 2.5×: it always gets the largest variant. */
const ZOOM_WIDTH = 1280;

const ARROW =
  "grid size-11 place-items-center rounded-full bg-white/90 text-ink shadow-md ring-1 ring-ink/10 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

/**
 * The product's photographs: a large picture with thumbnails below. A click or tap on the picture
 * (or Enter) opens the large view, a modal dialog where the photo can be zoomed (click, or + and -)
 * and panned by moving the pointer; arrow keys page through the photos, Escape closes it and gives
 * the focus back to the picture.
 */
export function ProductGallery({
  images,
  name,
  dimmed = false,
}: {
  images: GalleryImage[];
  name: string;
  dimmed?: boolean;
}) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  const show = (next: number) => {
    setIndex(next);
    setZoomed(false);
  };
  const go = (step: number) => {
    if (count >= 2) show((index + step + count) % count);
  };
  const close = () => {
    setOpen(false);
    setZoomed(false);
    triggerRef.current?.focus();
  };
  const onStageKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    go(event.key === "ArrowLeft" ? -1 : 1);
  };
  if (!current) return <NoImage />;
  const view: View = { index, count, name, go };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys page the photos while focus is on the picture or a thumbnail (the controls themselves are buttons)
    <div className="flex flex-col gap-3" data-testid="gallery" onKeyDown={onStageKey}>
      <div className="relative overflow-hidden rounded-2xl bg-white ring-1 ring-line">
        <MainPicture
          view={view}
          image={current}
          dimmed={dimmed}
          triggerRef={triggerRef}
          onOpen={() => setOpen(true)}
        />
        {count > 1 ? <Arrows view={view} place="stage" /> : null}
        {count > 1 ? (
          <span
            className="absolute top-3 left-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-semibold text-ink ring-1 ring-ink/10"
            aria-hidden="true"
          >
            {index + 1} / {count}
          </span>
        ) : null}
      </div>
      {count > 1 ? <Thumbnails images={images} view={view} onPick={show} /> : null}
      <Lightbox view={view} image={current} open={open} zoom={[zoomed, setZoomed]} onClose={close} />
    </div>
  );
}

/** Where the gallery stands, for its parts. */
type View = { index: number; count: number; name: string; go: (step: number) => void };

function NoImage() {
  const { t } = useTranslation();
  return (
    <div
      className="grid aspect-[4/5] w-full place-items-center rounded-2xl bg-white text-muted ring-1 ring-line"
      data-testid="gallery"
    >
      <div className="flex flex-col items-center gap-3">
        <svg
          viewBox="0 0 48 48"
          className="size-16 text-line"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M20 4h8v8l3 5v25a2 2 0 0 1-2 2H19a2 2 0 0 1-2-2V17l3-5z" />
          <path d="M17 24h14v10H17z" />
        </svg>
        <span className="text-sm">{t("product.gallery.noImage")}</span>
      </div>
    </div>
  );
}

/** The large picture: a button that opens the large view. */
function MainPicture({
  view,
  image,
  dimmed,
  triggerRef,
  onOpen,
}: {
  view: View;
  image: GalleryImage;
  dimmed: boolean;
  triggerRef: RefObject<HTMLButtonElement | null>;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      ref={triggerRef}
      type="button"
      onClick={onOpen}
      className="group block w-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-primary-dark"
      aria-label={t("product.gallery.open", { n: view.index + 1, total: view.count })}
      aria-haspopup="dialog"
      data-testid="gallery-main"
    >
      <ResponsiveImage
        src={image.url}
        alt={image.alt || view.name}
        width={image.width ?? PORTRAIT.width}
        height={image.height ?? PORTRAIT.height}
        sizes={MAIN_SIZES}
        priority
        className={`mx-auto aspect-[4/5] max-h-[75vh] w-full object-contain p-4 transition duration-300 group-hover:scale-[1.02] ${dimmed ? "grayscale-[60%]" : ""}`}
      />
      <span className="pointer-events-none absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-ink/70 px-3 py-1.5 text-xs font-medium text-white backdrop-blur-sm">
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="6.5" />
          <path d="M16 16l4.5 4.5M11 8v6M8 11h6" />
        </svg>
        {t("product.gallery.zoomHint")}
      </span>
    </button>
  );
}

/** Previous and next, on the picture or in the large view. */
function Arrows({ view, place }: { view: View; place: "stage" | "lightbox" }) {
  const { t } = useTranslation();
  const [left, right] =
    place === "stage" ? ["left-3", "right-3"] : ["left-2 tablet:left-4", "right-2 tablet:right-4"];
  return (
    <>
      <button
        type="button"
        onClick={() => view.go(-1)}
        className={`absolute top-1/2 ${left} -translate-y-1/2 ${ARROW}`}
        aria-label={t("product.gallery.prev")}
      >
        <ChevronRightIcon className="size-5 rotate-180" />
      </button>
      <button
        type="button"
        onClick={() => view.go(1)}
        className={`absolute top-1/2 ${right} -translate-y-1/2 ${ARROW}`}
        aria-label={t("product.gallery.next")}
      >
        <ChevronRightIcon className="size-5" />
      </button>
    </>
  );
}

function Thumbnails({
  images,
  view,
  onPick,
}: {
  images: GalleryImage[];
  view: View;
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t("product.gallery.thumbnails")}>
      {images.map((image, i) => (
        <li key={image.url} className="shrink-0">
          <button
            type="button"
            onClick={() => onPick(i)}
            aria-label={t("product.gallery.thumb", { n: i + 1, total: view.count })}
            aria-current={i === view.index ? "true" : undefined}
            data-testid="gallery-thumb"
            className={`block size-20 overflow-hidden rounded-lg bg-white ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark tablet:size-24 ${
              i === view.index ? "ring-2 ring-primary-dark" : "ring-line opacity-80 hover:opacity-100"
            }`}
          >
            <ResponsiveImage
              src={image.url}
              alt=""
              width={96}
              height={96}
              sizes="(min-width: 768px) 108px, 90px"
              widths={THUMB_WIDTHS}
              className="size-full object-contain p-1.5"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}

type Zoom = [boolean, Dispatch<SetStateAction<boolean>>];

/**
 * The large view, a modal dialog: zoom by click or + and -, pan by moving the pointer, page by the
 * arrow keys; Escape closes it.
 */
function Lightbox({
  view,
  image,
  open,
  zoom,
  onClose,
}: {
  view: View;
  image: GalleryImage;
  open: boolean;
  zoom: Zoom;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const setZoomed = zoom[1];
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") view.go(-1);
    else if (event.key === "ArrowRight") view.go(1);
    else if (event.key === "+" || event.key === "=") setZoomed(true);
    else if (event.key === "-") setZoomed(false);
    else return;
    event.preventDefault();
  };
  return (
    <dialog
      ref={dialogRef}
      aria-label={t("product.gallery.dialog", { name: view.name })}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKey}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-ink/95 p-0 text-white backdrop:bg-ink/80"
      data-testid="gallery-lightbox"
    >
      {open && (
        <div className="flex h-full flex-col">
          <LightboxBar view={view} zoom={zoom} onClose={onClose} />
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-2 tablet:px-16">
            <ZoomablePhoto image={image} name={view.name} zoom={zoom} />
            {view.count > 1 ? <Arrows view={view} place="lightbox" /> : null}
          </div>
          <p className="px-4 pb-3 text-center text-xs text-white/60">{t("product.gallery.keysHint")}</p>
        </div>
      )}
    </dialog>
  );
}

/** Which photo of how many, its product, the zoom switch and the close button. */
function LightboxBar({ view, zoom, onClose }: { view: View; zoom: Zoom; onClose: () => void }) {
  const { t } = useTranslation();
  const [zoomed, setZoomed] = zoom;
  return (
    <div className="flex items-center justify-between gap-3 px-4 py-3">
      <p className="truncate text-sm text-white/80">
        <span className="font-semibold text-white">
          {view.index + 1} / {view.count}
        </span>
        <span className="ml-3">{view.name}</span>
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => setZoomed((value) => !value)}
          className="rounded-full px-3 py-2 text-sm font-medium ring-1 ring-white/30 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-secondary"
          aria-pressed={zoomed}
          data-testid="gallery-zoom"
        >
          {zoomed ? t("product.gallery.zoomOut") : t("product.gallery.zoomIn")}
        </button>
        <button
          type="button"
          onClick={onClose}
          className="grid size-11 place-items-center rounded-full ring-1 ring-white/30 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-secondary"
          aria-label={t("common.close")}
          data-testid="gallery-close"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
    </div>
  );
}

/** The photo in the large view: a click zooms in at the pointer (or out), moving the pointer pans. */
function ZoomablePhoto({ image, name, zoom }: { image: GalleryImage; name: string; zoom: Zoom }) {
  const [zoomed, setZoomed] = zoom;
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  const pan = (event: PointerEvent<HTMLElement>) => {
    if (!zoomed) return;
    const box = event.currentTarget.getBoundingClientRect();
    setOrigin({
      x: Math.max(0, Math.min(100, ((event.clientX - box.left) / box.width) * 100)),
      y: Math.max(0, Math.min(100, ((event.clientY - box.top) / box.height) * 100)),
    });
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the zoom button and the + and - keys do the same from the keyboard
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer-only panning of the zoomed photo
    <div
      className={`relative h-full w-full overflow-hidden ${zoomed ? "cursor-zoom-out" : "cursor-zoom-in"}`}
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        setOrigin({
          x: ((event.clientX - box.left) / box.width) * 100,
          y: ((event.clientY - box.top) / box.height) * 100,
        });
        setZoomed((value) => !value);
      }}
      onPointerMove={pan}
    >
      <img
        src={variantSrc(image.url, ZOOM_WIDTH)}
        alt={image.alt || name}
        className="size-full object-contain transition-transform duration-200"
        style={{
          transform: zoomed ? "scale(2.5)" : "none",
          transformOrigin: `${origin.x}% ${origin.y}%`,
        }}
        data-testid="gallery-lightbox-image"
        data-zoomed={zoomed ? "true" : "false"}
      />
    </div>
  );
}
