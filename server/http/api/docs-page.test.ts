import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { renderApiDocs } from "./docs-page.ts";
import { mountApi } from "./index.ts";

/** The page's script run over the served document, with just the two elements it fills. */
async function renderedSections() {
  const api = mountApi(loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }));
  const document = await (await api.request("/openapi.json")).json();
  const script = renderApiDocs("nonce").split('<script nonce="nonce">')[1].split("</script>")[0];
  const elements = { tags: { innerHTML: "" }, ops: { innerHTML: "" } };
  const page = { getElementById: (id: "tags" | "ops") => elements[id] };
  const fetchDocument = async () => ({ json: async () => document });
  await new Function("document", "fetch", `return ${script.trim().replace(/;$/, "")}`)(page, fetchDocument);
  return { document, tags: elements.tags.innerHTML, ops: elements.ops.innerHTML };
}

describe("the API docs page (/api/docs)", () => {
  it("lists every operation under its tag, with its id and an example answer", async () => {
    const { document, tags, ops } = await renderedSections();
    const operations = Object.values(document.paths as Record<string, object>).flatMap(Object.values);
    expect(ops.match(/class="op"/g)).toHaveLength(operations.length);
    expect(tags).toContain('<a href="#tag-bidding">bidding (');
    const bidding = ops.slice(ops.indexOf('<h2 id="tag-bidding">'), ops.indexOf('<h2 id="tag-listings">'));
    expect(bidding).toContain("<code>/api/auctions/{id}/bids</code>");
    expect(bidding).toContain("postAuctionsByIdBids");
    // The request body's example is the schema's own; the answers' are made from their schemas.
    expect(bidding).toContain("Example request body");
    expect(bidding).toContain("&quot;notAboveMinor&quot;: 125000");
    expect(bidding).toContain("&quot;bidder&quot;");
  });
});
