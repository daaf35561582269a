import { plural, t } from '@lingui/core/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';

/** One choice of the insurer search: the code is stored, the name shown. */
export interface InsurerOption {
  code: string;
  name: string;
  /** A second line: insurer or carrier, and where. */
  detail: string;
}

const ROW_HEIGHT = 48;
const LIST_HEIGHT = 320;
const PAGE = 8;

/** Indexes of the options whose name or code holds every typed word (case-insensitive). */
export function matchOptions(haystack: readonly string[], query: string): number[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < haystack.length; i += 1) {
    const text = haystack[i] ?? '';
    if (words.every((w) => text.includes(w))) out.push(i);
  }
  return out;
}

/** Lower-cased search text per option, built once per list. */
export function searchIndex(options: readonly InsurerOption[]): string[] {
  return options.map((o) => `${o.name} ${o.code}`.toLowerCase());
}

/**
 * A searchable combobox (WAI-ARIA 1.2 combobox with a listbox popup) that stays fast with
 * 10,000 options: matching runs on a deferred copy of the text, and only the visible rows of
 * the list are in the DOM (@tanstack/react-virtual), each with aria-setsize/aria-posinset.
 * Keys: type to filter, Down/Up (Alt+Down opens), Page Down/Up, Enter chooses, Escape closes
 * (and clears the text when already closed). Focus stays in the input throughout.
 */
export function InsurerCombobox({
  label,
  hint,
  error,
  required,
  disabled,
  options,
  value,
  onChange,
  onBlur,
  inputRef,
}: {
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  options: readonly InsurerOption[];
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const byCode = useMemo(() => new Map(options.map((o) => [o.code, o])), [options]);
  const haystack = useMemo(() => searchIndex(options), [options]);
  const selected = value ? byCode.get(value) : undefined;
  const [query, setQuery] = useState(selected?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const deferredQuery = useDeferredValue(query);
  // Showing the chosen name is not a search: opening the list then shows everything.
  const searchText = selected && deferredQuery === selected.name ? '' : deferredQuery;
  const matches = useMemo(() => matchOptions(haystack, searchText), [haystack, searchText]);
  const listRef = useRef<HTMLDivElement>(null);

  // A value set from outside (form reset, saved card loaded) shows its name.
  const selectedName = selected?.name;
  useEffect(() => {
    if (selectedName !== undefined) setQuery(selectedName);
  }, [selectedName]);

  const virtualizer = useVirtualizer({
    count: open ? matches.length : 0,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });

  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));
  const activeOption = open && matches.length > 0 ? options[matches[activeIndex] ?? -1] : undefined;
  const optionId = (i: number) => `${id}-opt-${i}`;

  const move = (to: number) => {
    if (matches.length === 0) return;
    const next = Math.max(0, Math.min(matches.length - 1, to));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const choose = (option: InsurerOption) => {
    onChange(option.code);
    setQuery(option.name);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (!event.altKey) setActive(0);
        } else move(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else move(activeIndex - 1);
        break;
      case 'PageDown':
        if (open) {
          event.preventDefault();
          move(activeIndex + PAGE);
        }
        break;
      case 'PageUp':
        if (open) {
          event.preventDefault();
          move(activeIndex - PAGE);
        }
        break;
      case 'Enter':
        if (open && activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (query) {
          event.preventDefault();
          setQuery('');
          onChange('');
        }
        break;
      default:
        break;
    }
  };

  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null, `${id}-count`].filter(Boolean).join(' ') ||
    undefined;
  const showList = open && matches.length > 0;
  // The count as digits, unformatted: assistive tech reads "10000 matches" the same either way.
  const count = String(matches.length);
  const found = matches.length;

  return (
    <div className={`field combobox${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        value={query}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && activeOption ? optionId(matches[activeIndex] ?? 0) : undefined}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(0);
          listRef.current?.scrollTo?.({ top: 0 });
          if (value) onChange('');
        }}
        onKeyDown={onKeyDown}
        onClick={() => setOpen((was) => !was)}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
      />
      <p id={`${id}-count`} className="visually-hidden" role="status" aria-live="polite">
        {open
          ? matches.length === 0
            ? t`No matches`
            : t`${plural(found, { one: `${count} match`, other: `${count} matches` })}`
          : ''}
      </p>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!showList}
        className="combobox-list"
        style={{ maxHeight: LIST_HEIGHT, overflowY: 'auto', position: 'relative' }}
      >
        <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const index = matches[row.index];
            const option = index === undefined ? undefined : options[index];
            if (!option || index === undefined) return null;
            const isActive = row.index === activeIndex;
            return (
              <div
                key={option.code}
                id={optionId(index)}
                role="option"
                aria-selected={isActive}
                aria-setsize={matches.length}
                aria-posinset={row.index + 1}
                className={`combobox-option${isActive ? ' is-active' : ''}${option.code === value ? ' is-chosen' : ''}`}
                style={{
                  position: 'absolute',
                  top: 0,
                  insetInline: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${row.start}px)`,
                }}
                // Keep focus in the input; the click chooses.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                <span className="combobox-name">{option.name}</span>
                <span className="combobox-detail">{option.detail}</span>
              </div>
            );
          })}
        </div>
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
