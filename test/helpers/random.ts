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

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);

/** Random times in the 20 days from 2024-01-01 (a fifth of them at midnight), and windows over those days. */
export function randomDays(random: () => number) {
  const randomTime = () => new Date(START + Math.floor(random() * 20) * DAY + (random() < 0.2 ? 0 : Math.floor(random() * DAY))).toISOString();
  /** Windows with partial days at either edge, exact midnights, less than a day, one bound only. */
  const windows = (): { after?: string; before?: string }[] => {
    const at = (days: number) => new Date(START + days * DAY).toISOString();
    return [
      {},
      { after: at(3.25), before: at(11.75) },
      { after: at(3), before: at(11) },
      { after: at(5.1), before: at(5.9) },
      { after: at(5.9), before: at(6.1) },
      { after: at(7.5) },
      { before: at(9.5) },
      { after: "2024-01-04T03:00:00+05:00", before: "2024-01-12T23:30:00-02:00" },
      { after: randomTime(), before: randomTime() },
    ];
  };
  return { randomTime, windows };
}
