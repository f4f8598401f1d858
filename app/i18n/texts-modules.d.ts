/** The per-language text modules of scripts/vite/texts-plugin.ts. */
declare module "virtual:rarita-texts/*" {
  const texts: Record<string, unknown>;
  export default texts;
}
