// PGlite's query() sends every statement unnamed, in six protocol exchanges with the PostgreSQL in its
// wasm (parse, describe, bind, describe, execute, sync): parsed, described and planned on every call.
// Here, as pg does on PostgreSQL, a named statement is parsed and described once per PGlite, and each
// call is one exchange (bind, describe, execute, sync). Imported only where a PGlite is opened.
import { parse, protocol, type PGlite } from "@electric-sql/pglite";
import { autocommitting, committing, type Driver, type DriverQueries } from "./driver.ts";
import { retryingTransaction } from "./retries.ts";
import { valuesOf, type Statement } from "./statement.ts";

const { serialize } = protocol;
const SYNC = serialize.sync();
const DESCRIBE_PORTAL = serialize.describe({ type: "P" });
const EXECUTE = serialize.execute({});

/** The named statements one PGlite has prepared: each with the types of its parameters, as PostgreSQL described them. */
class PreparedStatements {
  private readonly parameterTypes = new Map<string, number[]>();

  constructor(private readonly db: PGlite) {}

  /**
   * The rows of a named statement, in the locks PGlite's own query() takes: outside a transaction the
   * transaction's and the query's; inside one (whose transaction lock is held), the query's.
   */
  rows(statement: Statement<unknown, unknown>, params: unknown, inTransaction: boolean): Promise<unknown[]> {
    const run = () => this.db._runExclusiveQuery(() => this.execute(statement, params, inTransaction));
    return inTransaction ? run() : this.db._runExclusiveTransaction(run);
  }

  private async execute(statement: Statement<unknown, unknown>, params: unknown, inTransaction: boolean): Promise<unknown[]> {
    const types = this.parameterTypes.get(statement.name) ?? (await this.prepare(statement));
    const values = valuesOf(statement, params).map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.db.serializers[types[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await this.db.execProtocol(Buffer.concat([serialize.bind({ statement: statement.name, values }), DESCRIBE_PORTAL, EXECUTE, SYNC]), { syncToFs: false });
    // As query() does: a statement outside a transaction reaches the file system before it answers.
    if (!inTransaction) await this.db.syncToFs();
    return parse.parseResults(messages, this.db.parsers)[0]?.rows ?? [];
  }

  private async prepare(statement: Statement<unknown, unknown>): Promise<number[]> {
    const { messages } = await this.db.execProtocol(
      Buffer.concat([serialize.parse({ name: statement.name, text: statement.text }), serialize.describe({ type: "S", name: statement.name }), SYNC]),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(messages);
    this.parameterTypes.set(statement.name, types);
    return types;
  }
}

/** One per PGlite: a statement is prepared once per connection, and every Database over this PGlite shares its one connection. */
const preparedByPglite = new WeakMap<PGlite, PreparedStatements>();

/**
 * The driver's statements on one PGlite: named ones prepared once, unnamed ones (a search term's, planned
 * for its values) through PGlite's query(). `tx`: the transaction under way, if any.
 */
function queriesOnPglite(db: PGlite, tx?: Pick<PGlite, "query">): DriverQueries {
  let prepared = preparedByPglite.get(db);
  if (!prepared) preparedByPglite.set(db, (prepared = new PreparedStatements(db)));
  const statements = prepared;
  return {
    async rows<Params, Row>(statement: Statement<Params, Row>, params: Params) {
      if (statement.name) return (await statements.rows(statement as Statement<unknown, unknown>, params, tx !== undefined)) as Row[];
      return (await (tx ?? db).query<Row>(statement.text, valuesOf(statement, params))).rows;
    },
  };
}

/** PGlite has one connection: a transaction holds it, and every other statement waits for it to end. */
export function pgliteDriver(db: PGlite): Driver {
  const queries = queriesOnPglite(db);
  return {
    ...queries,
    autocommit: (work) => autocommitting(queries, work),
    transaction: (work) => committing((run) => retryingTransaction(() => db.transaction((tx) => run(queriesOnPglite(db, tx))), 0), work),
  };
}
