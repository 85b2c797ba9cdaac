/**
 * Latency percentiles of the bench, from every answer's own time in
 * milliseconds (fractions kept). autocannon's own histogram stores whole
 * milliseconds: with a 2 ms baseline its p99 ratios moved by whole steps of
 * 50 % (decision 019, 2026-11-25).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Instance } from 'autocannon';

/** The p-th percentile (nearest rank) of ascending `sorted`; 0 when empty. */
export const percentile = (sorted: ArrayLike<number>, p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Rounded to 0.01 ms, as the bench reports latencies. */
export const ms2 = (x: number): number => Math.round(x * 100) / 100;

export type Latencies = { p50: number; p99: number };

/**
 * Records the time of every 2xx answer of an autocannon run (as autocannon's
 * latency does: other answers are counted, not timed) and gives its p50 and p99.
 * With `dumpTo`, also writes each answer's end (ms since the run began) and
 * time there, a line each: where in a run its slow answers were.
 */
export function recordLatencies(instance: Instance, dumpTo?: string): () => Latencies {
  let times = new Float64Array(1 << 16);
  let n = 0;
  const began = performance.now();
  const dump: string[] = [];
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode < 200 || statusCode >= 300) return;
    if (n === times.length) {
      const grown = new Float64Array(times.length * 2);
      grown.set(times);
      times = grown;
    }
    times[n++] = responseTime;
    if (dumpTo) dump.push(`${Math.round(performance.now() - began)} ${responseTime.toFixed(2)}`);
  });
  return () => {
    if (dumpTo) {
      mkdirSync(dirname(dumpTo), { recursive: true });
      writeFileSync(dumpTo, `${dump.join('\n')}\n`);
    }
    const sorted = times.subarray(0, n).sort();
    return { p50: ms2(percentile(sorted, 50)), p99: ms2(percentile(sorted, 99)) };
  };
}
