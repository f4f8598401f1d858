type Definitions = { type: string; route?: { tags?: string[] } }[];

/** What each tag of the document groups: the docs page's sections, in the document's order. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  health: "Liveness for load balancers and uptime checks",
  auth: "Signing in and out, the second factor",
  account: "The signed-in user's own data: profile, addresses, avatar, export, deletion",
  "account security": "The account's sessions and its second factor",
  traders: "A seller's declaration: private person or trader",
  lists: "Fixed lists: currencies, countries",
  catalog: "Categories, their attributes, search suggestions",
  listings: "The seller's own listings: drafts, photos, publishing, ending",
  bidding: "Auctions: bids, their history, the live stream",
  payments: "Orders and their payment: fees, promotions, card payments, webhooks",
  shop: "The cart and the checkout",
  deals: "Direct deals between buyer and seller, and their disputes",
  settings: "The site's public settings",
  cms: "Public content: banners, blog categories",
  messages: "Conversations, notifications and their live events",
  push: "Web push: this browser's subscription and the kinds of notice pushed",
  moderation: "Reports of content and the complaints against decisions",
  reviews: "Ratings between buyers and sellers",
  watchdog: "Saved searches that notify of new listings",
  wishlist: "Watched listings, a user's or a guest's",
  newsletter: "Newsletter subscription and its preferences",
  admin: "The back office: every operation needs a staff scope (x-scope)",
  // Beside "admin": the back office's sections.
  content: "The back office's content: pages, banners, texts, files",
};

/** The document's `tags`: each tag the operations use, with its description, in first-use order. */
export function documentTags(definitions: Definitions): { name: string; description?: string }[] {
  const names = new Set(definitions.flatMap((definition) => definition.route?.tags ?? []));
  return [...names].map((name) =>
    TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
  );
}
