import { contentTypeOf, type ObjectStorage } from "#server/lib/object-storage.ts";

/** Puts at a time: a bucket answers each put over the network, the local folder does not mind. */
const PARALLEL_PUTS = 8;

/**
 * The demo's files (pictures, banners, documents) on their way into the object storage (ADR 0094):
 * the seed draws them as it builds its rows (synchronously, where it used to write them to
 * DATA_DIR), and `flush` puts them all into the storage before the seed's transaction commits, so
 * a failed put leaves no seeded database without its pictures (the next start seeds again).
 */
export type SeedFiles = {
  /** Keeps the file under its key (`uploads/products/7/1.svg`); returns its size in bytes. */
  write(key: string, content: string | Uint8Array): number;
  /** Puts every kept file into the storage; returns how many. */
  flush(): Promise<number>;
};

export function createSeedFiles(storage: ObjectStorage): SeedFiles {
  const pending = new Map<string, Uint8Array>();
  return {
    write(key, content) {
      const body = typeof content === "string" ? Buffer.from(content) : content;
      pending.set(key, body);
      return body.length;
    },
    async flush() {
      const entries = [...pending];
      pending.clear();
      for (let i = 0; i < entries.length; i += PARALLEL_PUTS)
        await Promise.all(
          entries
            .slice(i, i + PARALLEL_PUTS)
            .map(([key, body]) => storage.put(key, body, { contentType: contentTypeOf(key) })),
        );
      return entries.length;
    },
  };
}
