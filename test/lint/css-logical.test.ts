import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPhysicalSides } from './css-logical';

/**
 * Every stylesheet of the portal writes sides as inline start/end, so a right-to-left page mirrors
 * by `dir` alone. The matcher is proven on probes first: a check that can never fail proves nothing.
 */
const root = path.resolve(import.meta.dirname, '../..');
const lines = (css: string) => findPhysicalSides(css).map((side) => side.line);

describe('findPhysicalSides', () => {
  it.each(['margin-left: 1px', 'left: 0', 'text-align: right'])('flags %s', (declaration) => {
    expect(lines(`.a {\n  ${declaration};\n}`)).toEqual([2]);
  });

  it.each([
    'margin-inline-start: 1px',
    'inset-inline: 0',
    'scroll-padding-top: 1px',
    '--left-gap: 1px',
    '/* left: 0; margin-left: 1px; text-align: right */ color: red',
  ])('passes over %s', (declaration) => {
    expect(lines(`.a {\n  ${declaration};\n}`)).toEqual([]);
  });

  it('reports every physical side of the probe on its own line, and nothing logical', () => {
    const probe = readFileSync(path.join(import.meta.dirname, 'probes', 'physical-sides.css'), 'utf8');
    const marked = probe
      .split('\n')
      .flatMap((text, index) => (text.trimEnd().endsWith('/* flag */') ? [index + 1] : []));
    const found = findPhysicalSides(probe);
    expect(found.map((side) => side.line)).toEqual(marked);
    expect(found[0]).toEqual({ line: 4, text: 'margin-left: 1px; /* flag */' });
  });

  it('reports each side of a rule written on one line', () => {
    expect(lines('.a { left: 0; color: red; right: 1px }\n.b { float: right }')).toEqual([1, 1, 2]);
  });
});

describe('the portal’s stylesheets', () => {
  const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
    .sort();

  it('are found', () => {
    expect(files).toEqual(expect.arrayContaining(['src/styles.css', 'src/area-styles.css']));
  });

  it('write sides as inline start and end, never left or right', () => {
    const physical = files.flatMap((file) =>
      findPhysicalSides(readFileSync(path.join(root, file), 'utf8')).map(
        (side) => `${file}:${side.line}: ${side.text}`,
      ),
    );
    expect(physical).toEqual([]);
  });
});
