/** The per-language text modules of scripts/vite/texts-plugin.ts. */
declare module "virtual:rarita-texts/imports" {
  /** `cs-base`, `cs-catalog`, `cs-admin`, …: each loads one language's piece. */
  const imports: Record<string, () => Promise<{ default: Record<string, unknown> }>>;
  export default imports;
}
declare module "virtual:rarita-texts/*" {
  const texts: Record<string, unknown>;
  export default texts;
}
