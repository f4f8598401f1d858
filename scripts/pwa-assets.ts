import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { webAppManifest } from "../app/pwa/manifest.ts";
import { offlinePageHtml } from "../app/pwa/offline-page.ts";

/**
 * `npm run pwa:assets`: the app's icons (the web app manifest's, the Apple touch icon) drawn from
 * one source, app/pwa/icon.svg, into public/icons, and the web app manifests of both languages
 * (public/manifest.cs.webmanifest, public/manifest.en.webmanifest) with their shortcuts' paths
 * from core/i18n/paths.ts, and the offline page (public/offline.html); all committed (ADR 0110). Run it again after changing the source. The
 * sizes are the ones browsers ask for: 192 and 512 (Chrome's install criteria, Android's splash),
 * a maskable 512, 180 for iOS, 96 for the shortcuts.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = await fs.readFile(path.join(root, "app/pwa/icon.svg"));
const out = path.join(root, "public/icons");
await fs.mkdir(out, { recursive: true });

const sizes: [string, number][] = [
  ["icon-96.png", 96],
  ["icon-192.png", 192],
  ["icon-512.png", 512],
  ["maskable-512.png", 512],
  ["apple-touch-icon.png", 180],
];
for (const [name, size] of sizes) {
  await sharp(source, { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  process.stdout.write(`public/icons/${name}\n`);
}

for (const locale of ["cs", "en"] as const) {
  const file = `manifest.${locale}.webmanifest`;
  await fs.writeFile(path.join(root, "public", file), `${JSON.stringify(webAppManifest(locale), null, 2)}\n`);
  process.stdout.write(`public/${file}\n`);
}

await fs.writeFile(path.join(root, "public/offline.html"), offlinePageHtml());
process.stdout.write("public/offline.html\n");

// In the house's format (biome), so that a run without changes leaves the files as committed.
spawnSync(
  "npx",
  ["biome", "format", "--write", "public/manifest.cs.webmanifest", "public/manifest.en.webmanifest"],
  {
    cwd: root,
    stdio: "ignore",
  },
);
