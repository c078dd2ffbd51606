import type { SqlRunner } from "./dataset.ts";
import { runSideBySide } from "./sideBySide.ts";

export interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Drops the non-unique indexes of the tables and returns their definitions: building an index
 * once over loaded rows (GIN trigram indexes above all) is much faster than growing it row by row.
 * Primary keys and unique indexes stay, since the data relies on them.
 */
export async function dropSecondaryIndexes(sql: SqlRunner, tables: string[]): Promise<IndexDefinition[]> {
  const indexes = await sql.query<IndexDefinition>(
    `SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid
     JOIN pg_class ic ON ic.oid = i.indexrelid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1::text[])
       AND NOT i.indisunique AND NOT i.indisprimary
     ORDER BY ic.relname`,
    [tables],
  );
  for (const index of indexes) await sql.query(`DROP INDEX "${index.name}"`);
  return indexes;
}

/**
 * Recreates indexes from their definitions, side by side on the connections, the GIN indexes (the
 * longest builds: every trigram or word of every row) first so that they do not wait for each other.
 */
export async function createIndexes(
  connections: SqlRunner[],
  indexes: IndexDefinition[],
  onCreated: (done: number, index: IndexDefinition) => void,
): Promise<void> {
  const ordered = [...indexes].sort((a, b) => Number(isGin(b)) - Number(isGin(a)));
  await runSideBySide(connections, ordered, (sql, index) => sql.query(index.definition), onCreated);
}

const isGin = (index: IndexDefinition) => / USING gin /i.test(index.definition);
