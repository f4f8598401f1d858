import type { Locale } from "#core/i18n/index.ts";
import type {
  BANNER_SORTABLE,
  BannerForm,
  BLOG_POST_SORTABLE,
  BlogCategoryForm,
  BlogPostForm,
  BlogPostState,
  DocumentForm,
  InfoPageForm,
} from "#core/schemas/admin-content.ts";
import type { TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import type { ObjectStorage } from "#server/lib/object-storage.ts";
import { blogPost } from "../blog-article.ts";
import {
  type ContentFileStore,
  checkPdf,
  createContentFileStore,
  renderContentImage,
} from "../content-files.ts";
import { pageIn } from "../pages.ts";
import {
  type BannerFilters,
  bannerById,
  createBanner,
  deleteBanner,
  listBanners,
  updateBanner,
} from "./banners.ts";
import { deleteBlogCategory, listBlogCategories, saveBlogCategory } from "./blog-categories.ts";
import {
  type AdminBlogPost,
  blogPostById,
  createBlogPost,
  deleteBlogPost,
  listBlogPosts,
  updateBlogPost,
  updateBlogPostCover,
} from "./blog-posts.ts";
import { type Actor, type ContentResult, FILE_PROBLEM_KEYS, type RecordAudit, refused } from "./common.ts";
import { createDocument, deleteDocument, listDocuments, updateDocument } from "./documents.ts";
import {
  createInfoPage,
  deleteInfoPage,
  discardInfoPageDraft,
  infoPageById,
  infoPageWorkingCopy,
  listInfoPages,
  publishInfoPage,
  saveInfoPage,
} from "./info-pages.ts";

/** An uploaded file's bytes, or null when none was chosen. */
type Upload = Uint8Array | null;

type Deps = { db: Db; recordAudit: RecordAudit; files: ContentFileStore };

/** An uploaded image stored as WebP in a folder, or the refusal under the field's name. */
async function storeImage(
  files: ContentFileStore,
  folder: "banners" | "blog",
  field: string,
  bytes: Uint8Array,
) {
  const rendered = await renderContentImage(bytes);
  if ("problem" in rendered) return refused(field, FILE_PROBLEM_KEYS[rendered.problem]);
  return { ok: true as const, value: await files.saveImage(folder, rendered.webp) };
}

function bannerAdmin({ db, recordAudit, files }: Deps) {
  return {
    list: (query: TableQuery<(typeof BANNER_SORTABLE)[number]>, filters?: BannerFilters) =>
      listBanners(db, query, filters),
    byId: (id: number) => bannerById(db, id),
    async create(form: BannerForm, upload: Upload, actor: Actor) {
      if (!upload?.byteLength) return refused("image", "adminContent.errors.imageRequired");
      const stored = await storeImage(files, "banners", "image", upload);
      if (!stored.ok) return stored;
      return createBanner(db, recordAudit, form, stored.value, actor);
    },
    async update(id: number, form: BannerForm, upload: Upload, actor: Actor) {
      const stored = upload?.byteLength ? await storeImage(files, "banners", "image", upload) : null;
      if (stored && !stored.ok) return stored;
      const result = await updateBanner(db, recordAudit, id, form, stored?.value ?? null, actor);
      if (!result) return null;
      await files.remove(result.replacedImage);
      return { ok: true as const, value: result.banner };
    },
    async remove(id: number, actor: Actor) {
      const result = await deleteBanner(db, recordAudit, id, actor);
      if (result) await files.remove(result.imageUrl);
      return result !== null;
    },
  };
}

function blogPostAdmin({ db, recordAudit, files }: Deps) {
  async function coverOf(upload: Upload): Promise<ContentResult<string | null>> {
    if (!upload?.byteLength) return { ok: true, value: null };
    const stored = await storeImage(files, "blog", "image", upload);
    return stored.ok ? { ok: true, value: `${stored.value.path}/${stored.value.image}` } : stored;
  }
  return {
    list: (
      query: TableQuery<(typeof BLOG_POST_SORTABLE)[number]>,
      filters?: { state?: BlogPostState; categoryId?: number },
    ) => listBlogPosts(db, query, filters),
    byId: (id: number) => blogPostById(db, id),
    async create(form: BlogPostForm, upload: Upload, actor: Actor) {
      const cover = await coverOf(upload);
      if (!cover.ok) return cover;
      return createBlogPost(db, recordAudit, form, cover.value, actor);
    },
    async update(id: number, form: BlogPostForm, upload: Upload, actor: Actor) {
      const cover = await coverOf(upload);
      if (!cover.ok) return cover;
      const result = await updateBlogPost(db, recordAudit, id, form, cover.value, actor);
      if (result?.ok) await files.remove(result.replacedImage);
      return result;
    },
    /** A new cover alone (the API's upload), checked and re-encoded as the screen's. */
    async setCover(id: number, upload: Upload, actor: Actor): Promise<ContentResult<AdminBlogPost> | null> {
      if (!upload?.byteLength) return refused("image", "adminContent.errors.imageRequired");
      const cover = await coverOf(upload);
      if (!cover.ok) return cover;
      const result = await updateBlogPostCover(db, recordAudit, id, cover.value!, actor);
      // No such article: the file just stored goes again.
      await files.remove(result ? result.replacedImage : cover.value);
      return result ? { ok: true, value: result.value } : null;
    },
    async remove(id: number, actor: Actor) {
      const result = await deleteBlogPost(db, recordAudit, id, actor);
      if (result) await files.remove(result.image);
      return result !== null;
    },
    /** The article as the public page would show it, drafts and scheduled ones too. */
    preview: (id: number, locale: Locale) => blogPost(db, id, locale, { preview: true }),
  };
}

/** Info pages: a save keeps the public page as it is until the working draft is published. */
function infoPageAdmin({ db, recordAudit }: Deps) {
  return {
    list: () => listInfoPages(db),
    byId: (id: number) => infoPageById(db, id),
    /** A new page (id null), not on the site until published; else the page's working draft. */
    save: (id: number | null, form: InfoPageForm, actor: Actor) =>
      id === null
        ? createInfoPage(db, recordAudit, form, actor)
        : saveInfoPage(db, recordAudit, id, form, actor),
    publish: (id: number, actor: Actor) => publishInfoPage(db, recordAudit, id, actor),
    discardDraft: (id: number, actor: Actor) => discardInfoPageDraft(db, recordAudit, id, actor),
    remove: (id: number, actor: Actor) => deleteInfoPage(db, recordAudit, id, actor),
    /** The working texts as /info/{id}/{slug} would show them, an unpublished page's too. */
    async preview(id: number, locale: Locale) {
      const working = await infoPageWorkingCopy(db, id);
      return working ? { ...pageIn(working, locale), published: working.published } : null;
    },
  };
}

function documentAdmin({ db, recordAudit, files }: Deps) {
  return {
    list: () => listDocuments(db),
    async create(form: DocumentForm, upload: Upload, originalName: string, actor: Actor) {
      if (!upload?.byteLength) return refused("file", "adminContent.errors.fileRequired");
      const problem = checkPdf(upload);
      if (problem) return refused("file", FILE_PROBLEM_KEYS[problem]);
      const stored = await files.savePdf(upload, originalName);
      const value = await createDocument(
        db,
        recordAudit,
        form,
        { ...stored, sizeBytes: upload.byteLength },
        actor,
      );
      return { ok: true as const, value };
    },
    update: (id: number, form: DocumentForm, actor: Actor) =>
      updateDocument(db, recordAudit, id, form, actor),
    async remove(id: number, actor: Actor) {
      const result = await deleteDocument(db, recordAudit, id, actor);
      if (result) await files.remove(result.filePath);
      return result !== null;
    },
  };
}

/**
 * The back office's content (docs/product/back-office.md, "Content"): banners, blog articles and
 * categories, info pages and documents. Every change is audited with the row before and after;
 * uploaded files are checked by their bytes and stored under uploads/ in the storage (ADR 0094).
 */
export function createContentAdminService({
  db,
  storage,
  recordAudit,
}: {
  db: Db;
  storage: ObjectStorage;
  recordAudit: RecordAudit;
}) {
  const deps: Deps = { db, recordAudit, files: createContentFileStore(storage) };
  return {
    banners: bannerAdmin(deps),
    blogPosts: blogPostAdmin(deps),
    blogCategories: {
      list: () => listBlogCategories(db),
      save: (id: number | null, form: BlogCategoryForm, actor: Actor) =>
        saveBlogCategory(db, recordAudit, id, form, actor),
      remove: (id: number, actor: Actor) => deleteBlogCategory(db, recordAudit, id, actor),
    },
    infoPages: infoPageAdmin(deps),
    documents: documentAdmin(deps),
  };
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
