import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Draws the secrets of a compose.yaml site once, into a directory (the `keys` volume): the
 * database's password, the keys every instance must share, the metrics token and MinIO's
 * credentials. An existing file is kept, so a restart never changes a key under running
 * sessions; deleting a file draws that one again on the next start (docs/operations.md, "Secrets").
 *
 *   node deploy/draw-keys.ts <directory>
 *
 * rarita.env is read by the instances' shell (`. /keys/rarita.env`): the values are hex, quoted.
 */
const dir = process.argv[2];
if (!dir) {
  console.error("usage: node deploy/draw-keys.ts <directory>");
  process.exit(2);
}
fs.mkdirSync(dir, { recursive: true });

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** The file's content, drawn by `draw` the first time only. */
function keep(name: string, draw: () => string): string {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    // The instances run as `node`, PostgreSQL and MinIO as their own users: readable by all of
    // them inside this volume, which no other container mounts.
    fs.writeFileSync(file, draw(), { mode: 0o644 });
    console.log(`drew ${name}`);
  }
  return fs.readFileSync(file, "utf8").trim();
}

const postgresPassword = keep("postgres-password", () => hex(24));
const minioUser = keep("minio-user", () => `rarita-${hex(4)}`);
const minioPassword = keep("minio-password", () => hex(24));
keep("rarita.env", () =>
  [
    `DATABASE_URL='postgres://rarita:${postgresPassword}@postgres:5432/rarita'`,
    `ALTCHA_HMAC_KEY='${hex(32)}'`,
    `FINGERPRINT_HMAC_KEY='${hex(32)}'`,
    `AGE_CHECK_SALT='${hex(32)}'`,
    `METRICS_TOKEN='${hex(24)}'`,
    `S3_ACCESS_KEY_ID='${minioUser}'`,
    `S3_SECRET_ACCESS_KEY='${minioPassword}'`,
    "",
  ].join("\n"),
);
