// A car changes hands between two members in the browser: the seller starts a handover from
// the car's settings and passes the link; the buyer opens it, reads what comes with the car
// and accepts; the showcase then names the buyer and lists both owners, and the seller's post
// says "while owned by" them. Without JavaScript the buyer accepts with a plain form post,
// and lynx reads the accept page with words on its buttons.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "./fixtures";
import { member } from "../support/browser";
import { postPath, showcasePath, userPath } from "~/lib/paths";

/** A car of the page's member, with one mod and one post showing it. */
async function carWithPost(page: Page, nickname: string): Promise<{ carId: number; postId: number }> {
  const made = await page.request.post("/api/cars", { data: { make: "Mazda", model: "MX-5", year: 1991, nickname } });
  expect(made.status(), await made.text()).toBe(201);
  const carId = (await made.json()).car.id as number;
  const modded = await page.request.post(`/api/cars/${carId}/mods`, { data: { mod_category: "Wheels", model_name: "TE37", cost: 1200, show_cost: false } });
  expect(modded.status(), await modded.text()).toBe(201);
  const posted = await page.request.post("/api/posts", { data: { story: "First drive", car_ids: [carId] } });
  expect(posted.status(), await posted.text()).toBe(201);
  return { carId, postId: (await posted.json()).post.id as number };
}

/** The seller starts a handover on the car's settings and answers the link the page shows. */
async function startHandover(page: Page, carId: number): Promise<string> {
  await page.goto(`/my-cars/${carId}/edit`);
  await page.getByRole("link", { name: "Hand over", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/my-cars/${carId}/handover$`));
  await page.getByRole("button", { name: "Start handover" }).click();
  const link = page.getByRole("textbox", { name: "Handover link" });
  await expect(link).toBeVisible();
  await expect(page.getByTestId("handover-waiting")).toContainText("Waiting for whoever has the link");
  return link.inputValue();
}

test("a car changes hands between two members and keeps its story", async ({ browser }) => {
  const seller = await member(browser, "hoseller");
  const buyer = await member(browser, "hobuyer");
  const { carId, postId } = await carWithPost(seller.page, "Ruby");
  const link = await startHandover(seller.page, carId);

  await buyer.page.goto(link);
  await expect(buyer.page.getByRole("heading", { name: "Take over Ruby" })).toBeVisible();
  await expect(buyer.page.getByTestId("handover-terms")).toContainText(`while owned by @${seller.user.username}`);
  await buyer.page.getByRole("button", { name: "Accept Ruby" }).click();
  await expect(buyer.page).toHaveURL(new RegExp(`${showcasePath(carId)}$`));
  await expect(buyer.page.locator(".showcase-owner")).toContainText(`@${buyer.user.username}`);
  const owners = buyer.page.getByTestId("ownership-history");
  await expect(owners).toContainText(`@${seller.user.username}`);
  await expect(owners).toContainText(`@${buyer.user.username}`);
  await expect(owners.getByTestId("handover-mark")).toHaveCount(1);

  // The link was for one use.
  await buyer.page.goto(link);
  await expect(buyer.page.getByText("This handover link was used already")).toBeVisible();

  // The seller's post still shows the car, while owned by them; their profile lists it.
  await seller.page.goto(postPath(postId));
  await expect(seller.page.getByTestId("post-cars")).toContainText(`while owned by @${seller.user.username}`);
  await seller.page.goto(userPath(seller.user.username));
  await expect(seller.page.getByTestId("former-cars").getByRole("link", { name: /Ruby/ })).toHaveAttribute("href", showcasePath(carId));
  await seller.page.goto(`/my-cars/${carId}/handover`);
  await expect(seller.page.getByText("Only the car's owner can change it")).toBeVisible();
});

test("without JavaScript the buyer accepts with a plain form post; lynx reads the accept page", async ({ browser, baseURL }) => {
  const seller = await member(browser, "hoseller");
  const buyer = await member(browser, "hobuyer", false);
  const { carId } = await carWithPost(seller.page, "Spirit");
  const link = await startHandover(seller.page, carId);

  // lynx, signed in as the buyer: the page and its buttons read in words.
  const session = (await buyer.page.context().cookies()).find((cookie) => cookie.name === "__session");
  expect(session).toBeDefined();
  const dir = mkdtempSync(path.join(os.tmpdir(), "lynx-handover-"));
  try {
    // Lynx reads a cookie file only with persistent cookies on, and only cookies with an expiry.
    const host = new URL(baseURL!).hostname;
    const cookies = path.join(dir, "cookies");
    writeFileSync(cookies, `${host}\tFALSE\t/\tFALSE\t${Math.floor(Date.now() / 1000) + 86_400}\t__session\t${session!.value}\n`);
    const cfg = path.join(dir, "lynx.cfg");
    writeFileSync(cfg, "INCLUDE:/etc/lynx/lynx.cfg\nPERSISTENT_COOKIES:TRUE\n");
    const text = execFileSync("/usr/bin/lynx", [`-cfg=${cfg}`, "-accept_all_cookies", `-cookie_file=${cookies}`, "-nolog", "-dump", "-nolist", "-width=200", link], {
      encoding: "utf8",
      env: { ...process.env, HOME: dir, TERM: "vt100", LYNX_CFG: cfg },
    });
    expect(text).toContain("Take over Spirit");
    expect(text).toContain("Accept Spirit");
    expect(text).toContain("Decline");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  await buyer.page.goto(link);
  await buyer.page.getByRole("button", { name: "Accept Spirit" }).click();
  await expect(buyer.page).toHaveURL(new RegExp(`${showcasePath(carId)}$`));
  await expect(buyer.page.locator(".showcase-owner")).toContainText(`@${buyer.user.username}`);
});
