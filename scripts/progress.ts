const WIDTH = 30;

/**
 * A progress bar on stderr, so that stdout stays clean for what a script prints. On a terminal
 * it redraws one line; otherwise it writes a line at each tenth of the way.
 */
export function progressBar(label: string, total: number) {
  const started = Date.now();
  const interactive = process.stderr.isTTY === true;
  let lastTenth = -1;

  function line(done: number, note: string): string {
    const fraction = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(fraction * WIDTH);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const bar = "#".repeat(filled) + "-".repeat(WIDTH - filled);
    return `${label} [${bar}] ${Math.floor(fraction * 100)}% ${done}/${total}${note ? ` ${note}` : ""} ${seconds}s`;
  }

  return {
    update(done: number, note = ""): void {
      if (interactive) {
        process.stderr.write(`\r${line(done, note)}\x1b[K`);
        return;
      }
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      process.stderr.write(`${line(done, note)}\n`);
    },
    finish(note = ""): void {
      if (interactive) process.stderr.write(`\r${line(total, note)}\x1b[K\n`);
      else if (lastTenth !== 10) process.stderr.write(`${line(total, note)}\n`);
    },
  };
}
