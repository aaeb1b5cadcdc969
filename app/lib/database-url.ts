// Where the database lives. SQLite is the default: a file under data/.
export const DEFAULT_DATABASE_URL = "file:./data/app.db";

export function databaseUrl(): string {
  return process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

/** The file path of a `file:` SQLite URL, resolved against the working directory. */
export function sqliteFilePath(url: string): string {
  if (!url.startsWith("file:")) {
    throw new Error(`DATABASE_URL must be a file: URL for SQLite (got "${url.split(":")[0]}:")`);
  }
  const rest = url.slice("file:".length).split("?")[0];
  if (rest === ":memory:" || rest === "") return ":memory:";
  return rest.startsWith("/") ? rest : `${process.cwd()}/${rest.replace(/^\.\//, "")}`;
}
