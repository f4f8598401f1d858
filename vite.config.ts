import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { textsPlugin } from "./scripts/vite/texts-plugin.ts";

export default defineConfig({
  // textsPlugin: the browser gets one language's texts, the back office's only on its pages.
  plugins: [textsPlugin(import.meta.dirname), tailwindcss(), reactRouter()],
});
