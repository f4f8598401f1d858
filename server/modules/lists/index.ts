export { createCountryCheck } from "./known-countries.ts";
export { createListsService } from "./service.ts";
