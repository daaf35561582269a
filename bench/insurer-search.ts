/**
 * The insurer search with 10,000 entries: how long building the search index takes, and how long
 * each keystroke's matching takes while a patient types a name letter by letter (the combobox
 * renders only the visible rows, so matching is the work that grows with the list).
 *
 * Run: node --import tsx bench/insurer-search.ts
 */
import { performance } from 'node:perf_hooks';
import { matchOptions, searchIndex, type InsurerOption } from '../src/features/insurance/insurer-combobox';

const ENTRIES = 10_000;
const WORDS = ['Blue', 'Harbor', 'Summit', 'Prairie', 'Evergreen', 'Keystone', 'Granite', 'Cedar', 'Beacon'];
const KINDS = ['Health', 'Care', 'Mutual', 'Medical', 'Benefit', 'Shield'];

export interface InsurerSearchBench {
  entries: number;
  indexMs: number;
  keystrokes: number;
  medianKeystrokeMs: number;
  worstKeystrokeMs: number;
  matchesAfterTyping: number;
}

export function runInsurerSearchBench(): InsurerSearchBench {
  const options: InsurerOption[] = Array.from({ length: ENTRIES }, (_, i) => ({
    code: `C${10000 + i}`,
    name: `${WORDS[i % WORDS.length]} ${KINDS[(i * 7) % KINDS.length]} Plan ${i + 1}`,
    detail: 'Carrier',
  }));
  const t0 = performance.now();
  const index = searchIndex(options);
  const indexMs = performance.now() - t0;
  const typed = (options[4321]?.name ?? '').toLowerCase();
  const times: number[] = [];
  let matches = 0;
  for (let round = 0; round < 5; round += 1) {
    for (let i = 1; i <= typed.length; i += 1) {
      const start = performance.now();
      matches = matchOptions(index, typed.slice(0, i)).length;
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  return {
    entries: ENTRIES,
    indexMs,
    keystrokes: times.length,
    medianKeystrokeMs: times[Math.floor(times.length / 2)] ?? 0,
    worstKeystrokeMs: times.at(-1) ?? 0,
    matchesAfterTyping: matches,
  };
}

export function printInsurerSearchBench(r: InsurerSearchBench): void {
  console.log(`Insurer search, ${r.entries} entries`);
  console.log(`  build search index:       ${r.indexMs.toFixed(2)} ms`);
  console.log(
    `  matching per keystroke:   median ${r.medianKeystrokeMs.toFixed(2)} ms, worst ${r.worstKeystrokeMs.toFixed(2)} ms (${r.keystrokes} keystrokes)`,
  );
  console.log(`  matches for the full text: ${r.matchesAfterTyping}`);
}

if (import.meta.url === `file://${process.argv[1]}`) printInsurerSearchBench(runInsurerSearchBench());
