/** A seeded generator (mulberry32) of numbers in [0, 1), so that a failure can be replayed with its seed. */
export function seededRandom(seed: number): { random: () => number; pick: <T>(items: readonly T[]) => T } {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { random, pick: (items) => items[Math.floor(random() * items.length)]! };
}
