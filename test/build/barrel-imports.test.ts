import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenBarrelImports, readReexports } from '../../build/barrel-imports';

function featureTree(): string {
  const src = mkdtempSync(join(tmpdir(), 'barrels-'));
  mkdirSync(join(src, 'features', 'insurance', 'home'), { recursive: true });
  writeFileSync(
    join(src, 'features', 'insurance', 'index.ts'),
    [
      '/** The insurance feature. */',
      "export { InsurancePanel, CardDetails } from './insurance-panel';",
      '// export { Commented } from "./gone";',
      'export {',
      '  InsuranceTodoPanel,',
      '  todoCount as countTodos,',
      '  type TodoProps,',
      "} from './home/insurance-todo-panel';",
      "export type { Card } from './types';",
    ].join('\n'),
  );
  return src;
}

describe('readReexports', () => {
  it('maps each exported value to the file and name that define it, leaving types out', () => {
    const src = featureTree();
    const targets = readReexports(join(src, 'features', 'insurance', 'index.ts'), src);
    expect(Object.fromEntries(targets)).toEqual({
      InsurancePanel: { specifier: '@/features/insurance/insurance-panel', name: 'InsurancePanel' },
      CardDetails: { specifier: '@/features/insurance/insurance-panel', name: 'CardDetails' },
      InsuranceTodoPanel: {
        specifier: '@/features/insurance/home/insurance-todo-panel',
        name: 'InsuranceTodoPanel',
      },
      countTodos: { specifier: '@/features/insurance/home/insurance-todo-panel', name: 'todoCount' },
    });
  });
});

describe('flattenBarrelImports', () => {
  const src = featureTree();
  const targets = readReexports(join(src, 'features', 'insurance', 'index.ts'), src);
  const lookup = (barrel: string) => (barrel === '@/features/insurance' ? targets : null);

  it('sends each name to its own file, so a page importing a panel does not reach the forms', () => {
    const code = `import { InsuranceTodoPanel } from '@/features/insurance';\nexport const x = InsuranceTodoPanel;`;
    expect(flattenBarrelImports(code, lookup)).toBe(
      `import { InsuranceTodoPanel } from '@/features/insurance/home/insurance-todo-panel';\nexport const x = InsuranceTodoPanel;`,
    );
  });

  it('groups names by file and keeps renames on both sides', () => {
    const code = `import { CardDetails as Details, countTodos as n, InsurancePanel } from "@/features/insurance";`;
    expect(flattenBarrelImports(code, lookup)).toBe(
      "import { CardDetails as Details, InsurancePanel } from '@/features/insurance/insurance-panel'; " +
        "import { todoCount as n } from '@/features/insurance/home/insurance-todo-panel';",
    );
  });

  it('leaves on the barrel what it cannot place, and other modules alone', () => {
    const unknown = `import { Unknown, InsurancePanel } from '@/features/insurance';`;
    expect(flattenBarrelImports(unknown, lookup)).toBe(
      "import { InsurancePanel } from '@/features/insurance/insurance-panel'; import { Unknown } from '@/features/insurance';",
    );
    const others = `import { a } from '@/features/records';\nimport { b } from '@/api/insurance/queries';`;
    expect(flattenBarrelImports(others, lookup)).toBe(others);
  });

  it('sends a lazy component’s import to its own file, so opening a panel loads only that panel', () => {
    const code = `const Panel = lazy(() => import("@/features/insurance").then((m) => ({ default: m.countTodos })));`;
    expect(flattenBarrelImports(code, lookup)).toBe(
      `const Panel = lazy(() => import('@/features/insurance/home/insurance-todo-panel').then((m) => ({ default: m.todoCount })));`,
    );
    const unknown = `lazy(() => import('@/features/insurance').then((m) => ({ default: m.Unknown })))`;
    expect(flattenBarrelImports(unknown, lookup)).toBe(unknown);
  });
});
