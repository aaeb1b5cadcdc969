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

/** What opens a quoted text, a quoted name or a comment, and what closes it. */
const SPANS: ReadonlyArray<[open: string, close: string]> = [
  ["'", "'"],
  ['"', '"'],
  ["`", "`"],
  ["[", "]"],
  ["--", "\n"],
  ["/*", "*/"],
];

/** Where the quoted text, quoted name or comment that starts at `at` ends (the index after it; a line comment's end of line is kept), or null. */
function quotedEnd(sql: string, at: number): number | null {
  for (const [open, close] of SPANS) {
    if (!sql.startsWith(open, at)) continue;
    const end = sql.indexOf(close, at + open.length);
    return end === -1 ? sql.length : end + (close === "\n" ? 0 : close.length);
  }
  return null;
}

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
    const skipped = quotedEnd(sql, i);
    if (skipped !== null) {
      out += sql.slice(i, skipped);
      i = skipped;
      continue;
    }
    const char = sql[i];
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
    private readonly chosen?: { statement: Statement; args: unknown[] },
  ) {}
  /** The statement bound by `bind`, or (run without parameters) the text's own. */
  private get statement(): Statement {
    return this.chosen?.statement ?? this.text.statement();
  }
  private get args(): unknown[] {
    return this.chosen?.args ?? [];
  }
  get reader(): boolean {
    return this.statement.reader;
  }
  bind(args: unknown[]): ReusableStatement {
    return new ReusableStatement(this.text, this.text.forArgs(args));
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
