import { plural, t } from '@lingui/core/macro';
import './combobox.css';
import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';

/** One choice: the value is stored, the label shown (in the box once chosen, and in the list). */
export interface ComboboxOption {
  value: string;
  label: string;
  /** A second, smaller line ("United States"); read after the label. */
  detail?: string | undefined;
  /** The heading of its group in the list. Options of one group must be next to each other. */
  group?: string | undefined;
  /** More words the search finds it by, never shown. */
  keywords?: string | undefined;
}

export interface ComboboxProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  options: readonly ComboboxOption[];
  /** The chosen option's value; '' for none. */
  value: string;
  /** What the box shows for a value that is not (yet) among the options. */
  valueLabel?: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  /** The words under the box when nothing matches what was typed. */
  noMatches?: (typed: string) => string;
}

const PAGE = 8;

/** Lower case, accents and the typographic minus folded, so "sao paulo" finds "São Paulo (UTC−3)". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u2212/g, '-')
    .toLowerCase();
}

/** Indexes of the options whose words (label, detail, group, keywords) hold every typed word. */
export function matchingOptions(haystack: readonly string[], typed: string): number[] {
  const words = foldForSearch(typed).trim().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  haystack.forEach((text, i) => {
    if (words.every((w) => text.includes(w))) out.push(i);
  });
  return out;
}

/**
 * A searchable choice from a list (WAI-ARIA 1.2 combobox with a listbox popup, list autocomplete,
 * manual selection), with the options in labelled groups. Keys: type to filter; Down/Up open the
 * list and move (Alt+Down opens it where it is), Page Down/Up move by a page; Enter chooses; Escape
 * closes the list and puts the chosen option's words back. Focus stays in the box throughout.
 *
 * The value changes only when an option is chosen: leaving the box after typing without choosing
 * keeps the earlier choice (its words come back), so the box never shows something that is not
 * the value. Lists up to a few hundred options render whole; far longer ones need virtual rows
 * (see the insurer search).
 */
export function Combobox({
  label,
  hint,
  error,
  required,
  disabled,
  options,
  value,
  valueLabel,
  onChange,
  onBlur,
  onFocus,
  inputRef,
  name,
  noMatches = (typed) => t`Nothing matches “${typed}”.`,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const haystack = useMemo(
    () =>
      options.map((o) => foldForSearch([o.label, o.detail, o.group, o.keywords].filter(Boolean).join(' '))),
    [options],
  );
  const chosenIndex = options.findIndex((o) => o.value === value);
  const chosenLabel = options[chosenIndex]?.label ?? valueLabel ?? '';
  /** What the patient typed since the last choice; null shows the chosen option's words. */
  const [typed, setTyped] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDeferredValue(typed ?? '');
  const matches = useMemo(() => matchingOptions(haystack, search), [haystack, search]);

  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));
  const activeOption = matches[activeIndex];
  const showList = isOpen && matches.length > 0;
  const optionId = (index: number) => `${id}-opt-${index}`;
  const activeId = showList && activeOption !== undefined ? optionId(activeOption) : undefined;

  // The active option stays in sight as the arrows move through a long list.
  useEffect(() => {
    if (!activeId) return;
    document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  /** Opens the list on the chosen option (or the first), unless the patient is searching. */
  const open = () => {
    setOpen(true);
    if (typed === null) setActive(Math.max(0, matches.indexOf(chosenIndex)));
  };
  const move = (to: number) => setActive(Math.max(0, Math.min(matches.length - 1, to)));
  const close = () => {
    setOpen(false);
    setTyped(null);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    onChange(option.value);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) open();
        else move(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) open();
        else move(activeIndex - 1);
        break;
      case 'PageDown':
      case 'PageUp':
        if (isOpen) {
          event.preventDefault();
          move(activeIndex + (event.key === 'PageDown' ? PAGE : -PAGE));
        }
        break;
      case 'Enter':
        // Enter in a closed box submits the form, as in any text field.
        if (showList && activeOption !== undefined) {
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Escape':
        if (isOpen || typed !== null) {
          event.preventDefault();
          close();
        }
        break;
      default:
        break;
    }
  };

  // Rows with the group headings between them, for the options that match.
  const sections: { group: string | undefined; items: number[] }[] = [];
  if (showList) {
    for (const index of matches) {
      const group = options[index]?.group;
      const last = sections[sections.length - 1];
      if (last && last.group === group) last.items.push(index);
      else sections.push({ group, items: [index] });
    }
  }

  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const found = matches.length;
  const count = t`${plural(found, { one: '# match', other: '# matches' })}`;

  const renderOption = (index: number) => {
    const option = options[index];
    if (!option) return null;
    const isActive = index === activeOption;
    return (
      <div
        key={option.value}
        id={optionId(index)}
        role="option"
        aria-selected={isActive}
        className={`combo-option${isActive ? ' is-active' : ''}${index === chosenIndex ? ' is-chosen' : ''}`}
        // Keep focus in the box; the click chooses.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(index)}
      >
        <span className="combo-label">{option.label}</span>
        {option.detail ? (
          <span className="combo-detail">
            <span className="visually-hidden">,</span> {option.detail}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <div className={`field combo${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      <input
        id={id}
        ref={inputRef}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        disabled={disabled}
        value={typed ?? chosenLabel}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onClick={() => (isOpen ? setOpen(false) : open())}
        onFocus={(event) => {
          // Typing replaces the chosen option's words rather than adding to them.
          event.currentTarget.select();
          onFocus?.();
        }}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {isOpen ? (matches.length === 0 ? t`No matches` : count) : ''}
      </p>
      {isOpen && typed !== null && matches.length === 0 && search === typed ? (
        <p className="combo-empty">{noMatches(typed.trim())}</p>
      ) : null}
      <div id={listId} role="listbox" aria-label={label} hidden={!showList} className="combo-list">
        {sections.map((section, s) =>
          section.group ? (
            <div key={`${s}-${section.group}`} role="group" aria-labelledby={`${id}-group-${s}`}>
              <div role="presentation" id={`${id}-group-${s}`} className="combo-group-label">
                {section.group}
              </div>
              {section.items.map(renderOption)}
            </div>
          ) : (
            section.items.map(renderOption)
          ),
        )}
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
