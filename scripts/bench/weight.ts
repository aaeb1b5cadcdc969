// The JavaScript a first visit downloads: the page's modulepreload links and scripts (and
// their static imports, followed recursively, since the browser fetches those too), each
// measured as sent (gzip, as the server compresses for browsers) and raw.
import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";

export type Asset = { url: string; raw: number; gzip: number };
export type Weight = {
  page: string;
  status: number;
  js: Asset[];
  css: Asset[];
  jsGzip: number;
  jsRaw: number;
  cssGzip: number;
  htmlGzip: number;
  /** <script> elements with code inline (not counted in js; JSON data blocks excluded). */
  inlineScripts: number;
};

/** GET with Accept-Encoding: gzip, answering the bytes as they came over the wire. */
export function fetchWire(url: string, headers: Record<string, string> = {}): Promise<{ status: number; wire: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { "accept-encoding": "gzip", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, wire: Buffer.concat(chunks), encoding: response.headers["content-encoding"] }));
      response.on("error", reject);
    });
    request.setTimeout(15_000, () => request.destroy(new Error(`Timed out: ${url}`)));
    request.on("error", reject);
    request.end();
  });
}

async function measure(url: string): Promise<Asset & { text: string }> {
  const plain = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const bytes = Buffer.from(await plain.arrayBuffer());
  const wire = await fetchWire(url);
  // What the server sent when it compressed; else what gzip would make of it.
  const gzip = wire.encoding === "gzip" ? wire.wire.byteLength : gzipSync(bytes, { level: 6 }).byteLength;
  return { url, raw: bytes.byteLength, gzip, text: bytes.toString("utf8") };
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, "i").exec(tag)?.[1] ?? null;

/** Script URLs the HTML names: modulepreload links, script src, and imports in inline modules (static and import("...")). */
export function scriptUrls(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/rel\s*=\s*"modulepreload"/i.test(tag)) {
      const href = attribute(tag, "href");
      if (href) found.push(href);
    }
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src) found.push(src);
  }
  // The page's inline module imports its route modules and the client entry once the page has
  // loaded (patches/README.md): with import("...").
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    found.push(...importsOf(body), ...[...body.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((match) => match[1]));
  }
  return found.map((href) => href.replace(/&amp;/g, "&"));
}

export function stylesheetUrls(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/rel\s*=\s*"stylesheet"/i.test(tag)) {
      const href = attribute(tag, "href");
      if (href) found.push(href.replace(/&amp;/g, "&"));
    }
  }
  return found;
}

/** Static imports of a module ("import x from '...'", "import '...'", "export ... from '...'"); not dynamic import(). */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) found.push(match[1]);
  return found;
}

/** Sums what a first visit to `path` downloads (with `cookie` when given). */
export async function pageWeight(origin: string, path = "/", cookie?: string): Promise<Weight> {
  const pageUrl = new URL(path, origin).href;
  const headers: Record<string, string> = { accept: "text/html" };
  if (cookie) headers.cookie = cookie;
  const htmlResponse = await fetch(pageUrl, { headers });
  const html = await htmlResponse.text();
  const htmlWire = await fetchWire(pageUrl, headers);
  const htmlGzip = htmlWire.encoding === "gzip" ? htmlWire.wire.byteLength : gzipSync(Buffer.from(html), { level: 6 }).byteLength;

  const seen = new Set<string>();
  const js: Asset[] = [];
  const queue = scriptUrls(html).map((href) => new URL(href, pageUrl).href);
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url) || new URL(url).origin !== new URL(origin).origin) continue;
    seen.add(url);
    const asset = await measure(url);
    js.push({ url: new URL(url).pathname, raw: asset.raw, gzip: asset.gzip });
    for (const next of importsOf(asset.text)) queue.push(new URL(next, url).href);
  }
  const css: Asset[] = [];
  for (const href of stylesheetUrls(html)) {
    const asset = await measure(new URL(href, pageUrl).href);
    css.push({ url: new URL(asset.url).pathname, raw: asset.raw, gzip: asset.gzip });
  }
  const sum = (assets: Asset[], key: "raw" | "gzip") => assets.reduce((total, asset) => total + asset[key], 0);
  const inlineScripts = [...html.matchAll(/<script\b[^>]*>/gi)].filter(([tag]) => !/\bsrc\s*=/.test(tag) && !/type\s*=\s*"[^"]*json"/i.test(tag)).length;
  return { page: path, status: htmlResponse.status, js, css, jsGzip: sum(js, "gzip"), jsRaw: sum(js, "raw"), cssGzip: sum(css, "gzip"), htmlGzip, inlineScripts };
}
