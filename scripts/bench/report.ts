// The benchmark's table, as text for the terminal and as Markdown + JSON under bench/results.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LighthouseRun, LighthouseSummary } from "./lighthouse";
import type { RowResult } from "./load";
import { root } from "./server";
import type { Weight } from "./weight";

/** The weight target of issue 8: at most 150 KB of gzip JavaScript on a first visit to /. */
export const JS_BUDGET_BYTES = 150 * 1024;

export type Machine = {
  date: string;
  commit: string;
  dirty: boolean;
  node: string;
  cpus: string;
  loadBefore: number[];
  loadAfter: number[];
  uptimeBefore: string;
  uptimeAfter: string;
};

export function uptime(): string {
  try {
    return execFileSync("uptime", { encoding: "utf8" }).trim();
  } catch {
    return `load average: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")}`;
  }
}

export function machine(): Omit<Machine, "loadAfter" | "uptimeAfter"> {
  let commit = "unknown";
  let dirty = false;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    dirty = execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim() !== "";
  } catch {
    // not a git checkout
  }
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    commit,
    dirty,
    node: process.version,
    cpus: `${cpus.length} × ${cpus[0]?.model ?? "cpu"}`,
    loadBefore: os.loadavg(),
    uptimeBefore: uptime(),
  };
}

const fmt = (value: number, digits = 0) => value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function targetText(result: RowResult): string {
  if (!result.target) return "";
  const parts: string[] = [];
  if (result.target.rps !== undefined) parts.push(`≥${result.target.rps}/s`);
  if (result.target.p99 !== undefined) parts.push(`p99<${result.target.p99}ms`);
  return `${parts.join(", ")} ${result.met ? "met" : "NOT met"}`;
}

function goalText(result: RowResult): string {
  if (!result.goal) return "";
  const parts = [`≥${result.goal.ratio}× ref`];
  if (result.goal.floor !== undefined) parts.push(`floor ${result.goal.floor}×`);
  if (result.goal.p99 !== undefined) parts.push(`p99<${result.goal.p99}ms`);
  return `${parts.join(", ")}${result.goalMet ? ` ${result.goalMet === "floor" ? "floor only" : result.goalMet}` : " (no reference)"}`;
}

function statusText(result: RowResult): string {
  return Object.entries(result.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => `${code}×${fmt(count)}`)
    .join(" ");
}

type Column = { title: string; align: "left" | "right"; value: (result: RowResult) => string };

const COLUMNS: Column[] = [
  { title: "row", align: "left", value: (r) => r.label },
  { title: "req/s", align: "right", value: (r) => fmt(r.rps) },
  { title: "p50 ms", align: "right", value: (r) => (r.requests === 0 ? "no answer" : fmt(r.p50, 1)) },
  { title: "p99 ms", align: "right", value: (r) => (r.requests === 0 ? "" : fmt(r.p99, 1)) },
  { title: "errors", align: "right", value: (r) => fmt(r.errors) },
  { title: "non-2xx", align: "right", value: (r) => fmt(r.non2xx) },
  { title: "× bare", align: "right", value: (r) => (r.ratio === undefined ? "" : r.ratio.toFixed(2)) },
  { title: "KB/resp", align: "right", value: (r) => (r.bytesPerRequest / 1024).toFixed(1) },
  { title: "srv CPU ms/req", align: "right", value: (r) => (r.serverCpuMs === null || r.requests === 0 ? "" : r.serverCpuMs.toFixed(2)) },
  { title: "1-core req/s", align: "right", value: (r) => (r.serverCpuMs ? fmt(1000 / r.serverCpuMs) : "") },
  { title: "target", align: "left", value: targetText },
  { title: "ref req/s", align: "right", value: (r) => (r.reference ? fmt(r.reference.rps) : "") },
  { title: "× ref", align: "right", value: (r) => (r.refRatio === undefined ? "" : r.refRatio.toFixed(2)) },
  {
    title: "CPU × ref",
    align: "right",
    value: (r) => (r.reference?.serverCpuMs && r.serverCpuMs ? (r.reference.serverCpuMs / r.serverCpuMs).toFixed(2) : ""),
  },
  { title: "goal (issue 17)", align: "left", value: goalText },
];

export function textTable(results: RowResult[]): string {
  const cells = results.map((result) => COLUMNS.map((column) => column.value(result)));
  const widths = COLUMNS.map((column, index) => Math.max(column.title.length, ...cells.map((row) => row[index].length)));
  const line = (values: string[]) =>
    values
      .map((value, index) => (COLUMNS[index].align === "right" ? value.padStart(widths[index]) : value.padEnd(widths[index])))
      .join("  ")
      .trimEnd();
  return [line(COLUMNS.map((column) => column.title)), widths.map((width) => "-".repeat(width)).join("  "), ...cells.map(line)].join("\n");
}

export function markdownTable(results: RowResult[]): string {
  const header = `| ${COLUMNS.map((column) => column.title).join(" | ")} | statuses |`;
  const rule = `|${COLUMNS.map((column) => (column.align === "right" ? "---:" : ":---")).join("|")}|:---|`;
  const rows = results.map((result) => `| ${COLUMNS.map((column) => column.value(result).replace(/\|/g, "\\|")).join(" | ")} | ${statusText(result)} |`);
  return [header, rule, ...rows].join("\n");
}

export function weightText(weight: Weight): string {
  const verdict = weight.jsGzip <= JS_BUDGET_BYTES ? "within" : "OVER";
  return `JavaScript on a first visit to ${weight.page}: ${kb(weight.jsGzip)} gzip (${kb(weight.jsRaw)} raw) in ${weight.js.length} files — ${verdict} the ${kb(JS_BUDGET_BYTES)} budget; CSS ${kb(weight.cssGzip)} gzip; HTML ${kb(weight.htmlGzip)} gzip`;
}

export type Report = {
  kind: "bench" | "growth" | "lighthouse";
  machine: Machine;
  options: Record<string, unknown>;
  seed: string;
  /** The database the servers read. */
  database?: string;
  counts?: Record<string, number>;
  results: RowResult[];
  weight?: Weight | null;
  growth?: Array<{
    key: string;
    label: string;
    smallP50: number;
    largeP50: number;
    ratio: number;
    met: boolean;
    smallRps: number;
    largeRps: number;
    smallCpuMs: number | null;
    largeCpuMs: number | null;
    rounds: number;
  }>;
  /** Lighthouse runs (scripts/lighthouse.ts): the medians per page and every run. */
  lighthouse?: { summaries: LighthouseSummary[]; runs: LighthouseRun[] };
  /** Markdown written after the tables, before the notes. */
  sections?: string[];
  notes: string[];
};

export function writeReport(report: Report): { markdown: string; json: string } {
  const dir = path.join(root, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const stamp = report.machine.date.replace(/[:.]/g, "-").replace(/-\d\d\dZ$/, "Z");
  const base = path.join(dir, `${stamp}${report.kind === "bench" ? "" : `-${report.kind}`}`);
  const m = report.machine;
  const lines: string[] = [
    `# ${{ bench: "Benchmark", growth: "Growth check", lighthouse: "Lighthouse" }[report.kind]} ${m.date}`,
    "",
    `- commit ${m.commit}${m.dirty ? " (with uncommitted changes)" : ""}, Node ${m.node}, ${m.cpus}`,
    `- data: ${report.seed}${
      report.counts
        ? ` (${Object.entries(report.counts)
            .map(([table, count]) => `${table} ${fmt(count)}`)
            .join(", ")})`
        : ""
    }`,
    ...(report.database ? [`- database: ${report.database}`] : []),
    `- load: ${Object.entries(report.options)
      .map(([key, value]) => `${key} ${value}`)
      .join(", ")}`,
    `- before: \`${m.uptimeBefore}\``,
    `- after: \`${m.uptimeAfter}\``,
    "",
  ];
  if (report.results.length > 0) lines.push(markdownTable(report.results), "");
  if (report.growth) {
    lines.push(
      "| row | p50 small ms | p50 large ms | ratio | target ≤1.30 | req/s small | req/s large | srv CPU ms/req small | large | CPU ratio |",
      "|:---|---:|---:|---:|:---|---:|---:|---:|---:|---:|",
    );
    for (const g of report.growth) {
      const cpuRatio = g.smallCpuMs && g.largeCpuMs ? (g.largeCpuMs / g.smallCpuMs).toFixed(2) : "";
      lines.push(
        `| ${g.label} | ${g.smallP50.toFixed(1)} | ${g.largeP50.toFixed(1)} | ${g.ratio.toFixed(2)} | ${g.met ? "met" : "NOT met"} | ${fmt(g.smallRps)} | ${fmt(g.largeRps)} | ${g.smallCpuMs?.toFixed(2) ?? ""} | ${g.largeCpuMs?.toFixed(2) ?? ""} | ${cpuRatio} |`,
      );
    }
    lines.push("");
  }
  if (report.weight) {
    lines.push(`${weightText(report.weight)}`, "", "| file | gzip | raw |", "|:---|---:|---:|");
    for (const asset of report.weight.js) lines.push(`| ${asset.url} | ${kb(asset.gzip)} | ${kb(asset.raw)} |`);
    lines.push("");
  }
  for (const section of report.sections ?? []) lines.push(section, "");
  if (report.notes.length > 0) lines.push(...report.notes.map((note) => `- ${note}`), "");
  const markdown = `${base}.md`;
  const json = `${base}.json`;
  writeFileSync(markdown, lines.join("\n"));
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  return { markdown, json };
}
