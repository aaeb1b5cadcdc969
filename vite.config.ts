// The app's build: the Remix Vite plugin makes the browser's bundle (build/client) and the
// server's (build/server). REMIX_BUILD_DIR moves the whole build elsewhere, so that test
// runs and parallel work never overwrite each other's build.
import { readFileSync } from "node:fs";
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const out = process.env.REMIX_BUILD_DIR ?? ".";

/** What every page runs: React, Remix and its router. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//;
/** The modules every page starts from. */
const SHELL_ROOTS = /\/app\/(root|entry\.client)\.tsx/;
/** The pages most visits open first: the feed, a post, a car's showcase, the events. */
const FIRST_SCREENS = /\/app\/routes\/(_index|post\.\$id|showcase\.\$carId|events\._index)\.tsx/;
/**
 * The parts the browser loads on demand but the server renders when a page asks for them
 * (the components that app/server-parts.server.ts registers). A page without JavaScript shows
 * them too, so their stylesheets must come with the page.
 */
const SERVER_PARTS = [...readFileSync(path.resolve(import.meta.dirname, "app/server-parts.server.ts"), "utf8").matchAll(/from "~\/(components\/[^"]+)"/g)].map((match) =>
  path.resolve(import.meta.dirname, "app", match[1]),
);

type ModuleInfo = { importedIds: readonly string[] } | null;
type ChunkMeta = { getModuleIds: () => IterableIterator<string>; getModuleInfo: (id: string) => ModuleInfo };

/** The modules that `roots` import, directly or through others, without a dynamic import. */
function staticallyImported(roots: string[], info: (id: string) => ModuleInfo): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

/** The first screen a module belongs to: `_index`, `post.$id`, … */
function firstScreenOf(id: string): string | null {
  return FIRST_SCREENS.exec(id)?.[1] ?? null;
}

/** A first screen's name in file names: `home`, `post-id`, `showcase-carId`, `events`. */
function pageName(route: string): string {
  return route.replace(/(^|\.)_index$/, "").replace(/[^a-z0-9]+/gi, "-") || "home";
}

/**
 * The browser's chunks: React and Remix in one file (`framework`); in a second (`shell`),
 * what the root imports without waiting. The rest as Rollup splits it, except stylesheets:
 * - with the shell's go the stylesheets of the shell, of the parts the server renders, and of
 *   the parts more than one first screen imports;
 * - a first screen's own parts' stylesheets go in one file of that page (`page-<route>`).
 * So a first screen's rules come in two files at most, and none of another page's.
 */
function browserChunks() {
  let shell: Set<string> | undefined;
  let stylesheets: Map<string, string> | undefined;
  return (id: string, { getModuleIds, getModuleInfo }: ChunkMeta) => {
    // The CommonJS helpers go with React, which needs them, so that no two chunks import each other.
    if (FRAMEWORK.test(id) || id.includes("commonjsHelpers")) return "framework";
    shell ??= staticallyImported(
      [...getModuleIds()].filter((moduleId) => SHELL_ROOTS.test(moduleId)),
      getModuleInfo,
    );
    if (shell.has(id) && !SHELL_ROOTS.test(id)) return "shell";
    if (!id.endsWith(".css")) return;
    stylesheets ??= stylesheetChunks([...getModuleIds()], getModuleInfo);
    return stylesheets.get(id);
  };
}

/** The chunk of each stylesheet the shell, a server-rendered part or a first screen imports. */
function stylesheetChunks(ids: string[], info: (id: string) => ModuleInfo): Map<string, string> {
  const chunks = new Map<string, string>();
  const shared = staticallyImported(
    ids.filter((id) => SHELL_ROOTS.test(id) || SERVER_PARTS.some((part) => id.startsWith(`${part}.`))),
    info,
  );
  const pages = new Map<string, Set<string>>();
  for (const id of ids) {
    const page = firstScreenOf(id);
    if (!page) continue;
    for (const imported of staticallyImported([id], info)) {
      if (!imported.endsWith(".css")) continue;
      const owners = pages.get(imported) ?? new Set<string>();
      owners.add(page);
      pages.set(imported, owners);
    }
  }
  for (const [stylesheet, owners] of pages) {
    chunks.set(stylesheet, owners.size > 1 ? "shell" : `page-${pageName([...owners][0])}`);
  }
  // The shell's and the server-rendered parts' stylesheets go with the shell, whoever else imports them.
  for (const stylesheet of shared) if (stylesheet.endsWith(".css")) chunks.set(stylesheet, "shell");
  return chunks;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // public/ is served by server.ts as it is, with its own cache rules; the build holds only
  // hashed files, which are cached for a year.
  publicDir: false,
  build: isSsrBuild
    ? {}
    : {
        rollupOptions: {
          output: {
            manualChunks: browserChunks(),
            // Small chunks shared by some pages merge into chunks they are loaded with.
            experimentalMinChunkSize: 20_000,
          },
        },
      },
  plugins: [
    remix({
      buildDirectory: `${out}/build`,
      serverModuleFormat: "esm",
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
      future: {
        v3_fetcherPersist: true,
        v3_lazyRouteDiscovery: true,
        v3_relativeSplatPath: true,
        v3_singleFetch: true,
        v3_throwAbortReason: true,
      },
    }),
  ],
}));
