/** ProductGrid lives beside ProductCard; this module re-exports it for those who look for it here. */
export { ProductGrid, type ProductGridProps } from "./product-card.tsx";
