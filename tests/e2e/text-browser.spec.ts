// A member uses the app from a text browser: lynx, driven by keystrokes (-cmd_script), with
// its own cookie file. Every control is found by the words lynx shows: the test reads the
// page lynx renders (-dump), counts which match of those words (a case-sensitive search)
// is the control, and replays "search, next match, Enter" as a user would. Each effect is
// checked through the JSON API with the same session cookie. Every page is also read by a
// visitor, a member and an administrator in lynx and in w3m, whose buttons must all show words.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { DEMO, signUpViaApi, uniqueName, type TestUser } from "../support/browser";
import { addComments } from "../support/e2e-database";
import { demoIds, openedPartsFor, urlsFor } from "../support/pages";
import { eventPath, postPath, showcasePath, userPath } from "~/lib/paths";

const LYNX = "/usr/bin/lynx";
const W3M = "/usr/bin/w3m";
const WIDTH = 200;

// Every step reads the page twice and replays keystrokes in a new lynx: a few seconds each.
test.describe.configure({ timeout: 300_000 });

/** One thing a user does on a page: press a control, type into a field, or pick an option of a list. */
type Step =
  | { press: string; line?: (line: string) => boolean }
  | { fill: string; text: string; line?: (line: string) => boolean }
  | { pick: string; down: number; line?: (line: string) => boolean };

class Lynx {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), "lynx-"));
  readonly cookies = path.join(this.dir, "cookies");
  readonly config = path.join(this.dir, "lynx.cfg");

  constructor(readonly baseURL: string) {
    writeFileSync(this.cookies, "");
    // The system configuration, keeping cookies between runs in the cookie file.
    writeFileSync(this.config, "INCLUDE:/etc/lynx/lynx.cfg\nPERSISTENT_COOKIES:TRUE\n");
  }

  private args() {
    return [`-cfg=${this.config}`, "-accept_all_cookies", `-cookie_file=${this.cookies}`, `-cookie_save_file=${this.cookies}`, "-nolog"];
  }

  private env() {
    return { ...process.env, HOME: this.dir, TERM: "vt100", COLUMNS: String(WIDTH), LINES: "50", LYNX_CFG: this.config };
  }

  /** Signs lynx in with a session cookie (the value of `__session`) the test got from the API. */
  useSession(session: string) {
    writeFileSync(this.cookies, `127.0.0.1\tFALSE\t/\tFALSE\t${Math.floor(Date.now() / 1000) + 86_400}\t__session\t${session}\n`);
  }

  /**
   * The page as lynx renders it (with `numbered`, every link and field is preceded by its
   * number, "[12]"). Lynx exits with 1 after an error page (a 404, say), which `errorPage` accepts.
   */
  dump(pathname: string, numbered = false, { errorPage = false } = {}): string {
    const options = ["-dump", "-nolist", `-width=${WIDTH}`, ...(numbered ? ["-number_fields"] : [])];
    const result = spawnSync(LYNX, [...this.args(), ...options, this.baseURL + pathname], {
      env: this.env(),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status === 0 || (errorPage && result.status === 1 && result.stdout.trim() !== ""), `${pathname}: ${result.stderr}`).toBe(true);
    return result.stdout;
  }

  /** Opens `pathname` and does `steps` in order, as keystrokes. */
  browse(pathname: string, steps: Step[]) {
    const lines = this.dump(pathname).split("\n");
    const numbered = this.dump(pathname, true).split("\n");
    const marker = /\[\d+\]/g;
    const keys: string[] = [];
    const type = (text: string) => {
      for (const char of text) keys.push(char === " " ? "0x20" : char);
    };
    for (const step of steps) {
      const words = "press" in step ? step.press : "fill" in step ? step.fill : step.pick;
      const isControl = step.line ?? ((line: string) => line.includes(words));
      const target = numbered.findIndex((line) => isControl(line.replace(marker, "")) && line.replace(marker, "").includes(words));
      expect(target, `"${words}" on ${pathname}:\n${lines.join("\n")}`).toBeGreaterThanOrEqual(0);
      // Lynx moves from control to control: numbered links and fields, and the buttons outside
      // forms, which carry no number. The control is the last one before the words on their
      // line, or (a label on a line of its own) the first one after them.
      const lineStart = numbered.slice(0, target).reduce((sum, text) => sum + text.length + 1, 0);
      const at = lineStart + indexIn(numbered[target], words);
      const controls = [...numbered.join("\n").matchAll(/\[\d+\]|\(BUTTON\)/g)].map((match) => match.index!);
      const onLine = controls.filter((index) => index >= lineStart && index < at);
      const control = onLine.length > 0 ? onLine[onLine.length - 1] : controls.find((index) => index >= at)!;
      const number = controls.indexOf(control) + 1;
      // From the top of the page, down from control to control until that one.
      keys.push("Home");
      for (let i = 1; i < number; i += 1) keys.push("Down Arrow");
      keys.push("^J");
      if ("fill" in step) {
        // Enter opens the field for typing; moving up leaves it.
        type(step.text);
        keys.push("Up Arrow");
      } else if ("pick" in step) {
        for (let i = 0; i < step.down; i += 1) keys.push("Down Arrow");
        keys.push("^J");
      }
    }
    keys.push("q", "y");
    const script = path.join(this.dir, "script");
    writeFileSync(script, keys.map((key) => `key ${key}\n`).join(""));
    // LYNX_TRACE=<file> keeps lynx's trace of the last run there (and the keystrokes in <file>.keys).
    const trace = process.env.LYNX_TRACE ? ["-trace"] : [];
    const result = spawnSync(LYNX, [...this.args(), ...trace, "-tna", "-case", `-cmd_script=${script}`, this.baseURL + pathname], {
      env: this.env(),
      encoding: "utf8",
      input: "",
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(0);
    if (process.env.LYNX_TRACE) writeFileSync(`${process.env.LYNX_TRACE}.keys`, readFileSync(script));
    if (process.env.LYNX_TRACE) writeFileSync(process.env.LYNX_TRACE, readFileSync(path.join(this.dir, "Lynx.trace")));
  }

  /** The addresses of the page's links, as lynx lists them. */
  links(pathname: string): string[] {
    const result = spawnSync(LYNX, [...this.args(), "-dump", "-listonly", "-nonumbers", this.baseURL + pathname], {
      env: this.env(),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.startsWith("http"));
  }

  /** The session cookie lynx keeps, for the test's own API calls (empty once signed out). */
  cookieHeader(): string {
    return readFileSync(this.cookies, "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => line.split("\t"))
      .filter((fields) => fields.length >= 7 && fields[5] === "__session")
      .map((fields) => `${fields[5]}=${fields[6]}`)
      .join("; ");
  }

  async api<T = any>(pathname: string): Promise<T> {
    const get = () => fetch(this.baseURL + pathname, { headers: { Accept: "application/json", Cookie: this.cookieHeader() } });
    // A kept-alive connection the server has since closed fails once; a new one is made.
    const response = await get().catch(get);
    expect(response.status, pathname).toBe(200);
    return (await response.json()) as T;
  }

  /**
   * The page in w3m's own markup (-halfdump): each link and control is an element numbered in
   * page order (`hseq`), a button's words are the text inside its <input_alt>. Sent with the
   * same session cookie as lynx.
   */
  w3m(pathname: string): string {
    const cookie = this.cookieHeader();
    const result = spawnSync(W3M, ["-halfdump", "-cols", String(WIDTH), ...(cookie ? ["-header", `Cookie: ${cookie}`] : []), this.baseURL + pathname], {
      env: { ...process.env, HOME: this.dir },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout;
  }

  close() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Lynx's buttons without words: lynx writes "(BUTTON)" and then the button's text, ignoring
 * aria-label and drawing no icon, so a button whose name is only an icon or an aria-label
 * reads "(BUTTON)" followed by nothing, a field ("____"), or the next control.
 */
function wordlessInLynx(page: string): string[] {
  return page
    .split("\n")
    .filter((line) => /\(BUTTON\)(?!\s*[\p{L}\p{N}])/u.test(line))
    .map((line) => line.trim());
}

/**
 * W3m's buttons without words. W3m shows a button as its text and leaves a button without
 * text out of the page altogether (its number is skipped); an <input> button without a value
 * shows as "[]". Images show their file name, which is no name either.
 */
function wordlessInW3m(halfdump: string): string[] {
  const found: string[] = [];
  const controls = [...halfdump.matchAll(/<(a|input_alt) ([^>]*?)hseq="(\d+)"([^>]*)>([\s\S]*?)<\/\1>/g)].map((match) => ({
    number: Number(match[3]),
    type: /type="([^"]*)"/.exec(match[2] + match[4])?.[1] ?? "link",
    words: match[5]
      .replace(/<img_alt[\s\S]*?<\/img_alt>/g, "")
      .replace(/<[^>]*>/g, "")
      .replace(/&[a-z]+;|&#\d+;/g, " ")
      .trim(),
  }));
  const numbers = new Set(controls.map((control) => control.number));
  for (let number = 1; number <= Math.max(0, ...numbers); number += 1) {
    if (numbers.has(number)) continue;
    const before = controls.filter((control) => control.number < number).pop();
    found.push(`a button left out after ${before ? `"${before.words}"` : "the top"}`);
  }
  for (const control of controls) {
    if (["submit", "button", "reset", "image"].includes(control.type) && !/[\p{L}\p{N}]/u.test(control.words))
      found.push(`an empty ${control.type} button (${control.number})`);
  }
  return found;
}

/** The session cookie's value after signing `user` in through the API. */
async function sessionOf(baseURL: string, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("__session="));
  expect(cookie, "the session cookie").toBeTruthy();
  return cookie!.slice("__session=".length).split(";")[0];
}

/** Where `words` start in a numbered line, ignoring the numbers. */
function indexIn(line: string, words: string): number {
  const plain = line.replace(/\[\d+\]/g, "");
  const at = plain.indexOf(words);
  // Map the position back into the numbered line.
  let seen = 0;
  for (let i = 0; i < line.length; i += 1) {
    const number = /^\[\d+\]/.exec(line.slice(i));
    if (number) {
      i += number[0].length - 1;
      continue;
    }
    if (seen === at) return i;
    seen += 1;
  }
  return line.length;
}

const button = (words: string) => (line: string) => line.includes(`) ${words}`);

test("a member signs in, reacts, comments, follows, messages, goes to an event, reports, adds a car and a mod, and signs out in lynx", async ({ baseURL, request }) => {
  const lynx = new Lynx(baseURL!);
  try {
    // Another member's post, car and profile to act on; the member is new, so nothing is liked or followed yet.
    const author: TestUser = await signUpViaApi(request, "lxauthor");
    const made = await request.post("/api/cars", { data: { make: "Mazda", model: "RX-7", year: 1993, nickname: "Spirit" } });
    expect(made.status(), await made.text()).toBe(201);
    const authorCar = (await made.json()).car.id as number;
    const modded = await request.post(`/api/cars/${authorCar}/mods`, { data: { mod_category: "Exhaust", model_name: "Bridgeport pipe" } });
    expect(modded.status(), await modded.text()).toBe(201);
    const posted = await request.post("/api/posts", { data: { story: "Rotary season is open", car_ids: [authorCar] } });
    expect(posted.status(), await posted.text()).toBe(201);
    const postId = (await posted.json()).post.id as number;

    const member = { username: uniqueName("lynx"), password: "password123" };
    const registered = await fetch(`${baseURL}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...member, email: `${member.username}@example.com` }),
    });
    expect(registered.status).toBe(201);

    await test.step("sign in", async () => {
      lynx.browse("/?login", [
        { fill: "Email or username", text: member.username },
        { fill: "Password", text: member.password, line: (line) => line.trim().startsWith("Password") },
        { press: "Sign In", line: button("Sign In") },
      ]);
      const session = await lynx.api("/api/auth/session");
      expect(session.user?.username).toBe(member.username);
    });

    await test.step("the post's Mods panel shows its car's mods", async () => {
      const page = lynx.dump(postPath(postId));
      expect(page).toContain("Bridgeport pipe");
      expect(page).not.toContain("Loading modifications");
    });

    await test.step("like, then dislike, then save", async () => {
      lynx.browse(postPath(postId), [{ press: "Like", line: button("Like") }]);
      expect((await lynx.api(`/api/posts/${postId}`)).post).toMatchObject({ likedByUser: true, dislikedByUser: false, counts: { likes: 1, dislikes: 0 } });
      lynx.browse(postPath(postId), [{ press: "Dislike", line: button("Dislike") }]);
      expect((await lynx.api(`/api/posts/${postId}`)).post).toMatchObject({ likedByUser: false, dislikedByUser: true, counts: { likes: 0, dislikes: 1 } });
      lynx.browse(postPath(postId), [{ press: "Save", line: button("Save") }]);
      expect((await lynx.api(`/api/posts/${postId}`)).post).toMatchObject({ saved: true });
    });

    await test.step("comment, then reply", async () => {
      lynx.browse(postPath(postId), [
        { fill: "Write a comment", text: "Brap brap from lynx" },
        { press: "Post", line: button("Post") },
      ]);
      const { comments } = await lynx.api(`/api/posts/${postId}/comments`);
      expect(comments.map((comment: { content: string }) => comment.content)).toContain("Brap brap from lynx");
    });

    await test.step("reply", async () => {
      const { comments } = await lynx.api(`/api/posts/${postId}/comments`);
      const commentId = comments[0].id as number;
      // The comment's Reply link leads to the reply form.
      expect(lynx.links(postPath(postId))).toContain(`${baseURL}/post/${postId}?replyTo=${commentId}#reply-${commentId}`);
      lynx.browse(`${postPath(postId)}?replyTo=${commentId}`, [
        { fill: "Write a reply", text: "Same here" },
        { press: "Reply", line: button("Reply") },
      ]);
      const after = await lynx.api(`/api/posts/${postId}/comments`);
      expect(after.comments[0].replies.map((reply: { content: string }) => reply.content)).toEqual(["Same here"]);
    });

    await test.step("a comment with a mention and a tag links both and tells the member mentioned", async () => {
      const profile = `${baseURL}/user/${author.username}`;
      const before = lynx.links(postPath(postId)).filter((link) => link === profile).length;
      lynx.browse(postPath(postId), [
        { fill: "Write a comment", text: `Thanks @${author.username} #Rotary` },
        { press: "Post", line: button("Post") },
      ]);
      const links = lynx.links(postPath(postId));
      expect(links).toContain(`${baseURL}/tags/rotary`);
      expect(links.filter((link) => link === profile)).toHaveLength(before + 1);
      expect(lynx.dump(postPath(postId))).toContain(`Thanks @${author.username} #Rotary`);
      const notices = await (await request.get("/api/notifications")).json();
      expect(notices.notifications.map((notice: { message: string }) => notice.message)).toContain(`@${member.username} mentioned you in a comment`);
    });

    await test.step("report the post", async () => {
      // The post's menu links to the report page; its form comes back to the post.
      // (Lynx lists the address with its %2F shown as "/".)
      const report = `/report/post/${postId}?redirectTo=/post/${postId}`;
      expect(lynx.links(postPath(postId))).toContain(`${baseURL}${report}`);
      lynx.browse(report, [{ press: "Spam" }, { press: "Submit Report", line: button("Submit Report") }]);
      expect((await lynx.api(`/api/flags/count?contentType=post&contentId=${postId}`)).count).toBe(1);
    });

    await test.step("follow a member and a car", async () => {
      lynx.browse(userPath(author.username), [{ press: "Follow", line: button("Follow") }]);
      expect((await lynx.api(`/api/users/${author.username}/follow`)).following).toBe(true);
      lynx.browse(showcasePath(authorCar), [{ press: "Follow", line: button("Follow") }]);
      expect((await lynx.api(`/api/cars/${authorCar}/follow`)).following).toBe(true);
    });

    await test.step("send a message", async () => {
      lynx.browse(`/messages/${author.username}`, [
        { fill: "Message", text: "Want to swap rotors?", line: (line) => line.trim() === "Message" },
        { press: "Send", line: button("Send") },
      ]);
      const { messages } = await lynx.api(`/api/messages/${author.username}`);
      expect(messages.map((message: { content: string }) => message.content)).toContain("Want to swap rotors?");
    });

    let carId = 0;
    await test.step("add a car, then a mod", async () => {
      lynx.browse("/my-cars/new", [
        { fill: "Make", text: "Honda", line: (line) => line.trim().startsWith("Make") },
        { fill: "Model", text: "S2000", line: (line) => line.trim().startsWith("Model") },
        { fill: "Year", text: "2004", line: (line) => line.trim().startsWith("Year") },
        { press: "Add car", line: button("Add car") },
      ]);
      const link = lynx.links("/my-cars").find((href) => /\/my-cars\/\d+\/mods$/.test(href));
      expect(link, "the new car's Mods link").toBeTruthy();
      carId = Number(/\/my-cars\/(\d+)\/mods$/.exec(link!)![1]);
      expect((await lynx.api(`/api/cars/${carId}`)).car).toMatchObject({ make: "Honda", model: "S2000", year: 2004 });

      lynx.browse(`/my-cars/${carId}/mods/new`, [
        { fill: "Category", text: "Intake", line: (line) => line.trim().startsWith("Category") },
        { fill: "Model name", text: "Cold air intake", line: (line) => line.trim().startsWith("Model name") },
        { press: "Add mod", line: button("Add mod") },
      ]);
      const { mods } = await lynx.api(`/api/cars/${carId}/mods`);
      expect(mods.map((mod: { model_name?: string; name?: string }) => mod.model_name ?? mod.name)).toContain("Cold air intake");
    });

    await test.step("say I'm going to an event, with the new car", async () => {
      const { events } = await lynx.api("/api/events");
      const upcoming = events.find((event: { date_time: string }) => new Date(event.date_time).getTime() > Date.now());
      const before = (await lynx.api(`/api/events/${upcoming.id}`)).event.going_count as number;
      // The car list offers "No car, just me" first, then the member's one car.
      lynx.browse(eventPath(upcoming.id), [
        { pick: "Bringing a car?", down: 1 },
        { press: "I'm going", line: button("I'm going") },
      ]);
      expect((await lynx.api(`/api/events/${upcoming.id}`)).event.going_count).toBe(before + 1);
      expect(lynx.dump(eventPath(upcoming.id))).toContain("You're going with 2004 Honda S2000");
    });

    await test.step("sign out", async () => {
      lynx.browse("/", [{ press: "Log Out", line: button("Log Out") }]);
      const session = await lynx.api("/api/auth/session");
      expect(session.authenticated).toBe(false);
    });
  } finally {
    lynx.close();
  }
});

test("a part page reads in lynx: each car with its owner, and each gain apart from its figure", async ({ baseURL, request }) => {
  const { parts } = (await (await request.get("/api/parts/search?q=titanium cat-back")).json()) as { parts: Array<{ href: string }> };
  expect(parts[0]?.href, "the demo's shared exhaust part").toBeTruthy();
  const page = new Lynx(baseURL!).dump(parts[0].href);
  expect(page).toContain("HKS Titanium Cat-Back");
  expect(page).toMatch(/Godzilla\s+@jdm_jess/);
  // Other tests may fit this part too, so the figure and the count are read, not fixed.
  expect(page).toMatch(/Horsepower: median \+\d+(\.\d+)? hp from \d+ reports/);
  expect(page).not.toMatch(/Horsepowermedian/);
});

test("a busy post's older comments are a page of their own in lynx, with a link back to the newest", async ({ baseURL, request }) => {
  const author = await signUpViaApi(request, "lxbusy");
  const posted = await request.post("/api/posts", { data: { story: "Long thread about the swap" } });
  expect(posted.status(), await posted.text()).toBe(201);
  const postId = (await posted.json()).post.id as number;
  // One page of threads (20) and three more.
  addComments(postId, author.id, 23);
  const lynx = new Lynx(baseURL!);
  try {
    const newest = lynx.dump(postPath(postId));
    expect(newest).toContain("comment 22");
    expect(newest).toContain("comment 3");
    expect(newest).not.toMatch(/comment [0-2]\b/);
    expect(newest).toContain("Show older comments");
    const older = lynx.links(postPath(postId)).find((link) => link.includes("?before="));
    expect(older, "the older comments' link").toMatch(new RegExp(`/post/${postId}\\?before=[^#]+#comments$`));

    const page = lynx.dump(older!.slice(baseURL!.length));
    expect(page).toMatch(/comment 2[\s\S]*comment 1[\s\S]*comment 0/);
    expect(page).not.toContain("comment 3");
    expect(page).not.toContain("Show older comments");
    expect(page).toContain("Newest comments");
    expect(lynx.links(older!.slice(baseURL!.length))).toContain(`${baseURL}/post/${postId}#comments`);
  } finally {
    lynx.close();
  }
});

test("every page shows words on each of its buttons in lynx and in w3m, to a visitor, a member and an administrator", async ({ baseURL, playwright }) => {
  const api = await playwright.request.newContext({ baseURL });
  const ids = await demoIds(api);
  await api.dispose();
  const pages = [...new Set([...Object.values(urlsFor(ids)), ...openedPartsFor(ids), "/?login=reset", "/login?method=code", userPath(DEMO.member.username)])];
  const readers = [
    { who: "a visitor", user: null, pages: () => pages },
    { who: "a member", user: DEMO.member, pages: () => pages },
    // The administrator's own pages: every tab of the Admin Area, and a post and an event with their tools.
    {
      who: "an administrator",
      user: DEMO.admin,
      pages: (lynx: Lynx) => [
        ...new Set(lynx.links("/admin").flatMap((href) => (href.includes("/admin?tab=") ? [href.slice(baseURL!.length)] : []))),
        postPath(ids.postId),
        eventPath(ids.eventId),
      ],
    },
  ];
  const wordless: string[] = [];
  for (const reader of readers) {
    const lynx = new Lynx(baseURL!);
    try {
      if (reader.user) lynx.useSession(await sessionOf(baseURL!, reader.user));
      const visited = reader.pages(lynx);
      expect(visited.length, `the pages ${reader.who} reads`).toBeGreaterThan(2);
      for (const pathname of visited) {
        for (const line of wordlessInLynx(lynx.dump(pathname, false, { errorPage: true }))) wordless.push(`lynx, ${reader.who}, ${pathname}: ${line}`);
        for (const button of wordlessInW3m(lynx.w3m(pathname))) wordless.push(`w3m, ${reader.who}, ${pathname}: ${button}`);
      }
    } finally {
      lynx.close();
    }
  }
  expect(wordless).toEqual([]);
});

test("the sign-in, sign-up and reset pages read form first in lynx, before the site's search and navigation", async ({ baseURL }) => {
  const lynx = new Lynx(baseURL!);
  try {
    for (const [pathname, heading, field] of [
      ["/login?redirectTo=%2Fevents", "Sign In", "Email or username"],
      ["/signup", "Sign Up", "Username"],
      ["/reset-password", "Reset Password", "Email or username"],
    ]) {
      const lines = lynx.dump(pathname).split("\n");
      // The first text field is the form's, not the header's search.
      expect(lines.find((line) => /_{4,}/.test(line))?.trim(), pathname).toMatch(new RegExp(`^${field} _+$`));
      const title = lines.findIndex((line) => line.trim() === heading);
      const navigation = lines.findIndex((line) => line.trim() === "* My Cars");
      expect(title, `${pathname}: its title`).toBeGreaterThanOrEqual(0);
      expect(navigation, `${pathname}: the site's navigation`).toBeGreaterThan(title);
    }
  } finally {
    lynx.close();
  }
});
