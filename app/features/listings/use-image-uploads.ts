import { useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { failProgress, finishProgress, startProgress } from "#app/ui/feedback/progress-store.ts";

export type ManagedImage = { ref: string; url: string };

/** What the server takes (server/modules/listing-photos/images.ts); the server checks the bytes again. */
export const MAX_IMAGES = 12;
const MAX_MB = 15;

/**
 * Photos sent at once. The server encodes two at a time (media/uploads.ts), so a third is on the
 * wire while two are encoded; more would only share the seller's upload bandwidth.
 */
export const UPLOADS_AT_ONCE = 3;

/** A photo on its way: bytes sent of the file's size (the browser's count), then the server's work. */
export type Upload = { id: number; name: string; sent: number; size: number; processing: boolean };

type UploadAnswer = { status: number; json: UploadJson | null };
type UploadJson = {
  data?: { token: string; url: string };
  errors?: { image?: string[] };
  message?: string;
};

/**
 * POSTs the form with XMLHttpRequest, whose upload events tell how much has been sent (fetch
 * cannot). Same-origin, so the session cookie goes along as with fetch.
 */
function send(url: string, body: FormData, onProgress: (sent: number, total: number) => void) {
  return new Promise<UploadAnswer>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.onload = () => {
      let json: UploadJson | null = null;
      try {
        json = JSON.parse(request.responseText) as UploadJson;
      } catch {
        json = null;
      }
      resolve({ status: request.status, json });
    };
    request.onerror = () => reject(new Error("network"));
    request.onabort = () => reject(new Error("aborted"));
    request.send(body);
  });
}

class UploadProblem extends Error {}

type Picked = { file: File; upload: Upload };

/**
 * Runs `next` over the picked photos, UPLOADS_AT_ONCE at a time, and hands each result to `done`
 * in the order picked: one that is done waits until those before it are done too.
 */
async function inPickedOrder(
  batch: Picked[],
  next: (entry: Picked) => Promise<ManagedImage | null>,
  done: (ready: ManagedImage[], gone: number[]) => void,
) {
  const results: (ManagedImage | null | undefined)[] = batch.map(() => undefined);
  let shown = 0;
  const showReady = () => {
    const ready: ManagedImage[] = [];
    const gone: number[] = [];
    while (shown < batch.length && results[shown] !== undefined) {
      const result = results[shown];
      if (result) ready.push(result);
      gone.push(batch[shown].upload.id);
      shown += 1;
    }
    if (gone.length > 0) done(ready, gone);
  };
  let index = 0;
  const worker = async () => {
    while (index < batch.length) {
      const mine = index++;
      results[mine] = await next(batch[mine]);
      showReady();
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, batch.length) }, worker));
}

/**
 * The photos on their way to the upload API: each with its progress, what went wrong with any,
 * and the finished ones handed to `add` in the order they were picked.
 */
export function useImageUploads(uploadUrl: string, add: (ready: ManagedImage[]) => void) {
  const { t, locale } = useTranslation();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const counter = useRef(0);

  function updateUpload(id: number, change: Partial<Upload>) {
    setUploads((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
  }

  /** Uploads one photo; its thumbnail's data, or null after telling what went wrong. */
  async function uploadOne({ upload, file }: Picked): Promise<ManagedImage | null> {
    startProgress();
    try {
      if (file.size > MAX_MB * 1024 * 1024)
        throw new UploadProblem(t("listings.errors.imageTooLarge", { mb: MAX_MB }));
      const body = new FormData();
      body.append("image", file);
      const { status, json } = await send(`${uploadUrl}?lang=${locale}`, body, (sent, total) =>
        updateUpload(upload.id, { sent, size: total, processing: sent >= total }),
      );
      if (status === 201 && json?.data) return { ref: json.data.token, url: json.data.url };
      throw new UploadProblem(json?.errors?.image?.[0] ?? json?.message ?? t("listings.errors.upload"));
    } catch (error) {
      failProgress();
      const message = error instanceof UploadProblem ? error.message : t("listings.errors.upload");
      setProblems((current) => [...current, `${file.name}: ${message}`]);
      return null;
    } finally {
      finishProgress();
    }
  }

  /** Uploads the picked photos, as many as there is room for (`free`). */
  async function uploadFiles(files: File[], free: number) {
    setProblems([]);
    const accepted = files.slice(0, Math.max(0, free));
    if (files.length > accepted.length) setProblems([t("listings.errors.imagesTooMany")]);
    const batch = accepted.map((file) => {
      counter.current += 1;
      return {
        file,
        upload: { id: counter.current, name: file.name, sent: 0, size: file.size, processing: false },
      };
    });
    setUploads((current) => [...current, ...batch.map((entry) => entry.upload)]);
    await inPickedOrder(batch, uploadOne, (ready, gone) => {
      setUploads((current) => current.filter((entry) => !gone.includes(entry.id)));
      if (ready.length > 0) add(ready);
    });
  }

  return { uploads, problems, uploadFiles };
}
