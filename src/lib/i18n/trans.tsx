import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { i18n } from './index';
import type { Values } from './runtime';

/**
 * The `<Trans>` the macro renders (lingui.config.ts `runtimeConfigModule`): the message in the page's
 * language, its `<0>…</0>` tags made into the elements the code gave (`components`), and values that
 * are elements (a link, a strong name) put where their placeholder is. It reads the one translator
 * directly, so a component renders the same with or without anything above it.
 */
export function Trans({
  id,
  message,
  values,
  components,
}: {
  id: string;
  message?: unknown;
  values?: Values;
  components?: Record<string, ReactElement>;
}) {
  const elements: Record<string, ReactElement> = { ...components };
  const textValues: Values = { ...values };
  for (const [name, value] of Object.entries(textValues)) {
    if (!isValidElement(value)) continue;
    const index = `v${name}`;
    elements[index] = <Fragment>{value}</Fragment>;
    textValues[name] = `<${index}/>`;
  }
  return <>{withElements(i18n._(id, textValues, { message }), elements)}</>;
}

const TAG = /<(\/?)(v?\w+)(\/?)>/g;

/** `Book a <0>visit</0>` with `{0: <strong/>}` -> ['Book a ', <strong>visit</strong>]. */
function withElements(text: string, elements: Record<string, ReactElement>): ReactNode[] {
  const root: ReactNode[] = [];
  const stack: { name: string; children: ReactNode[] }[] = [];
  let children = root;
  let at = 0;
  let key = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, closing, name = '', selfClosing] = match;
    const element = elements[name];
    if (!element) continue;
    if (match.index > at) children.push(text.slice(at, match.index));
    at = match.index + whole.length;
    if (selfClosing) {
      children.push(cloneElement(element, { key: key++ }));
    } else if (!closing) {
      stack.push({ name, children });
      children = [];
    } else {
      const open = stack.pop();
      if (!open) continue;
      open.children.push(cloneElement(elements[open.name] ?? element, { key: key++ }, ...children));
      children = open.children;
    }
  }
  if (at < text.length) children.push(text.slice(at));
  return root;
}
