// A short reading of a V8 .cpuprofile: where the server spent its time, by function (self
// time) and by package or app folder, so a profile can be judged without opening DevTools.
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

export type ProfileSummary = {
  totalMs: number;
  idleMs: number;
  functions: Array<{ name: string; ms: number; share: number }>;
  areas: Array<{ name: string; ms: number; share: number }>;
};

/** node_modules/<package> (scoped too), app/<folder>, node:internal, or the file. */
function areaOf(url: string): string {
  if (!url) return "(native/V8)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "node internals";
  const build = url.indexOf("/build/");
  if (build >= 0) return "app (server build)";
  return url.split("/").slice(-2).join("/");
}

const cache = new Map<string, Profile>();

/**
 * Self time by function and by area. `window` ([start, end] µs on the monotonic clock, as
 * V8 stamps samples) keeps only the samples taken in it, e.g. one row's measured run.
 */
export function summarizeProfile(file: string, top = 20, window?: [number, number]): ProfileSummary {
  let profile = cache.get(file);
  if (!profile) {
    profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
    cache.set(file, profile);
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window && (at < window[0] || at > window[1])) return;
    selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
  });
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of selfTime) {
    const node = byId.get(id);
    if (!node) continue;
    const frame = node.callFrame;
    total += micros;
    if (frame.functionName === "(idle)") {
      idle += micros;
      continue;
    }
    const short = frame.url.split("/").slice(-2).join("/");
    const name = `${frame.functionName || "(anonymous)"} ${short}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    const area = frame.functionName === "(garbage collector)" ? "(garbage collector)" : areaOf(frame.url);
    areas.set(area, (areas.get(area) ?? 0) + micros);
  }
  const busy = total - idle;
  const rank = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: micros / 1000, share: busy > 0 ? micros / busy : 0 }));
  return { totalMs: total / 1000, idleMs: idle / 1000, functions: rank(functions), areas: rank(areas) };
}

export function profileText(summary: ProfileSummary): string {
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`.padStart(6);
  return [
    `CPU profile: ${(summary.totalMs / 1000).toFixed(1)} s sampled, ${(summary.idleMs / 1000).toFixed(1)} s idle`,
    "By area (share of busy time):",
    ...summary.areas.map((area) => `  ${pct(area.share)}  ${area.name}`),
    "By function (self time):",
    ...summary.functions.map((fn) => `  ${pct(fn.share)}  ${fn.name}`),
  ].join("\n");
}
