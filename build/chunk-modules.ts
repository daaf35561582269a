import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where a production build lists the source modules of each of its chunks (for test/budgets.ts). */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Writes the chunk graph's contents, `{ [chunk file]: [module paths from the project root] }`, beside
 * Vite's manifest, so the budget check can prove what no production chunk holds (the mock, the
 * client's server-only modules, Node's built-ins).
 */
export function chunkModules(root: string): Plugin {
  return {
    name: 'portal:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const graph: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        graph[output.fileName] = output.moduleIds.map((id) =>
          id.startsWith('\0') || !id.startsWith('/') ? id : relative(root, id).split('\\').join('/'),
        );
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(graph) });
    },
  };
}
