import type { Kind } from "./catalogue.ts";
import { escapeXml } from "./text.ts";

/**
 * Product pictures drawn as small SVGs: a bottle whose shape follows the kind (squat rum bottle,
 * tall Bordeaux, sloping Burgundy, champagne with foil, cognac decanter...), a box for cigars, a
 * tin for pipe tobacco, a humidor, a glass or a tool for accessories. Colours come from the brand
 * and vary per product; the label carries the brand and the product name.
 */

export type ImageVariant = "front" | "detail" | "back";

export type DrawInput = {
  kind: Kind;
  brand: string;
  name: string;
  /** Age, vintage or similar short text for the label ("2005", "18 yo"). */
  badge?: string;
  colors: [string, string];
  /** 0..1, varies hues and details per product. */
  seed: number;
  variant: ImageVariant;
};

const W = 400;
const H = 560;

function hexToHsl(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h = 0;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}

const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(Math.max(0, Math.min(100, s)))}% ${Math.round(Math.max(0, Math.min(100, l)))}%)`;

/** Splits text into at most `maxLines` lines of about `width` characters. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (!line) line = word;
    else if (`${line} ${word}`.length <= width) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, Math.max(1, width - 1))}…`;
    return kept;
  }
  return lines;
}

type BottleShape = {
  neck: number;
  body: number;
  top: number;
  neckEnd: number;
  shoulderEnd: number;
  bottom: number;
  r: number;
};

const bottleShapes: Partial<Record<Kind, BottleShape>> = {
  rum: { neck: 46, body: 190, top: 120, neckEnd: 195, shoulderEnd: 250, bottom: 520, r: 18 },
  agricole: { neck: 40, body: 150, top: 70, neckEnd: 170, shoulderEnd: 230, bottom: 520, r: 12 },
  whisky: { neck: 44, body: 160, top: 70, neckEnd: 160, shoulderEnd: 215, bottom: 520, r: 10 },
  bourbon: { neck: 40, body: 170, top: 90, neckEnd: 170, shoulderEnd: 215, bottom: 520, r: 14 },
  japanese: { neck: 42, body: 165, top: 80, neckEnd: 165, shoulderEnd: 225, bottom: 520, r: 12 },
  "red-wine": { neck: 38, body: 120, top: 40, neckEnd: 180, shoulderEnd: 228, bottom: 530, r: 10 },
  burgundy: { neck: 38, body: 136, top: 40, neckEnd: 140, shoulderEnd: 295, bottom: 530, r: 12 },
  "sweet-wine": { neck: 36, body: 118, top: 50, neckEnd: 185, shoulderEnd: 232, bottom: 530, r: 10 },
  champagne: { neck: 46, body: 142, top: 40, neckEnd: 130, shoulderEnd: 300, bottom: 530, r: 14 },
  tokaji: { neck: 32, body: 100, top: 70, neckEnd: 200, shoulderEnd: 255, bottom: 530, r: 8 },
  port: { neck: 42, body: 128, top: 55, neckEnd: 150, shoulderEnd: 215, bottom: 530, r: 10 },
  armagnac: { neck: 40, body: 200, top: 120, neckEnd: 185, shoulderEnd: 300, bottom: 520, r: 60 },
  calvados: { neck: 40, body: 150, top: 80, neckEnd: 170, shoulderEnd: 240, bottom: 520, r: 12 },
  "fruit-brandy": { neck: 34, body: 118, top: 50, neckEnd: 175, shoulderEnd: 245, bottom: 525, r: 10 },
  gin: { neck: 52, body: 172, top: 95, neckEnd: 150, shoulderEnd: 180, bottom: 520, r: 8 },
  tequila: { neck: 40, body: 180, top: 110, neckEnd: 175, shoulderEnd: 240, bottom: 520, r: 30 },
  liqueur: { neck: 40, body: 140, top: 60, neckEnd: 150, shoulderEnd: 265, bottom: 525, r: 14 },
};

function bottlePath(s: BottleShape): string {
  const c = W / 2;
  const n = s.neck / 2;
  const b = s.body / 2;
  const mid = s.neckEnd + (s.shoulderEnd - s.neckEnd) * 0.45;
  return [
    `M${c - n},${s.top}`,
    `H${c + n}`,
    `V${s.neckEnd}`,
    `C${c + n},${mid} ${c + b},${mid} ${c + b},${s.shoulderEnd}`,
    `V${s.bottom - s.r}`,
    `Q${c + b},${s.bottom} ${c + b - s.r},${s.bottom}`,
    `H${c - b + s.r}`,
    `Q${c - b},${s.bottom} ${c - b},${s.bottom - s.r}`,
    `V${s.shoulderEnd}`,
    `C${c - b},${mid} ${c - n},${mid} ${c - n},${s.neckEnd}`,
    "Z",
  ].join("");
}

type Palette = {
  bg1: string;
  bg2: string;
  glass: string;
  liquid: string;
  label: string;
  accent: string;
  ink: string;
};

function palette(input: DrawInput): Palette {
  const [h, s] = hexToHsl(input.colors[1]);
  const shift = (input.seed - 0.5) * 40;
  const wine = ["red-wine", "burgundy", "port"].includes(input.kind);
  const clear = ["gin", "tequila", "glass", "decanter"].includes(input.kind);
  const sweet = ["sweet-wine", "tokaji"].includes(input.kind);
  return {
    bg1: hsl(h + shift + 30, 30, 94),
    bg2: hsl(h + shift, 28, 82),
    glass: wine
      ? hsl(140 + shift / 2, 35, 14)
      : input.kind === "champagne"
        ? hsl(110 + shift, 40, 18)
        : clear
          ? "hsl(200 30% 88%)"
          : hsl(35, 25, 80),
    liquid: wine
      ? hsl(350 + shift / 4, 60, 18)
      : input.kind === "champagne"
        ? hsl(70 + shift / 4, 45, 24)
        : sweet
          ? hsl(42 + shift / 4, 85, 52)
          : clear
            ? "hsl(195 40% 92%)"
            : hsl(28 + shift / 3, 75, 30 + input.seed * 15),
    label: input.colors[0],
    accent: hsl(h + shift / 3, Math.max(30, s), 28),
    ink: "#1d1b18",
  };
}

function labelText(
  x: number,
  y: number,
  width: number,
  input: DrawInput,
  ink: string,
  accent: string,
  scale = 1,
): string {
  const brandSize = Math.round(15 * scale);
  const nameSize = Math.round(12 * scale);
  const chars = Math.max(8, Math.floor(width / (nameSize * 0.56)));
  // The brand is already on the label; drop it from the start of the name.
  const name = input.name.startsWith(input.brand)
    ? input.name.slice(input.brand.length).trim() || input.name
    : input.name;
  const lines = wrap(name, chars, 3);
  const brandLines = wrap(input.brand.toUpperCase(), Math.max(6, Math.floor(width / (brandSize * 0.74))), 2);
  let out = "";
  let cy = y;
  for (const line of brandLines) {
    out += `<text x="${x}" y="${cy}" font-family="serif" font-size="${brandSize}" font-weight="bold" fill="${accent}" text-anchor="middle" letter-spacing="1">${escapeXml(line)}</text>`;
    cy += brandSize + 3;
  }
  cy += 4;
  for (const line of lines) {
    out += `<text x="${x}" y="${cy}" font-family="sans-serif" font-size="${nameSize}" fill="${ink}" text-anchor="middle">${escapeXml(line)}</text>`;
    cy += nameSize + 3;
  }
  if (input.badge)
    out += `<text x="${x}" y="${cy + 10}" font-family="serif" font-size="${Math.round(18 * scale)}" font-style="italic" fill="${accent}" text-anchor="middle">${escapeXml(input.badge)}</text>`;
  return out;
}

function drawBottle(input: DrawInput, p: Palette, id: string): string {
  const shape = bottleShapes[input.kind] ?? bottleShapes.whisky!;
  const d = bottlePath(shape);
  const c = W / 2;
  const fillTop = shape.shoulderEnd + (input.kind === "champagne" ? 0 : 10 + input.seed * 20);
  const labelW = shape.body - 24;
  const labelTop = Math.max(shape.shoulderEnd + 40, 300);
  const labelH = Math.min(150, shape.bottom - labelTop - 30);
  let out = `<clipPath id="${id}c"><path d="${d}"/></clipPath>`;
  out += `<path d="${d}" fill="${p.glass}"/>`;
  out += `<rect x="0" y="${fillTop}" width="${W}" height="${H}" fill="${p.liquid}" clip-path="url(#${id}c)" opacity="0.92"/>`;
  out += `<rect x="${c - shape.body / 2 + 10}" y="${shape.shoulderEnd + 10}" width="10" height="${shape.bottom - shape.shoulderEnd - 40}" rx="5" fill="#fff" opacity="0.22"/>`;
  // Cap, cork or foil.
  if (input.kind === "champagne")
    out += `<path d="M${c - shape.neck / 2 - 3},${shape.top - 4}H${c + shape.neck / 2 + 3}V${shape.neckEnd + 40}H${c - shape.neck / 2 - 3}Z" fill="${p.accent}"/><rect x="${c - shape.neck / 2 - 3}" y="${shape.neckEnd + 20}" width="${shape.neck + 6}" height="8" fill="#d4af37"/>`;
  else
    out += `<rect x="${c - shape.neck / 2 - 3}" y="${shape.top - 12}" width="${shape.neck + 6}" height="${input.kind === "rum" || input.kind === "tequila" ? 34 : 52}" rx="4" fill="${p.accent}"/>`;
  if (input.variant === "back") {
    out += `<rect x="${c - labelW / 2}" y="${labelTop}" width="${labelW}" height="${labelH}" rx="4" fill="${p.label}" stroke="${p.accent}" stroke-width="2"/>`;
    for (let i = 0; i < 6; i++)
      out += `<rect x="${c - labelW / 2 + 14}" y="${labelTop + 22 + i * 16}" width="${labelW - 28 - (i % 3) * 14}" height="5" fill="${p.ink}" opacity="0.35"/>`;
    out += `<rect x="${c - 30}" y="${labelTop + labelH - 30}" width="60" height="18" fill="${p.ink}" opacity="0.7"/>`;
    return out;
  }
  out += `<rect x="${c - labelW / 2}" y="${labelTop}" width="${labelW}" height="${labelH}" rx="4" fill="${p.label}" stroke="${p.accent}" stroke-width="3"/>`;
  out += `<rect x="${c - labelW / 2 + 6}" y="${labelTop + 6}" width="${labelW - 12}" height="${labelH - 12}" rx="2" fill="none" stroke="${p.accent}" stroke-width="1"/>`;
  out += labelText(c, labelTop + 28, labelW - 16, input, p.ink, p.accent);
  // Neck label.
  out += `<rect x="${c - shape.neck / 2}" y="${shape.neckEnd - 40}" width="${shape.neck}" height="22" fill="${p.label}"/>`;
  return out;
}

function drawDecanter(input: DrawInput, p: Palette, id: string): string {
  const c = W / 2;
  const clear = input.kind === "decanter";
  const body = `M${c - 24},180 C${c - 24},230 ${c - 150},250 ${c - 150},380 C${c - 150},500 ${c - 80},525 ${c},525 C${c + 80},525 ${c + 150},500 ${c + 150},380 C${c + 150},250 ${c + 24},230 ${c + 24},180 Z`;
  let out = `<clipPath id="${id}d"><path d="${body}"/></clipPath>`;
  out += `<path d="${body}" fill="${clear ? "hsl(200 30% 92%)" : "hsl(40 30% 88%)"}" stroke="${p.accent}" stroke-width="2"/>`;
  out += `<rect x="0" y="${300 + input.seed * 40}" width="${W}" height="${H}" fill="${clear ? "hsl(30 60% 45%)" : p.liquid}" clip-path="url(#${id}d)" opacity="${clear ? 0.55 : 0.9}"/>`;
  out += `<path d="M${c - 110},330 Q${c - 120},420 ${c - 80},480" stroke="#fff" stroke-width="8" fill="none" opacity="0.35"/>`;
  // Stopper.
  out += `<rect x="${c - 20}" y="150" width="40" height="34" fill="${p.accent}"/><path d="M${c},60 C${c + 45},95 ${c + 40},150 ${c},152 C${c - 40},150 ${c - 45},95 ${c},60Z" fill="${clear ? "hsl(200 30% 85%)" : "#d4af37"}" stroke="${p.accent}" stroke-width="2"/>`;
  if (input.variant === "back") return out;
  out += `<rect x="${c - 80}" y="360" width="160" height="96" rx="48" fill="${p.label}" stroke="${p.accent}" stroke-width="2" opacity="0.95"/>`;
  out += labelText(c, 392, 130, { ...input, badge: undefined }, p.ink, p.accent, 0.9);
  return out;
}

function drawCigarBox(input: DrawInput, p: Palette): string {
  const single = input.kind === "cigar-single";
  let out = "";
  if (single) {
    // A cigar in an aluminium tube, lying diagonally, with its band.
    out += `<g transform="rotate(-28 200 300)"><rect x="40" y="270" width="330" height="56" rx="28" fill="hsl(28 45% ${28 + input.seed * 10}%)"/>`;
    out += `<rect x="40" y="270" width="330" height="56" rx="28" fill="none" stroke="#3b2416" stroke-width="2"/>`;
    for (let i = 0; i < 6; i++)
      out += `<path d="M${80 + i * 45},272 l20,52" stroke="#3b2416" stroke-width="1" opacity="0.4"/>`;
    out += `<rect x="300" y="268" width="42" height="60" fill="${p.label}" stroke="${p.accent}" stroke-width="3"/>`;
    out += `<circle cx="321" cy="298" r="12" fill="${p.accent}"/></g>`;
    out += `<rect x="60" y="430" width="280" height="70" rx="6" fill="${p.label}" stroke="${p.accent}" stroke-width="2"/>`;
    out += labelText(200, 458, 260, { ...input, badge: undefined }, p.ink, p.accent, 0.9);
    return out;
  }
  const wood = `hsl(${20 + input.seed * 15} 45% ${30 + input.seed * 12}%)`;
  const woodTop = `hsl(${20 + input.seed * 15} 45% ${40 + input.seed * 12}%)`;
  // Box in perspective: top face, front face.
  out += `<path d="M40,230 L120,160 L370,160 L290,230 Z" fill="${woodTop}"/>`;
  out += `<path d="M290,230 L370,160 L370,370 L290,450 Z" fill="${wood}" opacity="0.8"/>`;
  out += `<rect x="40" y="230" width="250" height="220" fill="${wood}"/>`;
  if (input.variant === "detail") {
    // Open box: a row of cigars with bands.
    out += `<rect x="52" y="242" width="226" height="196" fill="#e9dcc4"/>`;
    for (let i = 0; i < 7; i++) {
      out += `<rect x="${58 + i * 31}" y="250" width="28" height="182" rx="13" fill="hsl(28 45% ${26 + ((i * 7) % 10)}%)"/>`;
      out += `<rect x="${58 + i * 31}" y="280" width="28" height="16" fill="${p.label}" stroke="${p.accent}" stroke-width="2"/>`;
    }
    return out;
  }
  out += `<rect x="60" y="260" width="210" height="160" fill="${p.label}" stroke="${p.accent}" stroke-width="4"/>`;
  out += `<path d="M40,300 H290" stroke="#d4af37" stroke-width="6" opacity="0.7"/>`;
  out += labelText(165, 318, 190, input, p.ink, p.accent);
  // Warranty seal on the side.
  out += `<path d="M300,232 L360,176 L360,200 L300,256 Z" fill="#2e7d32" opacity="0.85"/>`;
  return out;
}

function drawTin(input: DrawInput, p: Palette): string {
  let out = `<rect x="80" y="250" width="240" height="180" fill="${p.accent}"/>`;
  out += `<ellipse cx="200" cy="430" rx="120" ry="36" fill="${p.accent}"/>`;
  out += `<ellipse cx="200" cy="250" rx="120" ry="36" fill="${p.label}" stroke="${p.accent}" stroke-width="4"/>`;
  out += `<ellipse cx="200" cy="250" rx="96" ry="26" fill="none" stroke="${p.accent}" stroke-width="2"/>`;
  out += `<rect x="92" y="300" width="216" height="100" fill="${p.label}"/>`;
  out += labelText(200, 330, 200, { ...input, badge: undefined }, p.ink, p.accent, 0.9);
  return out;
}

function drawHumidor(input: DrawInput, p: Palette): string {
  const wood = `hsl(${18 + input.seed * 20} 50% ${26 + input.seed * 14}%)`;
  let out = `<path d="M40,250 L110,190 L370,190 L300,250 Z" fill="${wood}" opacity="0.85"/>`;
  out += `<rect x="40" y="250" width="260" height="200" fill="${wood}"/>`;
  out += `<path d="M300,250 L370,190 L370,390 L300,450 Z" fill="${wood}" opacity="0.7"/>`;
  out += `<path d="M60,245 L118,200 L350,200 L292,245 Z" fill="hsl(200 40% 85%)" opacity="0.6"/>`;
  out += `<circle cx="170" cy="330" r="34" fill="#f5f0e6" stroke="#b08d2f" stroke-width="5"/><path d="M170,330 L190,312" stroke="#222" stroke-width="3"/>`;
  out += `<rect x="150" y="420" width="40" height="10" fill="#b08d2f"/>`;
  out += `<rect x="60" y="470" width="280" height="60" rx="6" fill="${p.label}" stroke="${p.accent}" stroke-width="2"/>`;
  out += labelText(200, 494, 260, { ...input, badge: undefined }, p.ink, p.accent, 0.85);
  return out;
}

function drawGlass(input: DrawInput, p: Palette, id: string): string {
  const c = W / 2;
  const bowl = `M${c - 40},150 C${c - 40},220 ${c - 95},260 ${c - 95},330 C${c - 95},390 ${c - 50},410 ${c - 22},415 L${c - 22},440 C${c - 70},450 ${c - 70},470 ${c - 60},475 L${c + 60},475 C${c + 70},470 ${c + 70},450 ${c + 22},440 L${c + 22},415 C${c + 50},410 ${c + 95},390 ${c + 95},330 C${c + 95},260 ${c + 40},220 ${c + 40},150 Z`;
  let out = `<clipPath id="${id}g"><path d="${bowl}"/></clipPath>`;
  out += `<path d="${bowl}" fill="hsl(200 30% 94%)" stroke="#8aa0ad" stroke-width="3"/>`;
  out += `<rect x="0" y="${320 + input.seed * 20}" width="${W}" height="90" fill="hsl(32 75% 42%)" clip-path="url(#${id}g)" opacity="0.85"/>`;
  out += `<path d="M${c - 70},280 Q${c - 80},330 ${c - 60},370" stroke="#fff" stroke-width="7" fill="none" opacity="0.6"/>`;
  out += `<rect x="60" y="490" width="280" height="52" rx="6" fill="${p.label}" stroke="${p.accent}" stroke-width="2"/>`;
  out += labelText(200, 512, 260, { ...input, badge: undefined }, p.ink, p.accent, 0.8);
  return out;
}

function drawTool(input: DrawInput, p: Palette): string {
  const lighter = /lighter|zapalovač/i.test(input.name);
  let out = "";
  if (lighter) {
    out += `<rect x="140" y="190" width="120" height="230" rx="14" fill="${p.accent}"/>`;
    out += `<rect x="140" y="190" width="120" height="60" rx="10" fill="#c9a227"/>`;
    out += `<path d="M200,120 C225,150 220,175 200,185 C180,175 175,150 200,120Z" fill="#f4a261"/>`;
    for (let i = 0; i < 5; i++)
      out += `<path d="M150,${270 + i * 28} H250" stroke="#fff" stroke-width="2" opacity="0.25"/>`;
  } else {
    out += `<rect x="70" y="230" width="260" height="110" rx="55" fill="${p.accent}"/>`;
    out += `<circle cx="200" cy="285" r="34" fill="${p.bg1}" stroke="#c0c0c0" stroke-width="6"/>`;
    out += `<rect x="90" y="270" width="40" height="30" rx="8" fill="#c0c0c0"/><rect x="270" y="270" width="40" height="30" rx="8" fill="#c0c0c0"/>`;
  }
  out += `<rect x="60" y="460" width="280" height="64" rx="6" fill="${p.label}" stroke="${p.accent}" stroke-width="2"/>`;
  out += labelText(200, 484, 260, { ...input, badge: undefined }, p.ink, p.accent, 0.85);
  return out;
}

/** The SVG document for one product picture (a few KB). */
export function drawProductSvg(input: DrawInput, idPrefix = "p"): string {
  const p = palette(input);
  const id = idPrefix.replace(/[^a-z0-9]/gi, "");
  let art: string;
  switch (input.kind) {
    case "cognac":
    case "decanter":
      art = drawDecanter(input, p, id);
      break;
    case "cigar-box":
    case "cigar-single":
      art = drawCigarBox(input, p);
      break;
    case "pipe-tobacco":
      art = drawTin(input, p);
      break;
    case "humidor":
      art = drawHumidor(input, p);
      break;
    case "glass":
      art = drawGlass(input, p, id);
      break;
    case "tool":
      art = drawTool(input, p);
      break;
    default:
      art = drawBottle(input, p, id);
  }
  // The detail view zooms into the label area of bottles.
  const bottleLike = !["cigar-box", "cigar-single", "pipe-tobacco", "humidor", "glass", "tool"].includes(
    input.kind,
  );
  const zoom = input.variant === "detail" && bottleLike ? ` transform="translate(-200 -430) scale(2)"` : "";
  const title = escapeXml(`${input.brand} – ${input.name}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#${id}b)"/>` +
    `<ellipse cx="200" cy="535" rx="150" ry="14" fill="#000" opacity="0.12"/>` +
    `<g${zoom}>${art}</g>` +
    "</svg>"
  );
}

/** A banner picture: a title, a line of text and a row of bottle silhouettes. */
export function drawBannerSvg(opts: {
  width: number;
  height: number;
  title: string;
  text: string;
  hue: number;
}): string {
  const { width, height, title, text, hue } = opts;
  const vertical = height > width;
  const titleSize = Math.round(vertical ? width / 12 : Math.min(height / 5, width / 22));
  const textSize = Math.round(titleSize * 0.5);
  const textWidth = vertical ? width * 0.86 : width * 0.58;
  const titleLines = wrap(title, Math.floor(textWidth / (titleSize * 0.58)), 3);
  const textLines = wrap(text, Math.floor(textWidth / (textSize * 0.55)), 3);
  let out = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(title)}">`;
  out += `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 35, 22)}"/><stop offset="1" stop-color="${hsl(hue + 30, 40, 38)}"/></linearGradient></defs>`;
  out += `<rect width="${width}" height="${height}" fill="url(#bg)"/>`;
  const x = Math.round(width * 0.06);
  let y = Math.round(vertical ? height * 0.1 : height * 0.18) + titleSize;
  for (const line of titleLines) {
    out += `<text x="${x}" y="${y}" font-family="serif" font-size="${titleSize}" font-weight="bold" fill="#f6e7c1">${escapeXml(line)}</text>`;
    y += Math.round(titleSize * 1.15);
  }
  y += Math.round(textSize * 0.4);
  for (const line of textLines) {
    out += `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${textSize}" fill="#fdfaf3">${escapeXml(line)}</text>`;
    y += Math.round(textSize * 1.3);
  }
  // Bottles on the right (or bottom when vertical), the row ending a margin before the right edge
  // (a fixed start at 68 % put the last bottle past the edge of an 800 x 500 banner).
  const count = 4;
  const bw = vertical ? width / 6 : Math.min(width * 0.06, height * 0.22);
  const bh = bw * 2.8;
  const rowWidth = bw * (1.5 * (count - 1) + 1);
  const rowStart = width - Math.round(width * 0.05) - rowWidth;
  for (let i = 0; i < count; i++) {
    const bx = vertical ? width * 0.15 + i * (width * 0.2) : rowStart + i * (bw * 1.5);
    // Every other bottle a little lower: the row is lifted by that step, so none is cut at the bottom.
    const by = height - bh - height * 0.06 - bw * 0.3 + (i % 2) * bw * 0.3;
    const neck = bw * 0.3;
    out += `<g fill="${hsl(hue + 10 + i * 9, 50, 24 + i * 7)}" stroke="#f6e7c1" stroke-width="1.5">`;
    out += `<rect x="${(bx + bw / 2 - neck / 2).toFixed(1)}" y="${by.toFixed(1)}" width="${neck.toFixed(1)}" height="${(bh * 0.3).toFixed(1)}" rx="2"/>`;
    out += `<rect x="${bx.toFixed(1)}" y="${(by + bh * 0.28).toFixed(1)}" width="${bw.toFixed(1)}" height="${(bh * 0.72).toFixed(1)}" rx="${(bw * 0.18).toFixed(1)}"/></g>`;
    out += `<rect x="${(bx + bw * 0.12).toFixed(1)}" y="${(by + bh * 0.55).toFixed(1)}" width="${(bw * 0.76).toFixed(1)}" height="${(bh * 0.22).toFixed(1)}" fill="#f6e7c1" opacity="0.9"/>`;
  }
  out += "</svg>";
  return out;
}
