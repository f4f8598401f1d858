import { useTranslation } from "#app/i18n/use-translation.ts";
import type { AttributeRow } from "#core/contracts/listing-attributes.ts";

/**
 * The listing's structured attributes (issue 37, item 1) as a table, in the category's order of
 * importance: the label, and the value as the server wrote it in the page's language ("41,3 %",
 * "12 let", an enum's label). Nothing when the listing states none.
 */
export function AttributesTable({ rows }: { rows: AttributeRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="attributes-title" data-testid="product-attributes">
      <h2 id="attributes-title" className="font-serif text-2xl text-primary-dark">
        {t("listingAttributes.product.title")}
      </h2>
      <table className="mt-4 w-full overflow-hidden rounded-2xl bg-white text-sm ring-1 ring-line">
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.key} data-testid={`attribute-row-${row.key}`}>
              <th
                scope="row"
                className="w-[9rem] px-4 py-3 text-left align-top font-normal text-muted tablet:w-[11rem]"
              >
                {row.label}
              </th>
              <td className="px-4 py-3 font-medium text-ink">{row.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
