export { createListsService } from "./service.ts";
