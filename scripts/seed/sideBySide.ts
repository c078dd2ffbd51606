import type { SqlRunner } from "./dataset.ts";

/** Runs `run` on each item, in their order, each on the next free connection; `onDone` after each. */
export async function runSideBySide<Item>(
  connections: SqlRunner[],
  items: Item[],
  run: (sql: SqlRunner, item: Item) => Promise<unknown>,
  onDone: (done: number, item: Item) => void = () => {},
): Promise<void> {
  const queue = [...items];
  let done = 0;
  await Promise.all(
    connections.map(async (sql) => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
        await run(sql, item);
        onDone(++done, item);
      }
    }),
  );
}

export const runStatement = (sql: SqlRunner, statement: string) => sql.query(statement);
