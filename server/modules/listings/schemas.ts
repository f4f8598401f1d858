/** The listing input's schema and its text rules live in the core (core/schemas/listing.ts), shared with the add and edit forms. */
export { cleanDescription } from "#core/schemas/listing.ts";
