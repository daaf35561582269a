/**
 * Finds physical left/right declarations in a stylesheet, so the portal can be laid out right to
 * left by `dir` alone: sides are written as inline start/end (`margin-inline-start`, `inset-inline`,
 * `text-align: start`, `border-start-start-radius`), never as left/right.
 *
 * Refused: the properties `left`, `right`, `margin-`/`padding-`/`scroll-margin-`/`scroll-padding-`
 * `left|right`, `border-left|right` and their `-width|-style|-color`, `border-top|bottom-left|right-radius`,
 * and `text-align`, `float` or `clear` set to `left` or `right`. Comments, strings and custom
 * properties (`--left-gap`) are not declarations of these and are passed over. A four-value shorthand
 * whose left and right differ (`margin: 0 1rem 0 2rem`) is not caught here.
 */
export interface PhysicalSide {
  /** 1-based line of the property name. */
  line: number;
  /** The declaration as written, trimmed. */
  text: string;
}

const PROPERTY =
  /(?:^|[{;])\s*((?:(?:scroll-)?(?:margin|padding)|border)-(?:left|right)(?:-(?:width|style|color))?|border-(?:top|bottom)-(?:left|right)-radius|left|right)\s*:/gim;
const VALUE = /(?:^|[{;])\s*((?:text-align|float|clear)\s*:\s*(?:left|right))(?![\w-])/gim;

/** Blanks comments and quoted strings, keeping every offset and line where it was. */
function blankComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?(?:\*\/|$)|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (text) =>
    text.replace(/[^\n]/g, ' '),
  );
}

export function findPhysicalSides(css: string): PhysicalSide[] {
  const code = blankComments(css);
  const lines = css.split('\n');
  const found = new Map<number, PhysicalSide>();
  for (const pattern of [PROPERTY, VALUE]) {
    for (const match of code.matchAll(pattern)) {
      const at = (match.index ?? 0) + match[0].indexOf(match[1] ?? '');
      const line = code.slice(0, at).split('\n').length;
      if (!found.has(at)) found.set(at, { line, text: (lines[line - 1] ?? '').trim() });
    }
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, side]) => side);
}
