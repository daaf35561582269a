import path from 'node:path';

/**
 * The import boundaries of STYLE.md section 2, checked on where an import really lands, so an alias
 * (`@/features/x`) and a relative path (`../../features/x`) are judged alike:
 * - a feature never imports another feature, nor app/;
 * - lib/, components/, api/, config/ and wizard/ never import features/ or app/;
 * - app/ and main.tsx import a feature only through its `features/<name>/index.ts`.
 * Tests are held to the first rule only: a shared layer's test may build the app context, and an
 * app test may reach into the feature whose page it drives.
 */
/** The project root: this file sits in <root>/eslint/. */
const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED = new Set(['lib', 'components', 'api', 'config', 'wizard']);

/** `src/features/visits/a/b.ts` -> ['features', 'visits', 'a', 'b.ts']; null outside src/. */
function srcParts(file, root) {
  const rel = path.relative(path.join(root, 'src'), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep);
}

function targetParts(specifier, file, root) {
  if (specifier.startsWith('@/')) return srcParts(path.join(root, 'src', specifier.slice(2)), root);
  if (specifier.startsWith('.')) return srcParts(path.resolve(path.dirname(file), specifier), root);
  return null; // a package, or ~test (left to no-restricted-imports)
}

const isFeatureIndex = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0]));

function problem(from, to) {
  const [layer, name] = from;
  const [toLayer, toName, ...rest] = to;
  if (layer === 'features') {
    if (toLayer === 'features' && toName !== name) return 'crossFeature';
    if (toLayer === 'app' || toLayer === 'main.tsx') return 'featureToApp';
  } else if (SHARED.has(layer)) {
    if (toLayer === 'features' || toLayer === 'app' || toLayer === 'main.tsx') return 'sharedUp';
  } else if (layer === 'app' || layer === 'main.tsx') {
    if (toLayer === 'features' && !isFeatureIndex(rest)) return 'deepFeature';
  }
  return null;
}

export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep features, shared layers and app/ inside their import boundaries.' },
    schema: [],
    messages: {
      crossFeature: 'Features never import each other: move the shared part to api/, lib/ or components/.',
      featureToApp: 'Features sit below app/ and never import it.',
      sharedUp: 'lib/, components/, api/, config/ and wizard/ never import features/ or app/.',
      deepFeature: "app/ imports a feature only through its index.ts ('@/features/{{name}}').",
    },
  },
  create(context) {
    const root = ROOT;
    const from = srcParts(context.filename, root);
    if (!from) return {};
    const isTest = /\.test\.tsx?$/.test(context.filename);
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const to = targetParts(source.value, context.filename, root);
      if (!to) return;
      const messageId = problem(from, to);
      if (!messageId || (isTest && messageId !== 'crossFeature')) return;
      context.report({ node: source, messageId, data: { name: to[1] } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries } };
