import type { ReactNode } from "react";
import { ContactSeller } from "#app/features/listings/contact-seller.tsx";
import { OfferPanel } from "#app/features/product/purchase-panel.tsx";
import { BuyBox } from "#app/features/shop/buy-box.tsx";
import type { ProductDetail } from "#core/contracts/product.ts";

/**
 * The price block of a product that is not a running auction, as the product page composes it:
 * the product feature's panel with the shop's buy box, or the message to a classified's seller
 * (features never import each other: the page joins them).
 */
export function ProductOffer({ product, watch }: { product: ProductDetail; watch: ReactNode }) {
  const action =
    product.format === "shop" ? (
      <BuyBox product={product} />
    ) : (
      <ContactSeller
        productId={product.id}
        sellerId={product.seller?.id ?? null}
        demand={product.type === "demand"}
      />
    );
  return <OfferPanel product={product} watch={watch} action={action} />;
}
