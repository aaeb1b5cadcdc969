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

/**
 * The browser's chunks: React and Remix in one file (`framework`); in a second (`shell`),
 * what the root imports without waiting, the stylesheets of every part the first screens
 * import and those of the parts the server renders. The rest as Rollup splits it.
 */
function browserChunks() {
  let shell: Set<string> | undefined;
  let firstScreens: Set<string> | undefined;
  return (id: string, { getModuleIds, getModuleInfo }: ChunkMeta) => {
    // The CommonJS helpers go with React, which needs them, so that no two chunks import each other.
    if (FRAMEWORK.test(id) || id.includes("commonjsHelpers")) return "framework";
    shell ??= staticallyImported(
      [...getModuleIds()].filter((moduleId) => SHELL_ROOTS.test(moduleId)),
      getModuleInfo,
    );
    if (shell.has(id) && !SHELL_ROOTS.test(id)) return "shell";
    // One stylesheet for the pages most visits open, rather than one per part: each file is a
    // round trip before a phone can paint. The server-rendered parts' rules come with it.
    firstScreens ??= staticallyImported(
      [...getModuleIds()].filter((moduleId) => FIRST_SCREENS.test(moduleId) || SERVER_PARTS.some((part) => moduleId.startsWith(`${part}.`))),
      getModuleInfo,
    );
    if (id.endsWith(".css") && firstScreens.has(id)) return "shell";
  };
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
