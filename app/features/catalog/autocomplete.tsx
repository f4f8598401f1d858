import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { Locale } from "#core/i18n/index.ts";
import { fetchSuggestions, type Option, SuggestionList } from "./autocomplete-list.tsx";

export type AutocompleteProps = {
  /** The input's name in its form (default `q`). */
  name?: string;
  defaultValue?: string;
  placeholder?: string;
  /** The visible or screen-reader label of the input. */
  label: string;
  /** Show the label (default: screen readers only). */
  showLabel?: boolean;
  /** Classes of the input itself (its look differs between the header bar and the search page). */
  inputClassName?: string;
  className?: string;
  /** Called after a suggestion was chosen (e.g. to close a mobile menu). */
  onNavigate?: () => void;
  /** Milliseconds between the last keystroke and the request (default 200). */
  debounceMs?: number;
};

const MIN_LENGTH = 2;

/**
 * The field's text, kept in step with the uncontrolled input: what a visitor typed before
 * hydration stays in it (React would reset a controlled input to its server value), and a new
 * default (the search page's query after a navigation) replaces it.
 */
function useFieldText(defaultValue: string, onFocusedAtHydration: () => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue);

  // On hydration: pick up what was typed before the scripts ran, and offer suggestions for it
  // when the field still has the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration, on purpose.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    setValue(input.value);
    if (document.activeElement === input) onFocusedAtHydration();
  }, []);

  const shownDefault = useRef(defaultValue);
  useEffect(() => {
    if (shownDefault.current === defaultValue) return;
    shownDefault.current = defaultValue;
    if (inputRef.current) inputRef.current.value = defaultValue;
    setValue(defaultValue);
  }, [defaultValue]);

  return { inputRef, value, setValue };
}

/**
 * Debounced suggestions for what is typed (from MIN_LENGTH characters), stale answers dropped; a
 * fresh list clears the highlighted option (`active`, -1 for none).
 */
function useSuggestions(value: string, locale: Locale, debounceMs: number, baseId: string) {
  const [options, setOptions] = useState<Option[]>([]);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const requestRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const query = value.trim();
    if (query.length < MIN_LENGTH) {
      requestRef.current?.abort();
      setOptions([]);
      setLoading(false);
      return;
    }
    const timer = setTimeout(async () => {
      requestRef.current?.abort();
      const controller = new AbortController();
      requestRef.current = controller;
      setLoading(true);
      try {
        setOptions(await fetchSuggestions(query, locale, baseId, controller.signal));
        setActive(-1);
        setLoading(false);
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        // Suggestions are a help, not a must: on failure the form still searches.
        setOptions([]);
        setLoading(false);
      }
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [value, locale, debounceMs, baseId]);

  useEffect(() => () => requestRef.current?.abort(), []);

  return { options, loading, active, setActive };
}

/**
 * The combobox's state: the field's text, the suggestions, whether the list is open and which
 * option is highlighted, with the keyboard (arrows move, Enter opens the highlighted option or
 * lets the form submit, Escape closes) and the choice of an option (it navigates to it).
 */
function useAutocomplete(defaultValue: string, debounceMs: number, onNavigate: (() => void) | undefined) {
  const { locale } = useTranslation();
  const navigate = useNavigate();
  const baseId = useId();
  const [open, setOpen] = useState(false);
  const { inputRef, value, setValue } = useFieldText(defaultValue, () => setOpen(true));
  const { options, loading, active, setActive } = useSuggestions(value, locale, debounceMs, baseId);
  const listRef = useRef<HTMLDivElement>(null);

  // Keep the highlighted option in view inside the 200 px list.
  useEffect(() => {
    if (active < 0) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    element?.scrollIntoView?.({ block: "nearest" });
  }, [active]);

  const expanded = open && value.trim().length >= MIN_LENGTH && (options.length > 0 || !loading);
  const showList = expanded && options.length > 0;

  const choose = (option: Option) => {
    setOpen(false);
    if (option.kind === "product") {
      if (inputRef.current) inputRef.current.value = option.name;
      setValue(option.name);
    }
    onNavigate?.();
    void navigate(option.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((index) => (index + 1) % options.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === "Enter") {
      if (showList && active >= 0 && options[active]) {
        event.preventDefault();
        choose(options[active]);
      } else setOpen(false);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (event.key === "Home" || event.key === "End") {
      setActive(-1);
    }
  };

  return {
    baseId,
    inputRef,
    listRef,
    setValue,
    setOpen,
    options,
    loading,
    active,
    setActive,
    expanded,
    showList,
    choose,
    onKeyDown,
  };
}

/**
 * A search input with suggestions under it (docs/product/screens.md, "Parts of every page" and "Design
 * constants"; docs/product/visitor-basics.md, "Search suggestions"): a listbox of categories,
 * products and bottlings, at most 200 px tall, from `GET /api/catalog/autocomplete` (debounced,
 * stale answers dropped). Keyboard: arrows move through the options (announced with aria-activedescendant),
 * Enter opens the highlighted one or else submits the surrounding form, Escape closes the list.
 * Put it inside a GET form to the search page; without JavaScript it is a plain text input, and
 * what is typed before the scripts run is kept and gets its suggestions once they do.
 */
export function Autocomplete({
  name = "q",
  defaultValue = "",
  placeholder,
  label,
  showLabel = false,
  inputClassName = "",
  className = "",
  onNavigate,
  debounceMs = 200,
}: AutocompleteProps) {
  const combobox = useAutocomplete(defaultValue, debounceMs, onNavigate);
  const { inputRef, options, active, showList, setOpen } = combobox;
  const inputId = `${combobox.baseId}-input`;
  const listId = `${combobox.baseId}-list`;

  return (
    <div className={`relative ${className}`}>
      <label
        htmlFor={inputId}
        className={showLabel ? "mb-1.5 block text-[0.85rem] font-semibold text-ink" : "sr-only"}
      >
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        ref={inputRef}
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 && options[active] ? options[active].id : undefined}
        onChange={(event) => {
          combobox.setValue(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={combobox.onKeyDown}
        className={inputClassName}
        data-testid="autocomplete-input"
      />
      <SuggestionList listId={listId} combobox={combobox} />
    </div>
  );
}
