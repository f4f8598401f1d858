import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute, textOf } from "#app/test/render-route.tsx";
import type { DisputePhoto } from "#core/contracts/deals.ts";
import { DisputePhotoList } from "./dispute-photos.tsx";

/**
 * A dispute message's photos on the deal page: thumbnails while they are kept, and where they were
 * deleted (their retention after the dispute's end, or their author's account: ADR 0082) a line
 * saying so instead of images that would no longer load.
 */

const PAGE_URL = "/ucet/obchody/12";
const PHOTO: DisputePhoto = { id: 3, url: "/api/deals/12/dispute/photos/3", width: 64, height: 48 };

type Props = { photos: DisputePhoto[]; removed: "retention" | "erasure" | null };

/** A stub deal page: one message's photos as its loader gives them. */
function Page({ loaderData }: { loaderData: Props }) {
  return <DisputePhotoList photos={loaderData.photos} removed={loaderData.removed} who="Kupující" />;
}

function renderList(props: Props, locale: "cs" | "en" = "cs") {
  return renderRoute(
    { id: "deal", path: PAGE_URL, loader: () => props, Component: Page },
    { url: PAGE_URL, locale, loaderData: { deal: props } },
  );
}

describe("DisputePhotoList", () => {
  test("shows the kept photos as thumbnails", () => {
    renderList({ photos: [PHOTO], removed: null });
    expect(screen.getByRole("img").getAttribute("src")).toBe(PHOTO.url);
    expect(screen.queryByTestId("dispute-photos-removed")).toBeNull();
  });

  test("says the photos were deleted after their period, with no image", () => {
    renderList({ photos: [], removed: "retention" });
    expect(textOf(screen.getByTestId("dispute-photos-removed"))).toBe(
      "Fotografie byly po uplynutí lhůty smazány.",
    );
    expect(screen.queryByRole("img")).toBeNull();
  });

  test("says it in English too", () => {
    renderList({ photos: [], removed: "retention" }, "en");
    expect(textOf(screen.getByTestId("dispute-photos-removed"))).toBe(
      "The photos were deleted after their retention period ended.",
    );
  });

  test("says when they went with their author's account", () => {
    renderList({ photos: [], removed: "erasure" });
    expect(textOf(screen.getByTestId("dispute-photos-removed"))).toBe(
      "Fotografie byly smazány se zrušeným účtem autora.",
    );
  });

  test("shows nothing for a message that never had photos", () => {
    const { container } = renderList({ photos: [], removed: null });
    expect(container.querySelector("[data-testid^='dispute-photos']")).toBeNull();
  });
});
