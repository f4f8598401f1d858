import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library unmounts what a test rendered only by itself when Vitest's globals are on; they
// are off here, so every test leaves an empty document for the next one.
afterEach(() => {
  cleanup();
});
