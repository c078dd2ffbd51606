// A domain's statement, typed end to end: its text names its parameters (`:organizationId`), the
// compiler checks the object of values given at every call against `Params`, and its rows are typed
// as what the text selects. The text is compiled once, when the module loads, to PostgreSQL's $1, $2, …

/**
 * A statement of a domain's sql.ts: its name (unique: pg prepares it once per connection under it),
 * its text with $1, $2, … for the parameters `parameters` names in order, and the types of the
 * values it takes and of its rows (never set: they only type `rows`).
 */
export interface Statement<Params, Row> {
  readonly name: string;
  readonly text: string;
  readonly parameters: readonly (keyof Params & string)[];
  readonly types?: { params: Params; row: Row };
}

/** The values of a statement that takes none. */
export type NoParams = Record<string, never>;

/**
 * What `:name` may be a parameter in: not in a string, a quoted identifier, a comment or a `::` cast.
 * The first group is the name of a parameter; any other match is copied as it is.
 */
const TOKEN = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|::|:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The text with its named parameters numbered in the order they first appear, and those names. */
export function compileParameters(text: string): { text: string; parameters: string[] } {
  const parameters: string[] = [];
  const compiled = text.replace(TOKEN, (token, parameter?: string) => {
    if (parameter === undefined) return token;
    const known = parameters.indexOf(parameter);
    return `$${known >= 0 ? known + 1 : parameters.push(parameter)}`;
  });
  return { text: compiled, parameters };
}

/** A statement named `name` (one name per distinct text: PostgreSQL prepares it under that name) of `text` with `:named` parameters. */
export function statement<Params extends object, Row = never>(name: string, text: string): Statement<Params, Row> {
  const compiled = compileParameters(text);
  return { name, text: compiled.text, parameters: compiled.parameters as (keyof Params & string)[] };
}

/**
 * Statements of one query whose text depends on which of its optional parts are given (a listing's
 * filters): each set of parts makes one statement, compiled once and named after them, so that
 * PostgreSQL prepares each shape with a plan of its own. `parts` lists every part, for the test
 * that prepares them all.
 */
export interface ComposedStatement<Part extends string, Params, Row> {
  readonly parts: readonly Part[];
  of(given: readonly Part[]): Statement<Params, Row>;
}

/**
 * `text` builds the statement of the given parts (always listed in the order of `parts`); `name`
 * is its prefix, followed by the parts' names; `unnamed`: sets of parts whose statements are sent
 * unnamed, planned for each call's values (a search term's plan can be far off for another term).
 */
export function composedStatement<Part extends string, Params extends object, Row>(
  name: string,
  parts: readonly Part[],
  text: (given: ReadonlySet<Part>) => string,
  unnamed: (given: ReadonlySet<Part>) => boolean = () => false,
): ComposedStatement<Part, Params, Row> {
  const compiled = new Map<string, Statement<Params, Row>>();
  return {
    parts,
    of(given) {
      const set = new Set(parts.filter((part) => given.includes(part)));
      const shape = [...set].join(",");
      let found = compiled.get(shape);
      if (!found) {
        found = statement<Params, Row>(unnamed(set) ? "" : `${name}:${shape}`, text(set));
        compiled.set(shape, found);
      }
      return found;
    },
  };
}

/** The positional values of `params` for the statement's text; an absent one is NULL. */
export function valuesOf<Params>(statement: Statement<Params, unknown>, params: Params): unknown[] {
  return statement.parameters.map((parameter) => params[parameter] ?? null);
}
