import sharp from "sharp";

/**
 * A photo-like JPEG: softened gradients that compress like a real bottle shot (1280 × 960 is some
 * 38 KB, the size of the photos in issue 14's report). `shift` makes pictures that differ.
 * Shared by the encoding test, the add-listing e2e and bench/uploads.ts, so they weigh the same file.
 */
export async function photoLikeJpeg({ width = 1280, height = 960, shift = 0 } = {}): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (x + y + shift) % 256;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(1)
    .jpeg({ quality: 70 })
    .toBuffer();
}
