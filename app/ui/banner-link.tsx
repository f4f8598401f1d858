import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A banner's link: addresses starting with http open in a new tab (as the top menu's do), others
 * are internal routes. Without a url the content is shown unlinked.
 */
export function BannerLink({
  url,
  onClick,
  className,
  children,
}: {
  url: string | null;
  onClick?: () => void;
  className?: string;
  children: ReactNode;
}) {
  if (!url) return <div className={className}>{children}</div>;
  if (/^https?:\/\//i.test(url))
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" onClick={onClick} className={className}>
        {children}
      </a>
    );
  return (
    <Link to={url} onClick={onClick} className={className}>
      {children}
    </Link>
  );
}

/** A banner's image address: path + image (docs/product/calls-and-errors.md, "The spec's calls"). */
export function bannerImageUrl(banner: { path: string; image: string }): string {
  return `${banner.path.replace(/\/+$/, "")}/${banner.image.replace(/^\/+/, "")}`;
}
