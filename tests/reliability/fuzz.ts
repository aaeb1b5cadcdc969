// Fuzz: every /api route (enumerated from app/routes/api.*) and every page with an action
// (app/routes/*.tsx exporting both a page and an action) gets FUZZ_PER_ROUTE (default 500)
// malformed requests, half signed out and half signed in (administrator for admin and
// event routes, the demo member elsewhere): wrong methods and content types, broken JSON,
// junk ids and usernames, huge numbers, arrays and objects where strings go, unicode, missing
// fields, bad cookies, cross-origin Origins, odd headers and query strings. Zero 5xx, and
// nothing written: row counts of every table are the same before and after.
//
// Every mutating request carries at least one malformation that must make the route refuse
// it (a junk path parameter, a cross-origin Origin, a broken JSON body, an unsupported
// content type, an oversized body, or junk in every field the route requires), so "nothing
// written" holds for a correct app. Some bodies go chunked (no Content-Length), oversized
// ones included: the limit must hold while the body streams. Generated from FUZZ_SEED (default 1): a failure prints the
// seed and the request, and the same seed replays the same requests.
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import path from "node:path";
import { ensure, openDatabase, rng, root, rowCounts, signIn, startServer, workspace, DEMO, type Check, type Member, type Rng } from "./harness";

const PORTS = [3236, 3238];

export type Route = { file: string; pattern: string; params: string[]; loader: boolean; action: boolean };

/** A route file's URL pattern and path parameters (Remix's flat file names: `_index` and pathless `_x` segments drop out, `x_` keeps `x`). */
function routeOf(file: string, source: string): Route {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(".")
    .filter((segment) => segment !== "_index" && !segment.startsWith("_"))
    .map((segment) => segment.replace(/_$/, ""));
  const params = segments.filter((segment) => segment.startsWith("$")).map((segment) => segment.slice(1));
  return {
    file,
    pattern: "/" + segments.map((segment) => (segment.startsWith("$") ? `:${segment.slice(1)}` : segment)).join("/"),
    params,
    loader: /export (async )?function loader|export const loader/.test(source),
    action: /export (async )?function action|export const action/.test(source),
  };
}

function routeFiles(): { file: string; source: string }[] {
  const dir = path.join(root, "app", "routes");
  return readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file))
    .sort()
    .map((file) => ({ file, source: readFileSync(path.join(dir, file), "utf8") }));
}

/** Every /api route: its URL pattern, path parameters and whether it has a loader/action. */
export function apiRoutes(): Route[] {
  return routeFiles()
    .filter(({ file }) => file.startsWith("api."))
    .map(({ file, source }) => routeOf(file, source));
}

/** Every page with an action (a form that posts to the page itself). */
export function pageActionRoutes(): Route[] {
  return routeFiles()
    .filter(({ file, source }) => !file.startsWith("api.") && /export default/.test(source))
    .map(({ file, source }) => routeOf(file, source))
    .filter((route) => route.action);
}

type Kind = "text" | "id" | "name";
/**
 * The fields each parameterless mutating route needs; junk in all of them must be refused.
 * Routes not listed take no input (or only optional input), and get envelope malformations.
 */
const REQUIRED: Record<string, Record<string, Kind>> = {
  "/api/posts": { story: "text", carIds: "id", soundcloud_url: "text" },
  "/api/comments": { postId: "id", content: "text", parentId: "id" },
  "/api/messages": { to: "name", content: "text" },
  "/api/cars": { make: "text", model: "text", year: "id" },
  "/api/events": { name: "text", date_time: "text" },
  "/api/flags/create": { contentType: "text", contentId: "id", reason: "text" },
  "/api/feedback/submit": { feedback_text: "text" },
  "/api/auth/register": { username: "name", email: "text", password: "text" },
  "/api/auth/login": { email: "text", password: "text" },
  "/api/auth/code": { email: "text", phone: "text" },
  "/api/auth/code/verify": { email: "text", code: "text" },
  "/api/auth/reset-password": { email: "text" },
  "/api/auth/reset-password/confirm": { token: "text", password: "text" },
  "/api/auth/two-factor/challenge": { code: "text" },
  "/api/auth/two-factor/confirm": { code: "text" },
  "/api/auth/two-factor/disable": { code: "text", password: "text" },
  "/api/admin/flags": { contentType: "text", contentId: "id", action: "text" },
  // page actions
  "/my-cars/new": { make: "text", model: "text", year: "id" },
  "/my-cars": { intent: "text", carId: "id" },
  "/profile": { nickname: "text" },
  "/two-factor": { code: "text" },
};

// Longer than any text the app accepts (stories and feedback: 5,000 characters).
const HUGE = "ü".repeat(12_000);
const JUNK_TEXT_JSON: unknown[] = [undefined, "", "   ", "\n\t", null, true, false, 0, -1, 1e308, [], [[]], [{}], {}, { $ne: null }, HUGE];
const JUNK_TEXT_FORM: (string | undefined)[] = [undefined, "", "   ", HUGE];
const JUNK_ID_JSON: unknown[] = [
  undefined,
  "",
  "abc",
  -1,
  0,
  "0",
  "-5",
  1.5,
  "1.5",
  1e308,
  "1e309",
  "NaN",
  "Infinity",
  2 ** 53 + 1,
  "99999999999999999999",
  2147483647,
  [],
  {},
  null,
  true,
  "1 OR 1=1",
  "0x10",
  "١٢",
];
const JUNK_ID_FORM: (string | undefined)[] = [
  undefined,
  "",
  "abc",
  "-1",
  "0",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "99999999999999999999",
  "2147483647",
  "1 OR 1=1",
  "0x10",
  "١٢",
];
const JUNK_NAME: string[] = [
  "名前テスト",
  "ü".repeat(40),
  "%00",
  "..%2F..%2Fetc%2Fpasswd",
  "a".repeat(300),
  "' OR '1'='1",
  "<script>x</script>",
  "nobody_at_all_zz",
  "😀😀",
  "\u202e\u0000x",
];
const JUNK_PARAM: string[] = [
  "-1",
  "0",
  "NaN",
  "1e309",
  "99999999999999999999",
  "2147483647",
  "abc",
  "1.5",
  "%00",
  "%E2%80%AE",
  "..%2F..",
  "%F0%9F%98%80",
  "1%20OR%201=1",
  "0x1F",
  "%C3%BC".repeat(50),
  "nobody_at_all_zz",
  "a".repeat(500),
  "[]",
  "%7B%7D",
  "null",
  "undefined",
  "true",
];
const SOFT_KEYS = [
  "__proto__",
  "constructor",
  "redirectTo",
  "_method",
  "intent",
  "type",
  "id",
  "user_id",
  "userId",
  "reporterId",
  "role",
  "ü",
  "a[b]",
  "limit",
  "exclude",
  "",
];
const SOFT_VALUES: unknown[] = [
  "//evil.example",
  "javascript:alert(1)",
  "/\\evil",
  "DELETE",
  "delete",
  "admin",
  -1,
  1e308,
  [1, 2, 3],
  { a: { b: { c: [] } } },
  null,
  "😀",
  "\u0000",
  "x".repeat(5000),
];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzzboundary",
  "multipart/form-data",
  "text/plain",
  "application/xml",
  "",
  "*/*",
  "application/json, text/html",
  "application/vnd.api+json",
  "multipart/mixed; boundary=x",
  "application/x-www-form-urlencoded; charset=utf-16",
];
const BROKEN_JSON = [
  "{",
  '{"a":',
  "nul",
  "{'a':1}",
  '{"a":1,}',
  "\u0000",
  "\ufeff{}",
  '{"a":1}{"b":2}',
  "[".repeat(5000),
  "1e999999",
  '{"__proto__":{"admin":true}',
  '{"a":"\\ud800"',
  '"just a string"',
  "[]",
  "42",
  "null",
  "true",
];
const BROKEN_FORM = ["a=%zz&b=%", "=&&=", "%", "a[]=1&a[]=2&a[x]=3", "\u0000=\u0000", "&".repeat(2000), "a=" + "%".repeat(100)];
const METHODS_WRITE = ["POST", "PATCH", "DELETE", "PUT"];
const METHODS_ALL = ["GET", "HEAD", "OPTIONS", "POST", "PATCH", "DELETE", "PUT", "TRACE", "PROPFIND"];
const BAD_COOKIES = [
  "__session=",
  "__session=garbage",
  "__session=eyJhbGciOiJub25lIn0.e30.",
  "__session=" + "A".repeat(4000),
  "__session=%ZZ%",
  "__session=1; __session=2",
  "__session=s%3Aforged.signature",
  'theme=dark; __session="quoted"',
  "=;=;=",
];

type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: Buffer; chunked?: boolean; note: string };

function encodeJson(fields: Record<string, unknown>): string {
  return JSON.stringify(fields);
}

function encodeForm(fields: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return params.toString();
}

function encodeMultipart(fields: Record<string, unknown>, boundary: string, random: Rng): Buffer {
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/"/g, "")}"\r\n\r\n${String(value)}\r\n`));
  }
  if (random.chance(0.3)) {
    // A "file" that is not what it says.
    const junk = Buffer.from(Array.from({ length: random.int(0, 1999) }, () => random.int(0, 255)));
    const name = random.pick(["media", "files", "photos", "image", "avatar"]);
    const type = random.pick(["image/png", "image/svg+xml", "video/mp4", "application/octet-stream", "text/html"]);
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${random.pick(["x.png", "../../x.svg", "", "ü.mp4"])}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
    );
    parts.push(random.chance(0.5) ? Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n"), junk]) : junk);
    parts.push(Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(random.chance(0.9) ? `--${boundary}--\r\n` : `--${boundary}`));
  return Buffer.concat(parts);
}

function junkValue(kind: Kind, form: boolean, random: Rng): unknown {
  if (kind === "id") return random.pick(form ? JUNK_ID_FORM : JUNK_ID_JSON);
  if (kind === "name") return random.chance(0.2) ? random.pick(form ? JUNK_TEXT_FORM : JUNK_TEXT_JSON) : random.pick(JUNK_NAME);
  return random.pick(form ? JUNK_TEXT_FORM : JUNK_TEXT_JSON);
}

function junkQuery(random: Rng): string {
  if (random.chance(0.5)) return "";
  const pairs = Array.from({ length: random.int(1, 4) }, () => {
    const key = random.pick(["limit", "exclude", "q", "cursor", "page", "userId", "carId", "id", "type", "before", "after", "redirectTo", "%zz", "a[]", "ü"]);
    const value = random.pick([
      "-1",
      "0",
      "NaN",
      "1e309",
      "99999999999999999999",
      "abc",
      "%00",
      "%E2%80%AE",
      "1,2,,3,-4",
      "x".repeat(3000),
      "",
      "[]",
      "%F0%9F%98%80",
      "1.5",
      "true",
    ]);
    return `${key}=${value}`;
  });
  return `?${pairs.join("&")}`;
}

/** One malformed request for `route`. */
function makeRequest(route: Route, url: string, member: Member | null, random: Rng): FuzzRequest {
  const notes: string[] = [];
  const host = new URL(url).host;
  let pathname = route.pattern;
  for (const param of route.params) {
    const value = random.pick(JUNK_PARAM);
    pathname = pathname.replace(`:${param}`, value);
    notes.push(`${param}=${value.slice(0, 20)}`);
  }

  const writes = route.action && random.chance(0.75);
  // Mostly the methods a route takes (so the junk reaches its code), sometimes any other.
  const method = writes ? (random.chance(0.7) ? "POST" : random.pick(METHODS_WRITE)) : route.loader && random.chance(0.8) ? "GET" : random.pick(METHODS_ALL);
  const headers: Record<string, string> = {};
  if (random.chance(0.7)) headers.Accept = random.pick(["application/json", "text/html", "*/*", "text/event-stream", "application/xml;q=0.1, */*;q=0", "garbage"]);

  // Cookies: signed-in requests keep the session (mostly); signed-out ones send none or junk.
  if (member && random.chance(0.9)) headers.Cookie = member.cookie + (random.chance(0.2) ? `; ${random.pick(BAD_COOKIES)}` : "");
  else if (random.chance(0.6)) headers.Cookie = random.pick(BAD_COOKIES);
  const signedIn = Boolean(headers.Cookie?.startsWith(member?.cookie ?? "\u0000"));

  // Odd headers a client may send.
  if (random.chance(0.2)) headers["X-Client-Address"] = random.pick(["1.2.3.4", "::1", "evil", "x".repeat(300)]);
  if (random.chance(0.2)) headers["X-Forwarded-For"] = random.pick(["1.2.3.4, 5.6.7.8", "", "junk", "::ffff:10.0.0.1"]);
  if (random.chance(0.1)) headers["X-Forwarded-Host"] = random.pick(["evil.example", host, ""]);
  if (random.chance(0.1)) headers.Range = random.pick(["bytes=0-", "bytes=-1", "bytes=999999999-", "lines=1-2"]);
  if (random.chance(0.1)) headers["If-None-Match"] = random.pick(['"x"', "*", 'W/""']);
  if (random.chance(0.05)) headers["X-Long"] = "y".repeat(8000);

  // The malformation that makes a write be refused.
  let origin = random.pick([undefined, undefined, url, "null"]);
  let body: Buffer | undefined;
  let contentType = random.pick(CONTENT_TYPES);
  const required = REQUIRED[route.pattern];
  const mutating = route.action && method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
  let hard = "param";
  if (mutating && route.params.length === 0) {
    // Weighted; oversized bodies (1.1 MB) are costly to send, so they are the rarest.
    const choices = ["cross-origin", "cross-origin", "cross-origin", "broken-body", "broken-body", "broken-body", "unsupported-type", "unsupported-type", "oversized"];
    if (required) choices.push("junk-fields", "junk-fields", "junk-fields", "junk-fields", "junk-fields", "junk-fields");
    hard = random.pick(choices);
  }
  if (hard === "cross-origin") origin = random.pick(["https://evil.example", "http://127.0.0.1:1", "not a url", "file://", `http://${host}.evil.example`]);

  if (hard === "junk-fields") {
    // The junk must reach the validators: a well-formed body.
    contentType = random.pick(["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=fuzzboundary"]);
  }
  const fields: Record<string, unknown> = {};
  const form = !contentType.includes("json");
  if (required && (hard === "junk-fields" || random.chance(0.5))) {
    for (const [name, kind] of Object.entries(required)) fields[name] = junkValue(kind, form, random);
  }
  for (let i = random.int(0, 2); i > 0; i--) fields[random.pick(SOFT_KEYS)] = random.pick(SOFT_VALUES);
  if (hard === "junk-fields") {
    // No soft key that changes what the request means.
    delete fields._method;
    delete fields.intent;
  }

  if (hard === "broken-body") {
    contentType = random.pick(["application/json", "application/json; charset=utf-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=fuzzboundary"]);
    body = Buffer.from(
      contentType.includes("json")
        ? random.pick(BROKEN_JSON)
        : contentType.includes("multipart")
          ? `--otherboundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n${random.pick(BROKEN_FORM)}`
          : random.pick(BROKEN_FORM.filter((value) => value.includes("%"))),
    );
    if (contentType.includes("urlencoded")) contentType = "multipart/form-data; boundary=fuzzboundary"; // urlencoded parsing is lenient: send broken multipart instead
  } else if (hard === "unsupported-type") {
    contentType = random.pick(["text/plain", "application/xml", "application/octet-stream", "image/png"]);
    body = Buffer.from(random.pick(["<a/>", "hello", '{"a":1}', "\x89PNG"]) + "x");
  } else if (hard === "oversized") {
    contentType = random.pick(["application/json", "application/x-www-form-urlencoded"]);
    body = Buffer.from(contentType.includes("json") ? JSON.stringify({ story: "x".repeat(1_100_000) }) : `content=${"x".repeat(1_100_000)}`);
  } else if ((method !== "GET" && method !== "HEAD") || random.chance(0.1)) {
    if (contentType.includes("json") && !random.chance(0.1)) body = Buffer.from(random.chance(0.1) ? random.pick(BROKEN_JSON) : encodeJson(fields));
    else if (contentType.startsWith("multipart")) body = encodeMultipart(fields, "fuzzboundary", random);
    else if (contentType.includes("urlencoded")) body = Buffer.from(random.chance(0.2) ? random.pick(BROKEN_FORM) : encodeForm(fields));
    else if (random.chance(0.5)) body = Buffer.from(random.pick(["", "plain text", "<xml/>", "\u0000\u0001"]));
  }

  if (contentType) headers["Content-Type"] = contentType;
  if (origin) headers.Origin = origin;
  // A quarter of the bodies (and half the oversized ones) stream chunked, with no Content-Length.
  const chunked = Boolean(body) && random.chance(hard === "oversized" ? 0.5 : 0.25);
  if (body && chunked) headers["Transfer-Encoding"] = "chunked";
  else if (body) headers["Content-Length"] = String(body.length);
  notes.push(`${hard}${mutating ? "" : " (read)"}`, signedIn ? "signed in" : "signed out", ...(chunked ? ["chunked"] : []));
  return { method, path: pathname + junkQuery(random), headers, body, chunked, note: notes.join(", ") };
}

const agent = new Agent({ keepAlive: true, maxSockets: 12 });

function send(url: string, request: FuzzRequest): Promise<{ status: number; body: string; error?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}${request.path}`, { method: request.method, headers: request.headers, agent, timeout: 30_000 });
    req.on("response", (res) => {
      if (String(res.headers["content-type"]).includes("text/event-stream")) {
        // A live stream that opened: that is an answer; do not wait for its end.
        res.destroy();
        resolve({ status: res.statusCode ?? 0, body: "(event stream)" });
        return;
      }
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        if (text.length < 2000) text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", (error) => resolve({ status: res.statusCode ?? 0, body: text, error: error.message }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ status: 0, body: "", error: error.code ?? error.message }));
    if (request.chunked && request.body) {
      // In pieces, so the server reads it as it arrives.
      for (let at = 0; at < request.body.length; at += 16 * 1024) req.write(request.body.subarray(at, at + 16 * 1024));
      req.end();
    } else {
      req.end(request.body);
    }
  });
}

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

export const fuzz: Check = {
  name: "fuzz",
  async run(log) {
    const seed = Number(process.env.FUZZ_SEED ?? 1);
    const perRoute = Number(process.env.FUZZ_PER_ROUTE ?? 500);
    const only = process.env.FUZZ_ROUTE;
    const pages = pageActionRoutes();
    ensure(only || pages.length >= 5, `found only ${pages.length} page actions`);
    const routes = [...apiRoutes(), ...pages].filter((route) => !only || route.pattern.includes(only));
    ensure(routes.length >= (only ? 1 : 55), `found only ${routes.length} routes`);
    const ws = workspace("fuzz");
    // Two server processes on the one database (SQLite in WAL mode serves both): the machine's
    // two cores answer the fuzz twice as fast. Sessions live in the database, so both accept them.
    const servers = await Promise.all(PORTS.map((port) => startServer(ws, port, { GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" })));
    const server = servers[0];
    const member = await signIn(server.url, DEMO.member);
    const admin = await signIn(server.url, DEMO.admin);
    const db = openDatabase(ws.database, { readonly: true });
    const before = rowCounts(db);

    const failures: string[] = [];
    const accepted: string[] = [];
    const statuses: Record<string, number> = {};
    let total = 0;
    const started = Date.now();
    for (const route of routes) {
      const random = rng(seed ^ hash(route.pattern));
      const signedInAs = /^\/api\/(admin|events)/.test(route.pattern) ? admin : member;
      const requests = Array.from({ length: perRoute }, (_, i) => makeRequest(route, server.url, i % 2 ? signedInAs : null, random));
      let next = 0;
      const lane = async (laneIndex: number) => {
        const target = servers[laneIndex % servers.length].url;
        while (next < requests.length) {
          const index = next++;
          const request = requests[index];
          const sentAt = Date.now();
          const answer = await send(target, request);
          if (process.env.FUZZ_VERBOSE && Date.now() - sentAt > 2000) {
            log(
              `slow (${Date.now() - sentAt} ms): ${request.method} ${request.path.slice(0, 80)} ${request.note} ${request.headers["Content-Type"]} ${request.body?.length ?? 0} B → ${answer.status || answer.error}`,
            );
          }
          total++;
          const key = answer.error ? `error:${answer.error}` : String(answer.status);
          statuses[key] = (statuses[key] ?? 0) + 1;
          if (answer.status >= 200 && answer.status < 300 && !request.note.includes("(read)"))
            accepted.push(
              `${request.method} ${request.path.slice(0, 80)} [${route.file} #${index}; ${request.note}; ${request.headers["Content-Type"] ?? "no type"}] ${request.body?.toString("utf8").slice(0, 200)}`,
            );
          if (answer.status >= 500 || answer.error) {
            failures.push(
              `${request.method} ${request.path.slice(0, 120)} [${route.file} #${index}, seed ${seed}; ${request.note}; ${request.headers["Content-Type"] ?? "no type"}] → ${answer.status || answer.error} ${answer.body.slice(0, 300)}`,
            );
          }
        }
      };
      const routeStarted = Date.now();
      await Promise.all(Array.from({ length: 12 }, (_, laneIndex) => lane(laneIndex)));
      if (process.env.FUZZ_VERBOSE) log(`${route.pattern}: ${((Date.now() - routeStarted) / 1000).toFixed(1)} s`);
    }
    const after = rowCounts(db);
    db.close();
    await Promise.all(servers.map((each) => each.stop()));

    const changed = Object.keys({ ...before, ...after })
      .filter((table) => before[table] !== after[table])
      .map((table) => `${table} ${before[table]} → ${after[table]}`);
    const summary = Object.entries(statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, count]) => `${code}×${count}`)
      .join(" ");
    log(`${total} requests over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(0)} s; statuses ${summary}`);
    if (failures.length) {
      const byRoute = new Map<string, string[]>();
      for (const failure of failures) {
        const file = /\[(\S+)/.exec(failure)?.[1] ?? "?";
        byRoute.set(file, [...(byRoute.get(file) ?? []), failure]);
      }
      for (const [file, list] of byRoute) log(`${list.length} failures on ${file}; first: ${list[0]}`);
      const server5xx = (server.output().match(/^(?!Error: You made a)[^\n]*Error[^\n]*/gm) ?? []).slice(0, 5);
      if (server5xx.length) log(`server log: ${server5xx.join(" | ")}`);
    }
    ensure(failures.length === 0, `${failures.length} answers were 5xx or dropped connections (seed ${seed})`);
    for (const line of accepted.slice(0, 5)) log(`accepted (201): ${line}`);
    ensure(changed.length === 0, `rows were written: ${changed.join(", ")}`);
    return `${total} malformed requests to ${routes.length} routes (/api and page actions; ${perRoute} each, half signed in, some chunked; seed ${seed}): zero 5xx, row counts of all ${Object.keys(before).length} tables unchanged`;
  },
};
