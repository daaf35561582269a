/**
 * Runs the benchmarks and prints their figures (`npm run bench`). Set BENCH_SKIP_BUILD=1 to reuse
 * an existing dist-bench build.
 */
import { printInsurerSearchBench, runInsurerSearchBench } from './insurer-search';
import { printProviderQueueBench, runProviderQueueBench } from './provider-queue';
import { printThreadBench, runThreadBench } from './thread';

const result = await runThreadBench({ build: process.env.BENCH_SKIP_BUILD !== '1' });
printThreadBench(result);

printInsurerSearchBench(runInsurerSearchBench());

// The thread bench built dist-bench already.
printProviderQueueBench(await runProviderQueueBench({ build: false }));
