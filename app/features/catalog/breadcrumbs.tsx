import { useTranslation } from "#app/i18n/use-translation.ts";
import { SPA_LINK } from "#app/ui/spa-links.tsx";

export type BreadcrumbItem = { name: string; url: string };

/** The path to the page (home first, the page itself last and not a link). */
export function Breadcrumbs({ items }: { items: BreadcrumbItem[] }) {
  const { t } = useTranslation();
  if (items.length < 2) return null;
  return (
    <nav
      aria-label={t("catalog.breadcrumbs.label")}
      className="mb-4 text-[0.8rem] text-muted"
      data-testid="breadcrumbs"
    >
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.url} className="flex items-center gap-1.5">
              {last ? (
                <span aria-current="page" className="font-semibold text-ink">
                  {item.name}
                </span>
              ) : (
                <>
                  <a
                    {...SPA_LINK}
                    href={item.url}
                    className="underline-offset-4 hover:text-primary-dark hover:underline"
                  >
                    {item.name}
                  </a>
                  <span aria-hidden="true" className="text-line">
                    /
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
