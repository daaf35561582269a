import path from 'node:path';

/**
 * The import boundaries of STYLE.md section 2, checked on where an import really lands, so an alias
 * (`@/features/x`, `~test/x`) and a relative path (`../../features/x`, `../../../test/x`) are judged alike:
 * - a feature never imports another feature, nor app/;
 * - lib/, components/, api/, config/ and wizard/ never import features/ or app/;
 * - app/ and main.tsx import a feature only through its `features/<name>/index.ts`;
 * - only main.tsx imports the mock package (the real client never depends on the mock);
 * - the client package (packages/client) imports nothing of the app, the mock or test/;
 * - the mock package (packages/mock) imports its own files and the client's schemas and contract
 *   constants (never a request function), nothing of the app or test/;
 * - nothing in src/ imports test/.
 * Tests are held to the first rule only: a shared layer's test may build the app context, an app
 * test may reach into the feature whose page it drives, and any test may use the mock and test/.
 */
/** The project root: this file sits in <root>/eslint/. */
const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED = new Set(['lib', 'components', 'api', 'config', 'wizard']);
/** The first part of a target under test/ (no folder of src/ can have this name). */
const TEST = '<test>';
/** The first part of a file or target in a workspace package. */
const CLIENT = '<client>';
const MOCK = '<mock>';
const PACKAGES = { client: CLIENT, mock: MOCK };

/** `<dir>/a/b.ts` -> ['a', 'b.ts']; null outside dir. */
function partsUnder(dir, file) {
  const rel = path.relative(dir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep);
}

/**
 * `src/features/visits/a/b.ts` -> ['features', 'visits', 'a', 'b.ts'];
 * `packages/client/src/a/b.ts` -> [CLIENT, 'a', 'b.ts']; null elsewhere.
 */
function srcParts(file, root) {
  for (const [name, layer] of Object.entries(PACKAGES)) {
    const inPackage = partsUnder(path.join(root, 'packages', name, 'src'), file);
    if (inPackage) return [layer, ...inPackage];
  }
  return partsUnder(path.join(root, 'src'), file);
}

/** Where an import lands: its parts under src/, or [TEST, ...] under test/; null for a package. */
function targetParts(specifier, file, root) {
  let target;
  if (specifier.startsWith('@/')) target = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('~test/')) target = path.join(root, 'test', specifier.slice('~test/'.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
  else if (/^@telehealth\/(client|mock)\//.test(specifier)) {
    const [, name, ...rest] = specifier.split('/');
    target = path.join(root, 'packages', name, 'src', ...rest);
  } else return null;
  const inSrc = srcParts(target, root);
  if (inSrc) return inSrc;
  const inTest = partsUnder(path.join(root, 'test'), target);
  return inTest ? [TEST, ...inTest] : null;
}

const isFeatureIndex = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0]));

function problem(from, to) {
  const [layer, name] = from;
  const [toLayer, toName, ...rest] = to;
  if (toLayer === TEST) return 'importsTest';
  if (layer === CLIENT) return toLayer === CLIENT ? null : 'clientImportsOthers';
  if (layer === MOCK) {
    if (toLayer === MOCK) return null;
    if (toLayer !== CLIENT) return 'mockImportsApp';
    const file = to[to.length - 1] ?? '';
    return /^(http|upload|requests)(\.ts)?$/.test(file) ? 'mockImportsRequests' : null;
  }
  if (toLayer === MOCK && layer !== 'main.tsx') return 'importsMock';
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
    docs: {
      description: 'Keep features, shared layers, app/, the mock and test/ inside their import boundaries.',
    },
    schema: [],
    messages: {
      crossFeature: 'Features never import each other: move the shared part to api/, lib/ or components/.',
      featureToApp: 'Features sit below app/ and never import it.',
      sharedUp: 'lib/, components/, api/, config/ and wizard/ never import features/ or app/.',
      deepFeature: "app/ imports a feature only through its index.ts ('@/features/{{name}}').",
      importsMock:
        'Only main.tsx, tests and the mock itself import the mock package: the real client never depends on the mock.',
      mockImportsApp:
        "The mock package imports only its own files and the client's schemas, never the app or test/.",
      mockImportsRequests:
        "The mock package answers requests, it never makes them: import the client's schemas, not its request functions.",
      clientImportsOthers:
        'The client package imports nothing of the app, the mock or test/: it runs in any app and on Node.',
      importsTest: 'Only tests import test/: move what src/ needs into src/.',
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
