// The app's build: the Remix Vite plugin makes the browser's bundle (build/client) and the
// server's (build/server). REMIX_BUILD_DIR moves the whole build elsewhere, so that test
// runs and parallel work never overwrite each other's build.
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const out = process.env.REMIX_BUILD_DIR ?? ".";

type ModuleInfo = { importedIds: readonly string[] } | null;
let shell: Set<string> | undefined;

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

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // public/ is served by server.ts as it is, with its own cache rules; the build holds only
  // hashed files, which are cached for a year.
  publicDir: false,
  build: {
    rollupOptions: {
      output: {
        // Every page needs React and Remix, and the app's shell (everything the root route
        // imports without waiting): one file for each. Small chunks shared by some pages merge
        // into the chunks they are loaded with, so a page comes in a handful of files.
        manualChunks(id, { getModuleIds, getModuleInfo }) {
          // The CommonJS helpers go with React, which needs them, so that no two chunks import each other.
          if (/\/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//.test(id) || id.includes("commonjsHelpers"))
            return "framework";
          shell ??= staticallyImported(
            [...getModuleIds()].filter((moduleId) => /\/app\/(root|entry\.client)\.tsx/.test(moduleId)),
            getModuleInfo,
          );
          if (shell.has(id) && !/\/app\/(root|entry\.client)\.tsx/.test(id)) return "shell";
        },
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
});
