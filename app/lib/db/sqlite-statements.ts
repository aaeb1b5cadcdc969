// The SQLite connection's statements: each SQL text is prepared once and run again with new
// parameters, and no statement is planned again on every run.
//
// SQLite plans a statement with the values bound to two kinds of parameters: a LIMIT or OFFSET
// `?` (it sizes the query's sorts with it) and the pattern of a LIKE `?` (a pattern without a
// leading wildcard may use an index). It then marks the statement to be planned again whenever
// a value is bound to such a parameter, equal or not, and the adapter binds every parameter on
// every run: each run parsed and planned the statement anew. On the demo seed that was most of
// what SQLite spent on a page (a showcase's statement 325 → 130 µs, a post's counts 47 → 6 µs,
// its comments 61 → 18 µs, Prisma's findFirst 13 → 3 µs). So the statement SQLite is given:
// - writes a LIMIT or OFFSET that is an integer into its text, each value its own prepared
//   statement (a page size or an offset takes a handful of values);
// - reads a LIKE pattern through `(? || '')`, an expression SQLite does not plan with. No plan
//   is lost: SQLite's LIKE ignores case, and it serves a pattern's prefix from an index only
//   when the index ignores case too, which none of the schema's does (most patterns start
//   with a wildcard anyway).
import type { ColumnDefinition, Database, Statement } from "better-sqlite3";

/** A SQL text cut at its LIMIT and OFFSET parameters, its LIKE patterns already wrapped. */
export type SqlPlan = {
  /** The text around the LIMIT and OFFSET parameters: one piece more than there are of them. */
  pieces: string[];
  /** The position among the statement's parameters of each LIMIT and OFFSET one. */
  limits: number[];
};

const WORD_BEFORE = /([A-Za-z_]+)[\s(]*$/;

/**
 * Reads `sql` as SQLite would (quoted texts, quoted names and comments hold no parameters) and
 * says where its LIMIT and OFFSET parameters are. A text with numbered or named parameters is
 * left as it is.
 */
export function planSql(sql: string): SqlPlan {
  const untouched: SqlPlan = { pieces: [sql], limits: [] };
  const pieces: string[] = [];
  const limits: number[] = [];
  let out = "";
  let parameter = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i];
    const closing = char === "'" ? "'" : char === '"' ? '"' : char === "`" ? "`" : char === "[" ? "]" : null;
    if (closing) {
      const end = sql.indexOf(closing, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (char === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (char === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (char === ":" || char === "@" || char === "$" || (char === "?" && /[0-9]/.test(sql[i + 1] ?? ""))) return untouched;
    if (char === "?") {
      const word = WORD_BEFORE.exec(out)?.[1]?.toUpperCase();
      if (word === "LIMIT" || word === "OFFSET") {
        pieces.push(out);
        out = "";
        limits.push(parameter);
      } else if (word === "LIKE") {
        out += "(? || '')";
      } else {
        out += "?";
      }
      parameter += 1;
      i += 1;
      continue;
    }
    out += char;
    i += 1;
  }
  pieces.push(out);
  return { pieces, limits };
}

/** Whether `value` can be written into the text as an integer literal. */
function integer(value: unknown): value is number | bigint {
  return (typeof value === "number" && Number.isSafeInteger(value)) || typeof value === "bigint";
}

/** The plan's text with `values` (one per LIMIT and OFFSET parameter, in order) written in. */
export function literalSql(plan: SqlPlan, values: ReadonlyArray<number | bigint>): string {
  return plan.pieces.reduce((sql, piece, index) => (index === 0 ? piece : `${sql}${String(values[index - 1])}${piece}`), "");
}

/** A SQL text the adapter asked for: its statement, and one per set of LIMIT and OFFSET values. */
class PreparedText {
  private whole: Statement | undefined;
  private readonly literal = new Map<string, Statement>();
  constructor(
    readonly plan: SqlPlan,
    private readonly prepare: (sql: string) => Statement,
  ) {}
  /** The statement of the text itself. */
  statement(): Statement {
    return (this.whole ??= this.prepare(this.plan.pieces.join("?")));
  }
  /**
   * The statement to run `args` with, and the parameters it binds: its LIMIT and OFFSET values
   * written in when they are integers.
   */
  forArgs(args: unknown[]): { statement: Statement; args: unknown[] } {
    const { limits } = this.plan;
    if (limits.length === 0) return { statement: this.statement(), args };
    const values = limits.map((at) => args[at]);
    if (!values.every(integer)) return { statement: this.statement(), args };
    const key = values.join(" ");
    let statement = this.literal.get(key);
    if (!statement) {
      statement = this.prepare(literalSql(this.plan, values));
      this.literal.set(key, statement);
    }
    return { statement, args: args.filter((_, at) => !limits.includes(at)) };
  }
}

/**
 * The columns a statement answers, read once: the adapter asks for them on every run, and
 * better-sqlite3 builds them anew each time, though they are the ones the statement's text
 * names.
 */
const columns = new WeakMap<Statement, readonly ColumnDefinition[]>();
function columnsOf(statement: Statement): readonly ColumnDefinition[] {
  let known = columns.get(statement);
  if (!known) {
    known = Object.freeze(statement.columns());
    columns.set(statement, known);
  }
  return known;
}

/**
 * A prepared statement that takes its parameters on each call. The adapter calls
 * `prepare(sql).bind(args)` and then `run()`, `columns()` or `raw().all()`; better-sqlite3's
 * own `bind` fixes the parameters for the statement's whole life, so a statement used that
 * way could never be used again.
 */
class ReusableStatement {
  constructor(
    private readonly text: PreparedText,
    private readonly statement: Statement = text.statement(),
    private readonly args: unknown[] = [],
  ) {}
  get reader(): boolean {
    return this.statement.reader;
  }
  bind(args: unknown[]): ReusableStatement {
    const chosen = this.text.forArgs(args);
    return new ReusableStatement(this.text, chosen.statement, chosen.args);
  }
  run() {
    return this.statement.run(this.args);
  }
  columns() {
    return columnsOf(this.statement);
  }
  raw() {
    const { statement, args } = this;
    return { all: () => statement.raw(true).all(args) };
  }
}

/**
 * Prepares each SQL text once, and each of its LIMIT and OFFSET values once (above). Past
 * `max` prepared statements the cache starts again (IN lists vary in length).
 */
export function prepareOnce(db: Database, max: number): void {
  const prepare = db.prepare.bind(db);
  let texts = new Map<string, PreparedText>();
  let count = 0;
  const counted = (sql: string) => {
    if (count >= max) {
      texts = new Map();
      count = 0;
    }
    count += 1;
    return prepare(sql);
  };
  const cached = (sql: string) => {
    let text = texts.get(sql);
    if (!text) {
      text = new PreparedText(planSql(sql), counted);
      texts.set(sql, text);
    }
    return new ReusableStatement(text);
  };
  db.prepare = cached as unknown as Database["prepare"];
}
