/**
 * Photo upload benchmark (issue 14, item 9; not part of `npm test`): what the server spends on one
 * listing photo, a JPEG of about 35 KB as a seller's phone or a shop's web picture gives.
 *
 *   node bench/uploads.ts [--rounds 15] [--width 1280] [--height 960]
 *
 * Printed, each as the median (and the 90th percentile) of `--rounds` runs, with the load average
 * before and after, since on a shared machine the figures move with it:
 *
 * - reference: sharp decoding the same file to raw pixels, the least any re-encoding must cost;
 * - encode before: the pipeline as it was (WebP at sharp's default effort 4, quality 88);
 * - encodeListingImage (checkout): server/modules/listing-photos/images.ts as checked out;
 * - the whole request (checkout): POST /api/me/advertisements/images through the real API (session,
 *   multipart parsing, checks, encode, staging on disk) in this process, one after another, then
 *   three at once as the add form sends them (the server encodes two at a time).
 *
 * The picture is drawn here (gradients, a pattern, softened), so the run needs no file and
 * contacts nothing. A temporary data directory and an in-memory database are used.
 */

import fs from "node:fs";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { LISTING_IMAGE_UPLOAD_PATH } from "#server/modules/listing-photos/api.ts";
import { encodeListingImage } from "#server/modules/listing-photos/index.ts";
import { createTestApi } from "#server/test/api-harness.ts";
import { photoLikeJpeg } from "#server/test/photo.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "15" },
    width: { type: "string", default: "1280" },
    height: { type: "string", default: "960" },
  },
});
const rounds = Number(values.rounds);
const width = Number(values.width);
const height = Number(values.height);

const loadavg = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const photo = () => photoLikeJpeg({ width, height });

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(0).padStart(4)} ms, p90 ${at(0.9).toFixed(0).padStart(4)} ms`;
}

async function measure(label: string, task: () => Promise<unknown>, count = rounds) {
  await task(); // warm-up: libvips loads its codecs on first use
  const times: number[] = [];
  for (let round = 0; round < count; round++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  console.log(`${label.padEnd(44)} ${summary(times)}`);
  return times;
}

/** The encoding as it was before issue 14: sharp's default WebP effort (4 of 6). */
function encodeBefore(input: Buffer) {
  return sharp(input, { limitInputPixels: 25_000_000, failOn: "error" })
    .rotate()
    .resize({ width: 2560, height: 2560, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 88 })
    .toBuffer();
}

const jpeg = await photo();
console.log(
  `photo: ${width} x ${height} JPEG, ${(jpeg.length / 1024).toFixed(1)} KB; ${rounds} rounds; Node ${process.version}, sharp ${sharp.versions.sharp}, libvips threads ${sharp.concurrency()}`,
);
console.log(`load before: ${loadavg()}`);

await measure("reference: sharp decode to pixels", () => sharp(jpeg).raw().toBuffer());
const before = await encodeBefore(jpeg);
await measure(`encode before (WebP effort 4): ${(before.length / 1024).toFixed(0)} KB`, () =>
  encodeBefore(jpeg),
);
const now = await encodeListingImage(jpeg);
if (!("webp" in now)) throw new Error(`not encoded: ${now.problem}`);
await measure(`encodeListingImage (checkout): ${(now.webp.length / 1024).toFixed(0)} KB`, () =>
  encodeListingImage(jpeg),
);

const api = await createTestApi();
try {
  const { token } = await api.createUser();
  const upload = async () => {
    const form = new FormData();
    form.append("image", new File([new Uint8Array(jpeg)], "lahev.jpg", { type: "image/jpeg" }));
    const response = await api.app.request(`${LISTING_IMAGE_UPLOAD_PATH}?lang=cs`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      body: form,
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  };
  // The upload limit is 60 per user in 10 minutes: a new user for each part, at most 19 rounds.
  await measure("request (checkout), one after another", upload, Math.min(rounds, 19));
  const { token: second } = await api.createUser();
  const three = async () => {
    const form = () => {
      const body = new FormData();
      body.append("image", new File([new Uint8Array(jpeg)], "lahev.jpg", { type: "image/jpeg" }));
      return body;
    };
    await Promise.all(
      [1, 2, 3].map(async () => {
        const response = await api.app.request(`${LISTING_IMAGE_UPLOAD_PATH}?lang=cs`, {
          method: "POST",
          headers: { Authorization: `Bearer ${second}`, Accept: "application/json" },
          body: form(),
        });
        await response.arrayBuffer();
        if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      }),
    );
  };
  // 3 photos a round and a warm-up: 48 uploads, under the limit of 60 per user in 10 minutes.
  const threeRounds = Math.min(rounds, 15);
  const times: number[] = [];
  await three();
  for (let round = 0; round < threeRounds; round++) {
    const started = performance.now();
    await three();
    times.push(performance.now() - started);
  }
  console.log(`${"request (checkout), three at once, all done".padEnd(44)} ${summary(times)}`);
} finally {
  await api.close();
}
console.log(`load after: ${loadavg()}`);
