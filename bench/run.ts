/**
 * Runs the benchmarks and prints their figures (`npm run bench`). Set BENCH_SKIP_BUILD=1 to reuse
 * an existing dist-bench build.
 */
import { printInsurerSearchBench, runInsurerSearchBench } from './insurer-search';
import { printThreadBench, runThreadBench } from './thread';

const result = await runThreadBench({ build: process.env.BENCH_SKIP_BUILD !== '1' });
printThreadBench(result);

printInsurerSearchBench(runInsurerSearchBench());
