import { Form, useLocation, useSearchParams } from "react-router";
import { Autocomplete } from "#app/features/catalog/autocomplete.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { SearchIcon } from "#app/ui/icons.tsx";
import { localePath } from "#core/i18n/paths.ts";

type SearchBoxProps = {
  className?: string;
  /** "bar": on the dark header; "phone": the header's row below the desktop width; "menu": on the light mobile menu. */
  variant: "bar" | "phone" | "menu";
  onSubmit?: () => void;
};

/**
 * The header's search box (docs/product/screens.md, "Parts of every page"): a GET form to the search
 * page with `q`, with the search page's suggestions under it (products and categories as you type).
 * Without JavaScript it is a plain search form.
 */
export function SearchBox({ className = "", variant, onSubmit }: SearchBoxProps) {
  const { locale, t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const action = localePath("search", locale);
  // On the search page the box shows the query being looked at.
  const current = pathname === action ? (params.get("q") ?? "") : "";
  const bar = variant !== "menu";

  return (
    <Form
      method="get"
      action={action}
      role="search"
      className={`relative flex items-center ${className}`}
      onSubmit={onSubmit}
      data-testid={`search-${variant}`}
    >
      <Autocomplete
        defaultValue={current}
        label={t("header.searchLabel")}
        placeholder={t("header.searchPlaceholder")}
        className="w-full"
        onNavigate={onSubmit}
        inputClassName={`h-11 w-full rounded-full border pr-12 pl-5 text-[0.9rem] text-ink placeholder:text-muted focus:outline-2 focus:outline-offset-2 ${
          bar
            ? "border-transparent bg-white shadow-inner focus:outline-secondary"
            : "border-line bg-white focus:border-primary-dark focus:outline-primary-dark"
        }`}
      />
      <button
        type="submit"
        className="absolute right-1 inline-flex size-9 items-center justify-center rounded-full bg-primary-dark text-white transition-colors hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
      >
        <SearchIcon className="size-[1.1rem]" />
        <span className="sr-only">{t("header.searchSubmit")}</span>
      </button>
    </Form>
  );
}
