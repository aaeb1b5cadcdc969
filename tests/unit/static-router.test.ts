// The server renders every page with the same routes (patches/README.md): React Router's
// static router converts a routes array once and keeps it, and each render still shows its
// own page from its own request.
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Outlet, useParams } from "react-router-dom";
import { describe, expect, it } from "vitest";

function Post() {
  return createElement("h1", null, `Post ${useParams().postId}`);
}

const routes = [
  {
    id: "root",
    path: "/",
    loader: () => null,
    element: createElement("main", null, createElement(Outlet)),
    children: [
      { id: "home", index: true, element: createElement("h1", null, "Feed") },
      { id: "post", path: "post/:postId", element: createElement(Post) },
    ],
  },
];
const handler = createStaticHandler(routes);

async function render(path: string) {
  const context = await handler.query(new Request(`http://127.0.0.1${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(routes, context);
  return { router, html: renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false })) };
}

describe("the server's static router", () => {
  it("converts the same routes once, and each request still renders its own page", async () => {
    const home = await render("/");
    const post = await render("/post/7");
    const other = await render("/post/8");
    expect(home.html).toContain("<h1>Feed</h1>");
    expect(post.html).toContain("<h1>Post 7</h1>");
    expect(other.html).toContain("<h1>Post 8</h1>");
    expect(post.router.routes).toBe(home.router.routes);
    expect(post.router.state.matches.map((match) => match.route.id)).toEqual(["root", "post"]);
    expect(post.router.state.matches[1].route).toBe(post.router.routes[0].children?.[1]);
  });
});
