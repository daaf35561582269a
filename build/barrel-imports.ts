import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Where a name a barrel re-exports is defined: an `@/` specifier and the name there. */
export interface ExportTarget {
  specifier: string;
  name: string;
}

/**
 * The value exports of a barrel (`index.ts`) written as `export { a, b as c, type T } from './x'`
 * lines, by exported name. Type-only exports are left out (they are gone after compilation).
 */
export function readReexports(indexFile: string, srcDir: string): Map<string, ExportTarget> {
  const source = readFileSync(indexFile, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const targets = new Map<string, ExportTarget>();
  for (const match of source.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const [, typeOnly, names = '', from = ''] = match;
    if (typeOnly || !from.startsWith('.')) continue;
    const specifier = `@/${relative(srcDir, resolve(dirname(indexFile), from))
      .split('\\')
      .join('/')}`;
    for (const part of names.split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      const [name = '', exported = name] = spec.split(/\s+as\s+/);
      targets.set(exported, { specifier, name });
    }
  }
  return targets;
}

const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])(@\/(?:features\/[\w-]+|wizard))\2\s*;?/g;

/** `import('@/features/x').then((m) => ({ default: m.Name }))`: a lazy component from a barrel. */
const LAZY_BARREL_IMPORT =
  /import\(\s*(['"])(@\/(?:features\/[\w-]+|wizard))\1\s*\)\s*\.then\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*\(\s*\{\s*default:\s*\3\.(\w+)\s*\}\s*\)\s*\)/g;

/**
 * Rewrites `import { a, b } from '@/features/x'` into imports from the files that define `a` and
 * `b`, and a lazy component's `import('@/features/x')` into an import of its own file. Names it cannot place stay on the barrel, so the result always means the same.
 */
export function flattenBarrelImports(
  code: string,
  barrelExports: (barrel: string) => Map<string, ExportTarget> | null,
): string {
  const lazyFlattened = code.replace(
    LAZY_BARREL_IMPORT,
    (call, _quote: string, barrel: string, module: string, name: string) => {
      const target = barrelExports(barrel)?.get(name);
      return target
        ? `import('${target.specifier}').then((${module}) => ({ default: ${module}.${target.name} }))`
        : call;
    },
  );
  return lazyFlattened.replace(BARREL_IMPORT, (statement, names: string, _quote: string, barrel: string) => {
    const targets = barrelExports(barrel);
    if (!targets) return statement;
    const byFile = new Map<string, string[]>();
    const kept: string[] = [];
    for (const part of names.split(',')) {
      const spec = part.trim();
      if (!spec) continue;
      const [imported = '', local = imported] = spec.split(/\s+as\s+/);
      const target = spec.startsWith('type ') ? undefined : targets.get(imported);
      if (!target) {
        kept.push(spec);
        continue;
      }
      const binding = target.name === local ? local : `${target.name} as ${local}`;
      byFile.set(target.specifier, [...(byFile.get(target.specifier) ?? []), binding]);
    }
    const lines = [...byFile].map(([file, bindings]) => `import { ${bindings.join(', ')} } from '${file}';`);
    if (kept.length) lines.push(`import { ${kept.join(', ')} } from '${barrel}';`);
    return lines.join(' ');
  });
}

/**
 * Build-only: imports of a feature's (or the wizard's) index go straight to the defining files.
 * The bundler places modules in chunks by what imports what, and an index reaches every module of
 * its feature, so one small name taken from it (a home panel) drew the feature's forms, schemas and
 * libraries into the importing page's chunks. Source keeps importing the index (the lint zones
 * require it); only the build sees the direct imports.
 */
export function barrelImports(srcDir: string): Plugin {
  const cache = new Map<string, Map<string, ExportTarget> | null>();
  const exportsOf = (barrel: string) => {
    if (!cache.has(barrel)) {
      const index = resolve(srcDir, barrel.slice(2), 'index.ts');
      try {
        cache.set(barrel, readReexports(index, srcDir));
      } catch {
        // No readable index: the import stays as written.
        cache.set(barrel, null);
      }
    }
    return cache.get(barrel) ?? null;
  };
  return {
    name: 'barrel-imports',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(srcDir) || !/\.[jt]sx?$/.test(id) || !code.includes('@/')) return null;
      const flattened = flattenBarrelImports(code, exportsOf);
      return flattened === code ? null : { code: flattened, map: null };
    },
  };
}
