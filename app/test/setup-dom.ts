import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library unmounts what a test rendered only by itself when Vitest's globals are on; they
// are off here, so every test leaves an empty document for the next one.
afterEach(() => {
  cleanup();
});

// Browsers refuse a submitter that is not an element (`new FormData(form, 0)` throws a TypeError);
// React Router relies on that to learn whether FormData takes the submitter, and otherwise appends
// the pressed button's name and value itself. happy-dom takes the submitter but accepts anything,
// so a named submit button (`intent=preview`) was posted twice. Make it refuse as browsers do.
const HappyFormData = globalThis.FormData;
globalThis.FormData = class FormData extends HappyFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    if (submitter !== undefined && submitter !== null && !(submitter instanceof HTMLElement))
      throw new TypeError("FormData: the submitter is not an element");
    super(form, submitter);
  }
};
