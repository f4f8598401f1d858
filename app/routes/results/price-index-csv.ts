import { indexCsv } from "#app/features/results/index-format.ts";
import { priceIndexQuerySchema } from "#core/schemas/results.ts";
import { appContext } from "../../context.ts";
import type { Route } from "./+types/price-index-csv";

/**
 * The price index as CSV (`/vysledky/cenovy-index.csv`, `/en/results/price-index.csv`): the same
 * frozen months as the page, in the language's spreadsheet convention (index-format.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context.get(appContext);
  const { category } = priceIndexQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const offered = new Set(await services.saleResults.indexCategories());
  const scope = category !== undefined && offered.has(category) ? category : null;
  const levels = await services.saleResults.indexLevels(scope);
  const name = `${locale === "cs" ? "rarita-cenovy-index" : "rarita-price-index"}-${scope ?? (locale === "cs" ? "trh" : "market")}.csv`;
  return new Response(indexCsv(levels, locale), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
