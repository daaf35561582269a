/**
 * The translation runtime, shared by the client's own sentences (errors, visit kinds) and the app: reads the messages Lingui's macros leave in the code and the catalogues
 * build/i18n.ts compiles, in Lingui's compiled form (a plain string, or tokens: text, `[name]`,
 * `[name, 'plural' | 'selectordinal' | 'select', forms]`, `[name, 'number' | 'date' | 'time', style]`).
 *
 * Lingui's own runtime (@lingui/core) reads the same form; this one keeps what the portal uses and
 * costs about a quarter of its bytes on a first page at its ceiling (docs/decisions/0039).
 */
type Choices = Record<string, Compiled>;
export type Token = string | [name: string, type?: string, format?: unknown];
export type Compiled = string | Token[];
export type Messages = Record<string, Compiled>;
export type Values = Record<string, unknown>;
/** What the macros give `_`: the key (the English text), English compiled when it needs it, values. */
export interface Descriptor {
  id?: string;
  message?: unknown;
  values?: Values;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(locale: string, type: Intl.PluralRuleType, n: number): string {
  const key = `${locale}:${type}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, { type })));
  return rules.select(n);
}

function format(tokens: Compiled, values: Values, locale: string, count?: string): string {
  if (typeof tokens === 'string') return tokens;
  let out = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count : token;
      continue;
    }
    const [name, type, style] = token;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal') {
      const choices = style as Choices & { offset?: number };
      const n = Number(value) - (choices.offset ?? 0);
      const form =
        choices[`=${String(value)}`] ??
        choices[pluralForm(locale, type === 'plural' ? 'cardinal' : 'ordinal', n)] ??
        choices.other;
      if (form !== undefined) out += format(form, values, locale, new Intl.NumberFormat(locale).format(n));
    } else if (type === 'select') {
      const choices = style as Choices;
      const form = choices[String(value)] ?? choices.other;
      if (form !== undefined) out += format(form, values, locale, count);
    } else if (type === 'number' && typeof value === 'number') {
      out += new Intl.NumberFormat(locale, style === 'percent' ? { style: 'percent' } : {}).format(value);
    } else if ((type === 'date' || type === 'time') && (value instanceof Date || typeof value === 'number')) {
      const options: Intl.DateTimeFormatOptions =
        type === 'date' ? { dateStyle: 'medium' } : { timeStyle: 'short' };
      out += new Intl.DateTimeFormat(locale, options).format(value);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out += String(value);
    }
  }
  return out;
}

export class Translator {
  locale = 'en';
  /** The locale numbers, dates and plurals are formatted in; the app passes its own rule. */
  private formatLocale: () => string = () => 'en-US';
  private messages: Messages = {};
  private readonly listeners = new Set<() => void>();

  /** Shows messages in `locale` from now on (English needs none: it is in the code). */
  loadAndActivate({ locale, messages }: { locale: string; messages: Messages }): void {
    this.locale = locale;
    this.messages = messages;
    for (const listener of this.listeners) listener();
  }

  /** Formats in the locale `rule` returns from now on (the app follows its page's language). */
  formatIn(rule: () => string): void {
    this.formatLocale = rule;
  }

  /** Called after every change of language; returns the way to stop listening. */
  on(_event: 'change', listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A message in the page's language: the catalogue's, else the English compiled into the code. */
  _(descriptor: string | Descriptor, values?: Values, options?: { message?: unknown }): string {
    const {
      id = '',
      message = options?.message,
      values: given = values,
    } = typeof descriptor === 'string' ? { id: descriptor } : descriptor;
    const compiled = this.messages[id] ?? (message as Compiled | undefined) ?? id;
    return format(compiled, given ?? {}, this.formatLocale());
  }
}

/** The one translator (English until a page chooses otherwise). Safe in Node: it loads nothing. */
export const i18n = new Translator();
