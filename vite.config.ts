// The app's build: the Remix Vite plugin makes the browser's bundle (build/client) and the
// server's (build/server). REMIX_BUILD_DIR moves the whole build elsewhere, so that test
// runs and parallel work never overwrite each other's build.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { SERVER_PART_MODULES } from "./app/server-part-modules";
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin, type Rollup } from "vite";

const out = process.env.REMIX_BUILD_DIR ?? ".";

/** What every page runs: React, Remix and its router. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//;
/** The modules every page starts from. */
const SHELL_ROOTS = /\/app\/(root|entry\.client)\.tsx/;
/** The pages most visits open first: the feed, a post, a car's showcase, the events. */
const FIRST_SCREENS = /\/app\/routes\/(_index|post\.\$id|showcase\.\$carId|events\._index)\.tsx/;
/** The parts the browser loads on demand but the server renders when a page asks for them. */
const SERVER_PARTS = SERVER_PART_MODULES.map((part) => path.resolve(import.meta.dirname, "app", part));
/**
 * The server parts a document holds only when its address asks for them: Grams (`?grams`) and
 * the sign-in dialog (`?login`). Their rules stay out of the shell's stylesheet and load with
 * their code; a document the server renders one in links them itself
 * (app/lib/server/part-stylesheets.server.ts reads what PART_STYLESHEETS lists).
 */
const PARTS_ON_DEMAND: Record<string, string> = {
  grams: path.resolve(import.meta.dirname, "app/components/grams/GramsOverlay.tsx"),
  login: path.resolve(import.meta.dirname, "app/components/auth/LoginDialog.tsx"),
};
/** Written by the browser's build, read by the server's: each on-demand part's stylesheets. */
const PART_STYLESHEETS = path.join(out, "build", "part-stylesheets.json");
const onDemand = new Set(Object.values(PARTS_ON_DEMAND));

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
 * - with the shell's go the stylesheets of the shell, of the parts the server renders on every
 *   page, and of the parts more than one first screen imports;
 * - a first screen's own parts' stylesheets go in one file of that page (`page-<route>`).
 * So a first screen's rules come in two files at most, and none of another page's.
 */
function browserChunks() {
  let shell: Set<string> | undefined;
  let stylesheets: Map<string, string> | undefined;
  let screens: Set<string> | undefined;
  return (id: string, { getModuleIds, getModuleInfo }: ChunkMeta) => {
    // The CommonJS helpers go with React, which needs them, so that no two chunks import each other.
    if (FRAMEWORK.test(id) || id.includes("commonjsHelpers")) return "framework";
    shell ??= staticallyImported(
      [...getModuleIds()].filter((moduleId) => SHELL_ROOTS.test(moduleId)),
      getModuleInfo,
    );
    // The root module too: every page runs it, and left to Rollup it shares a chunk with
    // whatever else imports it.
    if (shell.has(id) && !/\/app\/entry\.client\.tsx/.test(id)) return "shell";
    if (!id.endsWith(".css")) {
      screens ??= sharedByScreens([...getModuleIds()], getModuleInfo);
      return screens.has(id) ? "screens" : undefined;
    }
    stylesheets ??= stylesheetChunks([...getModuleIds()], getModuleInfo);
    return stylesheets.get(id);
  };
}

/**
 * The code more than one first screen imports without waiting (post cards, linked text, the
 * like buttons), beyond the shell's. It goes in one chunk of its own: left to Rollup, each
 * small piece merges into some other page's chunk and a first visit downloads that page too.
 */
function sharedByScreens(ids: string[], info: (id: string) => ModuleInfo): Set<string> {
  const owners = new Map<string, Set<string>>();
  for (const id of ids) {
    const screen = firstScreenOf(id);
    if (!screen) continue;
    for (const imported of staticallyImported([id], info)) {
      if (FIRST_SCREENS.test(imported)) continue;
      owners.set(imported, (owners.get(imported) ?? new Set()).add(screen));
    }
  }
  return new Set([...owners].filter(([, screens]) => screens.size > 1).map(([id]) => id));
}

/** The chunk of each stylesheet the shell, a server-rendered part or a first screen imports. */
function stylesheetChunks(ids: string[], info: (id: string) => ModuleInfo): Map<string, string> {
  const chunks = new Map<string, string>();
  const shared = staticallyImported(
    ids.filter((id) => SHELL_ROOTS.test(id) || (!onDemand.has(id) && SERVER_PARTS.some((part) => id.startsWith(`${part}.`)))),
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
  // The shell's stylesheets and those of the parts the server renders on every page (a member's
  // bell) go with the shell, whoever else imports them.
  for (const stylesheet of shared) if (stylesheet.endsWith(".css")) chunks.set(stylesheet, "shell");
  return chunks;
}

/**
 * Once the browser's chunks are made, lists each on-demand part's stylesheets beyond the
 * shell's: those of the chunk that holds it and of every chunk that chunk imports.
 */
function partStylesheets(): Plugin {
  return {
    name: "part-stylesheets",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const shell = new Set(chunks.filter((chunk) => chunk.name === "shell").flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
      const parts: Record<string, string[]> = {};
      for (const [name, source] of Object.entries(PARTS_ON_DEMAND)) {
        const home = chunks.find((chunk) => chunk.moduleIds.includes(source));
        if (!home) return this.error(`No chunk holds ${source}.`);
        // In the order the browser loads them with the part's code: a chunk's imports' rules
        // before its own, so that its own come later in the cascade.
        const stylesheets = new Set<string>();
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          const chunk = byFile.get(file);
          chunk?.imports.forEach(visit);
          for (const stylesheet of chunk?.viteMetadata?.importedCss ?? []) if (!shell.has(stylesheet)) stylesheets.add(`/${stylesheet}`);
        };
        visit(home.fileName);
        parts[name] = [...stylesheets];
      }
      mkdirSync(path.dirname(PART_STYLESHEETS), { recursive: true });
      writeFileSync(PART_STYLESHEETS, JSON.stringify(parts));
    },
  };
}

/** What the browser's build listed (partStylesheets), for the server's build. */
function builtPartStylesheets(): string {
  if (!existsSync(PART_STYLESHEETS)) throw new Error(`${PART_STYLESHEETS} is missing: the browser's build writes it, and runs first.`);
  return readFileSync(PART_STYLESHEETS, "utf8");
}

export default defineConfig(({ isSsrBuild, command }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // public/ is served by server/static-files.ts as it is, with its own cache rules; the build holds only
  // hashed files, which are cached for a year.
  publicDir: false,
  // The server's build knows the on-demand parts' stylesheets (app/lib/server/part-stylesheets.server.ts).
  define: isSsrBuild && command === "build" ? { __PART_STYLESHEETS__: builtPartStylesheets() } : {},
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
    ...(isSsrBuild ? [] : [partStylesheets()]),
  ],
}));
