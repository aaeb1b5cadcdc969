// The incoming folder (UPLOAD_TMP_DIR, default data/incoming): uploaded files are streamed
// here as they arrive and wait until their background job has stored them in the media
// store. A file is named by a random id; the database keeps that name (never a path), so
// nothing outside the folder can be named.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { uploadTmpDir } from "~/lib/env.server";

const NAME_PATTERN = /^[a-f0-9]{32}\.part$/;

/** The absolute incoming folder, read at call time (tests point it elsewhere). */
export function incomingDir(): string {
  return path.resolve(process.cwd(), uploadTmpDir());
}

/** A new file name in the incoming folder, and its path (the folder is created). */
export async function newIncomingFile(): Promise<{ name: string; path: string }> {
  const dir = incomingDir();
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString("hex")}.part`;
  return { name, path: path.join(dir, name) };
}

/** The path of an incoming file by its name; null for anything that is not one of ours. */
export function incomingPath(name: string | null | undefined): string | null {
  if (!name || !NAME_PATTERN.test(name)) return null;
  return path.join(incomingDir(), name);
}

/** The name of an incoming file by its path (the inverse of incomingPath). */
export function incomingName(file: string): string | null {
  const name = path.basename(file);
  return path.dirname(path.resolve(file)) === incomingDir() && NAME_PATTERN.test(name) ? name : null;
}

/** Deletes incoming files by path or name; missing ones are ignored. */
export async function removeIncoming(...files: Array<string | null | undefined>): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      if (!file) return;
      const target = path.isAbsolute(file) ? (incomingName(file) ? file : null) : incomingPath(file);
      if (target) await rm(target, { force: true });
    }),
  );
}

/**
 * Deletes incoming files older than `olderThanMs` that `isKept` does not claim (a request
 * that died mid-upload, a process killed before it cleaned up). Answers how many went.
 */
export async function sweepIncoming(olderThanMs: number, isKept: (names: string[]) => Promise<Set<string>>): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(incomingDir())).filter((name) => NAME_PATTERN.test(name));
  } catch {
    return 0;
  }
  const now = Date.now();
  const old: string[] = [];
  for (const name of names) {
    try {
      const info = await stat(path.join(incomingDir(), name));
      if (now - info.mtimeMs > olderThanMs) old.push(name);
    } catch {
      // gone meanwhile
    }
  }
  if (old.length === 0) return 0;
  const kept = await isKept(old);
  const doomed = old.filter((name) => !kept.has(name));
  await removeIncoming(...doomed);
  return doomed.length;
}

/** The names of the files in the incoming folder (tests). */
export async function listIncoming(): Promise<string[]> {
  try {
    return (await readdir(incomingDir())).filter((name) => NAME_PATTERN.test(name));
  } catch {
    return [];
  }
}
