import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { translate } from "#core/i18n/index.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { type ApiRouter, bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody, ValidationErrorBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import { LISTING_IMAGE_MAX_BYTES } from "./images.ts";

const user = (c: Context<AppEnv>) => c.get("user")!;

/** The multipart upload's path: the /api body limit (1 MB) is raised to the photo limit here only. */
export const LISTING_IMAGE_UPLOAD_PATH = "/api/me/advertisements/images";
/** A photo plus the multipart envelope. */
export const LISTING_IMAGE_BODY_MAX = LISTING_IMAGE_MAX_BYTES + 64 * 1024;

/** A photo upload for a listing's form: staged until a listing takes it. */
export function imageRoutes(router: ApiRouter) {
  router.openapi(
    createRoute({
      method: "post",
      path: "/me/advertisements/images",
      tags: ["listings"],
      summary: `Uploads one photo for a listing (multipart field \`image\`): JPEG, PNG, WebP or AVIF by content, at most ${LISTING_IMAGE_MAX_BYTES / 1024 / 1024} MB; re-encoded without metadata (EXIF, GPS) to WebP. Returns a token to put in a listing's \`images\`; unused uploads are dropped after a day`,
      security: bearerSecurity,
      middleware: [
        requireUser,
        bodyLimit({
          maxSize: LISTING_IMAGE_BODY_MAX,
          onError: (c) => c.json({ message: translate(c.get("locale"), "errors.payloadTooLarge") }, 413),
        }),
      ] as const,
      request: {
        body: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: z.object({ image: z.any().openapi({ type: "string", format: "binary" }) }),
            },
          },
        },
      },
      responses: {
        201: jsonContent(
          z.object({
            data: z.object({
              token: z.string().openapi({ example: "upl_3f1c9a…" }),
              url: z.string(),
              width: z.number().int().nullable(),
              height: z.number().int().nullable(),
            }),
          }),
          "Staged",
        ),
        401: errorResponses[401],
        413: jsonContent(MessageBody, "Larger than the photo limit"),
        422: errorResponses[422],
        429: jsonContent(ValidationErrorBody, "Too many uploads by this user in 10 minutes (Retry-After)"),
      },
    }),
    async (c) => {
      const locale = c.get("locale");
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = form.image;
      if (!(file instanceof File))
        return c.json({ errors: { image: [translate(locale, "validation.required")] } }, 422);
      if (file.size > LISTING_IMAGE_MAX_BYTES)
        return c.json(
          {
            errors: {
              image: [
                translate(locale, "listings.errors.imageTooLarge", {
                  mb: LISTING_IMAGE_MAX_BYTES / 1024 / 1024,
                }),
              ],
            },
          },
          422,
        );
      const result = await c
        .get("services")
        .listings.stageImage(user(c).id, new Uint8Array(await file.arrayBuffer()));
      if (!result.ok && result.code === "limited") {
        c.header("Retry-After", String(result.details.retryAfterSeconds));
        return c.json({ errors: translateProblems(locale, result.details.problems) }, 429);
      }
      if (!result.ok) return c.json({ errors: translateProblems(locale, result.details) }, 422);
      const { token, url, width, height } = result.value;
      return c.json({ data: { token, url, width, height } }, 201);
    },
  );
}

/** The photo upload under /api/me/advertisements/images, mounted before the listings' /{id} routes. */
export const listingPhotosApi = createApiRouter();
imageRoutes(listingPhotosApi);
