// The switch between the Following feed and Latest on the home page: in Chromium (with
// JavaScript: the list, its heading and the remembered choice follow the link) and in lynx
// (a plain link: following it changes the feed, and the choice holds on the next visit).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "./fixtures";
import { member, signUpViaApi } from "../support/browser";

const FOLLOWING_HEADING = "From cars, people and tags you follow";
const LATEST_HEADING = "Latest from the community";

/** A member who follows the demo's jdm_jess and has a post of their own, which comes first in Following. */
async function followingMember(request: APIRequestContext) {
  const follow = await request.post("/api/users/jdm_jess/follow", { data: { following: true } });
  expect(follow.status(), await follow.text()).toBe(200);
}

test("a member switches between Following and Latest, and the choice is remembered", async ({ browser }) => {
  const { page } = await member(browser, "feedswitch");
  await followingMember(page.request);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(FOLLOWING_HEADING);
  const feedNav = page.getByRole("navigation", { name: "Feed" });
  await expect(feedNav.getByRole("link", { name: "Following" })).toHaveAttribute("aria-current", "page");
  // Every post in Following is by the followed member or shows something followed.
  const followingPosts = await page.getByTestId("feed").locator("[data-feed-post]").count();
  expect(followingPosts).toBeGreaterThan(0);

  await feedNav.getByRole("link", { name: "Latest" }).click();
  await expect(page).toHaveURL(/\/\?feed=latest$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(LATEST_HEADING);
  await expect(feedNav.getByRole("link", { name: "Latest" })).toHaveAttribute("aria-current", "page");

  // The choice holds on the next visit to /.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(LATEST_HEADING);
  await page.getByRole("navigation", { name: "Feed" }).getByRole("link", { name: "Following" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(FOLLOWING_HEADING);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(FOLLOWING_HEADING);
});

test("the feed switch is a link lynx follows, and the choice holds", async ({ baseURL, playwright }) => {
  const request = await playwright.request.newContext({ baseURL });
  await signUpViaApi(request, "lynxfeed");
  await followingMember(request);
  const session = (await request.storageState()).cookies.find((cookie) => cookie.name === "__session")!.value;
  await request.dispose();

  const dir = mkdtempSync(path.join(os.tmpdir(), "lynx-feed-"));
  const cookies = path.join(dir, "cookies");
  const config = path.join(dir, "lynx.cfg");
  writeFileSync(config, "INCLUDE:/etc/lynx/lynx.cfg\nPERSISTENT_COOKIES:TRUE\n");
  writeFileSync(cookies, `127.0.0.1\tFALSE\t/\tFALSE\t${Math.floor(Date.now() / 1000) + 86_400}\t__session\t${session}\n`);
  const args = [`-cfg=${config}`, "-accept_all_cookies", `-cookie_file=${cookies}`, `-cookie_save_file=${cookies}`, "-nolog"];
  const env = { ...process.env, HOME: dir, TERM: "vt100", COLUMNS: "200", LINES: "50", LYNX_CFG: config };
  const dump = (options: string[] = []) => {
    const result = spawnSync("/usr/bin/lynx", [...args, "-dump", "-width=200", ...options, `${baseURL}/`], { env, encoding: "utf8", timeout: 30_000 });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout;
  };
  try {
    const before = dump(["-nolist"]);
    expect(before).toContain(FOLLOWING_HEADING);
    // The switch reads as words. Lynx moves from control to control (numbered links and
    // fields, and buttons outside forms): the Latest link is reached from the top with Down
    // Arrow, and Enter follows it, as a lynx user does.
    const numbered = dump(["-nolist", "-number_fields"]);
    const at = numbered.search(/\[\d+\]Latest\b/);
    expect(at, numbered).toBeGreaterThanOrEqual(0);
    const controls = [...numbered.matchAll(/\[\d+\]|\(BUTTON\)/g)].map((match) => match.index!);
    const position = controls.indexOf(at) + 1;
    expect(position).toBeGreaterThan(0);
    const keys = ["Home", ...Array.from({ length: position - 1 }, () => "Down Arrow"), "^J", "q", "y"];
    const script = path.join(dir, "script");
    writeFileSync(script, keys.map((key) => `key ${key}\n`).join(""));
    const run = spawnSync("/usr/bin/lynx", [...args, "-tna", `-cmd_script=${script}`, `${baseURL}/`], { env, encoding: "utf8", input: "", timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    // The next visit to / reads Latest: the link changed the feed and it was remembered.
    const after = dump(["-nolist"]);
    expect(after).toContain(LATEST_HEADING);
    expect(after).not.toContain(FOLLOWING_HEADING);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
