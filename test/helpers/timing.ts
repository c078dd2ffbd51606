/**
 * Milliseconds `run` takes, the best of three runs: the first of a new shape of input may pay for compiling,
 * or for a busy machine. For the wall-clock bounds of test:perf.
 */
export function bestOfThreeMs(run: () => unknown): number {
  return Math.min(
    ...[0, 1, 2].map(() => {
      const started = performance.now();
      run();
      return performance.now() - started;
    }),
  );
}
