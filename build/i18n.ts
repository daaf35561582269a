/**
 * The translation layer's build step (docs/i18n.md).
 *
 * - `linguiMacros()`: source files that import a Lingui macro go through Babel with Lingui's macro
 *   plugin (Vite's React plugin no longer runs Babel) and `messageKeys`, which gives every
 *   message its English text as its id and compiles the English text into the code. English readers
 *   load no catalogue; a message costs a few bytes more than a bare string.
 * - `.po` imports: a catalogue compiled to `export const messages = {…}`, keyed like the code. The
 *   compile is strict: a message without its translation, or one that does not parse, stops the build.
 *   `?pseudo` compiles the test locale from the English text of the same file.
 */
import { readFileSync } from 'node:fs';
import { transformAsync, types as t, type NodePath, type PluginObj } from '@babel/core';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import type { Plugin } from 'vite';

/** The catalogue key of a message: its English text, after its context when it has one. */
export function messageKey(message: string, context?: string): string {
  return context ? `${context}\u0004${message}` : message;
}

/** A compiled message: a plain string when it has no placeholder (smaller, and read as is). */
export type Compiled = string | CompiledMessage;

/** Compiles an ICU message; `mapText` rewrites its text parts (the pseudo-locale). Throws on bad syntax. */
export function compiled(message: string, mapText?: (text: string) => string): Compiled {
  let parts: CompiledMessage;
  try {
    parts = compileMessageOrThrow(message, mapText);
  } catch (error) {
    throw new Error(
      `cannot compile message "${message}": ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
}

function stringProperty(node: t.ObjectExpression, name: string): t.ObjectProperty | undefined {
  return node.properties.find(
    (p: t.ObjectExpression['properties'][number]): p is t.ObjectProperty =>
      t.isObjectProperty(p) &&
      !p.computed &&
      ((t.isIdentifier(p.key) && p.key.name === name) ||
        (t.isStringLiteral(p.key) && p.key.value === name)) &&
      t.isStringLiteral(p.value),
  );
}

const RUNTIME_MODULE = '@/lib/i18n';
const TRANS_MODULE = '@/lib/i18n/trans';

/** `{ id: 'text' }` and nothing else: a message that is its key. */
function onlyKey(node: t.Node | null | undefined): string | null {
  if (!t.isObjectExpression(node) || node.properties.length !== 1) return null;
  const id = stringProperty(node, 'id');
  return id ? (id.value as t.StringLiteral).value : null;
}

/**
 * Rewrites the descriptors Lingui's macros leave (`{ id: hash, message, context? }`): the id becomes
 * the message key, and `message` stays only where English needs it compiled (placeholders, plurals,
 * context), as the compiled form. Then, for bytes: a call given a bare key takes the key itself
 * (`i18n._('Save')`), and a `<Trans>` of plain text (no value, no element) becomes that call.
 */
export function messageKeys(): PluginObj {
  const keyed = new WeakSet<t.Node>();
  return {
    name: 'portal-message-keys',
    visitor: {
      Program: {
        exit(program: NodePath<t.Program>) {
          let runtime: string | null = null;
          const transNames = new Set<string>();
          for (const statement of program.node.body) {
            if (!t.isImportDeclaration(statement)) continue;
            for (const specifier of statement.specifiers) {
              if (!t.isImportSpecifier(specifier) || !t.isIdentifier(specifier.imported)) continue;
              if (statement.source.value === RUNTIME_MODULE && specifier.imported.name === 'i18n') {
                runtime = specifier.local.name;
              }
              if (statement.source.value === TRANS_MODULE && specifier.imported.name === 'Trans') {
                transNames.add(specifier.local.name);
              }
            }
          }
          const runtimeName = () => {
            if (runtime) return runtime;
            runtime = program.scope.generateUid('i18n');
            program.unshiftContainer(
              'body',
              t.importDeclaration(
                [t.importSpecifier(t.identifier(runtime), t.identifier('i18n'))],
                t.stringLiteral(RUNTIME_MODULE),
              ),
            );
            return runtime;
          };
          program.traverse({
            CallExpression(call) {
              const callee = call.node.callee;
              if (!t.isMemberExpression(callee) || !t.isIdentifier(callee.property, { name: '_' })) return;
              const key = onlyKey(call.node.arguments[0]);
              if (key !== null) call.node.arguments[0] = t.stringLiteral(key);
            },
            JSXElement(element) {
              const opening = element.node.openingElement;
              if (!t.isJSXIdentifier(opening.name) || !transNames.has(opening.name.name)) return;
              if (element.node.children.length > 0 || opening.attributes.length !== 1) return;
              const [spread] = opening.attributes;
              if (!t.isJSXSpreadAttribute(spread)) return;
              const key = onlyKey(spread.argument);
              if (key === null) return;
              const text = t.callExpression(
                t.memberExpression(t.identifier(runtimeName()), t.identifier('_')),
                [t.stringLiteral(key)],
              );
              const inJsx = t.isJSXElement(element.parent) || t.isJSXFragment(element.parent);
              element.replaceWith(inJsx ? t.jsxExpressionContainer(text) : text);
            },
          });
        },
      },
      ObjectExpression(path: NodePath<t.ObjectExpression>) {
        // Babel visits a changed node again: a descriptor is keyed once (its context is gone after).
        if (keyed.has(path.node)) return;
        const idProp = stringProperty(path.node, 'id');
        const messageProp = stringProperty(path.node, 'message');
        if (!idProp || !messageProp) return;
        const message = (messageProp.value as t.StringLiteral).value;
        const contextProp = stringProperty(path.node, 'context');
        const context = contextProp ? (contextProp.value as t.StringLiteral).value : undefined;
        const key = messageKey(message, context);
        keyed.add(path.node);
        idProp.value = t.stringLiteral(key);
        if (contextProp) path.node.properties.splice(path.node.properties.indexOf(contextProp), 1);
        // A translator's comment is for the catalogue only.
        const commentProp = stringProperty(path.node, 'comment');
        if (commentProp) path.node.properties.splice(path.node.properties.indexOf(commentProp), 1);
        const english = compiled(message);
        if (english === key) {
          path.node.properties.splice(path.node.properties.indexOf(messageProp), 1);
        } else {
          messageProp.value = t.valueToNode(english);
        }
      },
    },
  };
}

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;

export function linguiMacros(): Plugin {
  return {
    name: 'portal-lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      if (!MACRO_IMPORT.test(code)) return null;
      const options = {
        filename: id.split('?')[0],
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        // Characters as written (’, …), not \u escapes.
        generatorOpts: { jsescOption: { minimal: true } },
        parserOpts: { plugins: ['jsx', 'typescript'] as ['jsx', 'typescript'] },
      };
      // One pass: the macro plugin expands every macro on entering the program, so the descriptors
      // are there when the traversal reaches them.
      const keyed = await transformAsync(code, {
        ...options,
        // `extract`: keep the context in production too (the key needs it); messageKeys drops it after.
        plugins: [
          ['@lingui/babel-plugin-lingui-macro', { stripMessageField: false, extract: true }],
          messageKeys,
        ],
      });
      return keyed?.code ? { code: keyed.code, map: keyed.map } : null;
    },
  };
}

/** A catalogue's messages by key. */
export type Catalogue = Record<string, Compiled>;

// Every Latin letter has a look-alike with a mark: no word of the pseudo-locale is plain ASCII.
const PSEUDO_FROM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PSEUDO_TO = 'áƀçđéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ';
const PSEUDO_LETTERS: Record<string, string> = Object.fromEntries(
  [...PSEUDO_FROM].map((letter, i) => [letter, [...PSEUDO_TO][i] ?? letter]),
);

/**
 * Accented, between markers, and each word about a third longer: any plain English left on a page
 * stands out, and text wraps where a longer language's would (a block of padding at the end would
 * be one unbreakable "word" no language has).
 */
export function pseudoText(text: string): string {
  if (!text.trim()) return text;
  // Element tags (<0>…</0>) keep their spelling.
  const accented = text
    .split(/(<\/?\d+\/?>)/)
    .map((part) =>
      /^<\/?\d+\/?>$/.test(part)
        ? part
        : part.replace(
            /[a-zA-Z]+/g,
            (word) =>
              [...word].map((c) => PSEUDO_LETTERS[c] ?? c).join('') + '·'.repeat(Math.ceil(word.length / 3)),
          ),
    )
    .join('');
  return `⟦${accented}⟧`;
}

export interface CompileOptions {
  /** Compile the pseudo-locale from the English text instead of the translations. */
  pseudo?: boolean;
}

/** Compiles one PO file; throws on a missing translation or a message that does not parse. */
export function compileCatalogue(poText: string, options: CompileOptions = {}): Catalogue {
  const po = PO.parse(poText);
  const catalogue: Catalogue = {};
  const missing: string[] = [];
  for (const item of po.items) {
    if (item.obsolete) continue;
    const key = messageKey(item.msgid, item.msgctxt ?? undefined);
    if (options.pseudo) {
      catalogue[key] = compiled(item.msgid, pseudoText);
      continue;
    }
    const translation = item.msgstr[0] ?? '';
    if (!translation.trim()) {
      missing.push(item.msgid);
      continue;
    }
    catalogue[key] = compiled(translation);
  }
  if (missing.length > 0) {
    throw new Error(
      `${missing.length} message(s) have no translation:\n${missing
        .slice(0, 20)
        .map((m) => `  "${m}"`)
        .join('\n')}`,
    );
  }
  return catalogue;
}

/** `import { messages } from './es.po'` (or `./en.po?pseudo`): the compiled catalogue. */
export function poCatalogues(): Plugin {
  return {
    name: 'portal-po-catalogues',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (!file?.endsWith('.po')) return null;
      this.addWatchFile(file);
      const catalogue = compileCatalogue(readFileSync(file, 'utf8'), { pseudo: query === 'pseudo' });
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(catalogue))});`;
    },
  };
}
