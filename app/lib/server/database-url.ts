// Where the database lives (DATABASE_URL). SQLite is the default: a file under data/.
// Imported by the scripts too, hence the relative import.
import { settings } from "./env.server";

export function databaseUrl(): string {
  return settings().DATABASE_URL;
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
