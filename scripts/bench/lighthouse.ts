// Lighthouse runs for the benchmark (issue 17): one page load in a fresh headless Chromium,
// Lighthouse's default mobile form factor with simulated throttling, performance only. The
// browser may reach 127.0.0.1 and nothing else: every host name resolves to nothing. A
// member's session goes into the browser's cookie jar (Lighthouse keeps cookies), so the
// page's own fetches and its event stream carry it as they would for a signed-in reader.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import puppeteer from "puppeteer-core";

export const DEFAULT_CHROME = "/usr/bin/chromium";

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Only the local server: a page that points elsewhere gets a failed lookup, never a request out.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

export type Blocking = { url: string; bytes: number; wastedMs: number };

export type LighthouseRun = {
  page: string;
  persona: string;
  url: string;
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /** Render-blocking resources as Lighthouse lists them (transfer size, estimated saving). */
  blocking: Blocking[];
  lcpElement: string;
  /** Other opportunities Lighthouse found, with their estimated saving. */
  opportunities: string[];
  /** Lighthouse's CPU benchmark of this machine at the time of the run (higher is faster). */
  benchmarkIndex: number;
  warnings: string[];
  /** The full report (JSON), to open in the Lighthouse viewer. */
  reportFile: string;
};

type Details = { type?: string; items?: Array<Record<string, unknown>> };

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

function items(lhr: Result, id: string): Array<Record<string, unknown>> {
  const details = lhr.audits[id]?.details as Details | undefined;
  return details?.items ?? [];
}

/** The LCP element's selector and snippet; Lighthouse 12 nests it in a table in a list. */
function lcpElement(lhr: Result): string {
  const describe = (node: Record<string, unknown>) => `${String(node.selector ?? "")} ${String(node.snippet ?? "")}`.trim();
  for (const item of items(lhr, "largest-contentful-paint-element")) {
    const inner = (item as Details).items;
    if (item.type === "table" && inner?.length) {
      const node = inner[0].node as Record<string, unknown> | undefined;
      if (node) return describe(node);
    }
    const node = item.node as Record<string, unknown> | undefined;
    if (node) return describe(node);
  }
  return "";
}

const OPPORTUNITIES = [
  "unused-css-rules",
  "unused-javascript",
  "uses-responsive-images",
  "modern-image-formats",
  "offscreen-images",
  "uses-optimized-images",
  "uses-text-compression",
  "prioritize-lcp-image",
  "lcp-lazy-loaded",
  "font-display",
  "server-response-time",
  "redirects",
  "uses-rel-preconnect",
];

function opportunities(lhr: Result): string[] {
  const found: string[] = [];
  for (const id of OPPORTUNITIES) {
    const audit = lhr.audits[id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    const saving = audit.details && "overallSavingsMs" in audit.details ? audit.details.overallSavingsMs : undefined;
    const bytes = audit.details && "overallSavingsBytes" in audit.details ? audit.details.overallSavingsBytes : undefined;
    const parts = [saving ? `${Math.round(saving)} ms` : "", bytes ? `${(bytes / 1024).toFixed(1)} KB` : "", audit.displayValue ?? ""].filter(Boolean);
    found.push(`${id}${parts.length ? ` (${parts.join(", ")})` : ""}`);
  }
  return found;
}

export type RunOptions = {
  chromePath: string;
  /** A member's session cookie ("name=value"), or nothing for a visitor. */
  cookie?: string;
  /** Where the full report is written. */
  reportDir: string;
  reportName: string;
};

/** One Lighthouse run of `url` in a Chromium of its own. */
export async function runLighthouse(page: string, persona: string, url: string, options: RunOptions): Promise<LighthouseRun> {
  const chrome = await launch({ chromePath: options.chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const tab = await browser.newPage();
    if (options.cookie) {
      const [name, ...rest] = options.cookie.split("=");
      await browser.setCookie({ name, value: rest.join("="), domain: new URL(url).hostname, path: "/", httpOnly: true, sameSite: "Lax" });
    }
    // The default form factor (mobile) and throttling (simulated) are kept on purpose.
    const result = await lighthouse(url, { output: "json", logLevel: "error", onlyCategories: ["performance"] }, undefined, tab);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    mkdirSync(options.reportDir, { recursive: true });
    const reportFile = path.join(options.reportDir, `${options.reportName}.json`);
    writeFileSync(reportFile, typeof result.report === "string" ? result.report : JSON.stringify(lhr));
    return {
      page,
      persona,
      url,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric(lhr, "largest-contentful-paint"),
      fcpMs: numeric(lhr, "first-contentful-paint"),
      tbtMs: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      siMs: numeric(lhr, "speed-index"),
      blocking: items(lhr, "render-blocking-resources").map((item) => ({
        url: String(item.url ?? ""),
        bytes: Number(item.totalBytes ?? 0),
        wastedMs: Number(item.wastedMs ?? 0),
      })),
      lcpElement: lcpElement(lhr),
      opportunities: opportunities(lhr),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      warnings: [
        ...(lhr.runWarnings ?? []),
        // A failed request (a session the page's fetches do not carry, a missing file) changes what is measured.
        ...items(lhr, "network-requests")
          .filter((item) => Number(item.statusCode) >= 400)
          .map((item) => `${String(item.statusCode)} ${shortUrl(String(item.url))}`),
      ],
      reportFile,
    };
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/** The median of a page's runs: its scores, and the rest from the run whose score is the median. */
export type LighthouseSummary = Omit<LighthouseRun, "warnings" | "reportFile"> & {
  runs: number;
  scores: number[];
  met: boolean;
};

export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The bar every main page must clear (median of the runs): performance ≥ 95 and Total Blocking Time under 200 ms. */
export const TARGET = { score: 95, tbtMs: 200 };

/** Each metric is the median over the runs of one page and persona. */
export function summarize(runs: LighthouseRun[]): LighthouseSummary {
  const byScore = [...runs].sort((a, b) => a.score - b.score);
  const middle = byScore[Math.floor((byScore.length - 1) / 2)];
  const score = median(runs.map((run) => run.score));
  const lcpMs = median(runs.map((run) => run.lcpMs));
  const tbtMs = median(runs.map((run) => run.tbtMs));
  return {
    page: middle.page,
    persona: middle.persona,
    url: middle.url,
    runs: runs.length,
    scores: runs.map((run) => run.score),
    score,
    lcpMs,
    fcpMs: median(runs.map((run) => run.fcpMs)),
    tbtMs,
    cls: median(runs.map((run) => run.cls)),
    siMs: median(runs.map((run) => run.siMs)),
    blocking: middle.blocking,
    lcpElement: middle.lcpElement,
    opportunities: middle.opportunities,
    benchmarkIndex: median(runs.map((run) => run.benchmarkIndex)),
    met: score >= TARGET.score && tbtMs < TARGET.tbtMs,
  };
}

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "?");
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");

export function blockingText(blocking: Blocking[]): string {
  if (blocking.length === 0) return "none";
  return blocking.map((item) => `${shortUrl(item.url)} (${(item.bytes / 1024).toFixed(1)} KB, ~${Math.round(item.wastedMs)} ms)`).join(", ");
}

type Column = { title: string; right?: boolean; value: (summary: LighthouseSummary) => string };

const COLUMNS: Column[] = [
  { title: "page", value: (s) => s.page },
  { title: "as", value: (s) => s.persona },
  { title: "score", right: true, value: (s) => String(s.score) },
  { title: "runs", value: (s) => s.scores.join(" ") },
  { title: "LCP", right: true, value: (s) => seconds(s.lcpMs) },
  { title: "FCP", right: true, value: (s) => seconds(s.fcpMs) },
  { title: "TBT", right: true, value: (s) => `${Math.round(s.tbtMs)} ms` },
  { title: "CLS", right: true, value: (s) => s.cls.toFixed(3) },
  { title: "SI", right: true, value: (s) => seconds(s.siMs) },
  { title: "target", value: (s) => (s.met ? "met" : "NOT met") },
  { title: "render-blocking (transfer size, est. saving)", value: (s) => blockingText(s.blocking) },
];

export function lighthouseText(summaries: LighthouseSummary[]): string {
  const cells = summaries.map((summary) => COLUMNS.map((column) => column.value(summary)));
  const widths = COLUMNS.map((column, index) => Math.max(column.title.length, ...cells.map((row) => row[index].length)));
  const line = (values: string[]) =>
    values
      .map((value, index) => (COLUMNS[index].right ? value.padStart(widths[index]) : value.padEnd(widths[index])))
      .join("  ")
      .trimEnd();
  return [line(COLUMNS.map((column) => column.title)), widths.map((width) => "-".repeat(width)).join("  "), ...cells.map(line)].join("\n");
}

export function lighthouseMarkdown(summaries: LighthouseSummary[]): string {
  const header = `| ${COLUMNS.map((column) => column.title).join(" | ")} |`;
  const rule = `|${COLUMNS.map((column) => (column.right ? "---:" : ":---")).join("|")}|`;
  const rows = summaries.map((summary) => `| ${COLUMNS.map((column) => column.value(summary).replace(/\|/g, "\\|")).join(" | ")} |`);
  return [header, rule, ...rows].join("\n");
}

/** What else Lighthouse said about each page: the LCP element and the opportunities it found. */
export function lighthouseDetails(summaries: LighthouseSummary[]): string[] {
  return summaries.map(
    (s) =>
      `${s.page} (${s.persona}, ${shortUrl(s.url)}): LCP element ${s.lcpElement ? `\`${s.lcpElement.replace(/`/g, "'").slice(0, 160)}\`` : "unknown"}; ${s.opportunities.length ? `opportunities: ${s.opportunities.join(", ")}` : "no opportunity below 0.9"}; benchmarkIndex ${Math.round(s.benchmarkIndex)}`,
  );
}
