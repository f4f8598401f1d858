import type { ImgHTMLAttributes } from "react";
import { VARIANT_WIDTHS, type VariantWidth, variantSources } from "#core/web/image-variants.ts";

export type ResponsiveImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "sizes" | "width" | "height" | "loading" | "decoding" | "fetchPriority"
> & {
  /** The original's URL (`/uploads/...`); other URLs are used as they are, without a srcset. */
  src: string;
  alt: string;
  /** The picture's own size (or any box of its shape): reserves its space before it loads. */
  width: number;
  height: number;
  /** How wide the picture is drawn at each breakpoint (the `sizes` attribute); the browser picks the file. */
  sizes: string;
  /** The variants to offer; small pictures (thumbnails) need only the small ones. */
  widths?: readonly VariantWidth[];
  /**
   * Above the fold (the main product picture, the first row of cards): load at once with high
   * priority. Otherwise the picture loads lazily as it nears the viewport and decodes off the main
   * thread.
   */
  priority?: boolean;
};

/**
 * An uploaded picture served as resized variants: `src` is a middle width (for the rare browser
 * without srcset), `srcset` lists every variant with its width, and `sizes` tells the browser the
 * drawn width so it fetches no more pixels than the screen shows.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  widths = VARIANT_WIDTHS,
  priority = false,
  ...rest
}: ResponsiveImageProps) {
  const middle = widths[Math.floor((widths.length - 1) / 2)] ?? VARIANT_WIDTHS[2];
  // One check of the path for both attributes (issue 18: a listing renders dozens).
  const sources = variantSources(src, widths, middle);
  return (
    <img
      {...rest}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
