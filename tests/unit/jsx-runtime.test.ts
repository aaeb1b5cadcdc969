// React's production JSX runtime hands a call's props object to the element as it is when the
// call names no key and no ref and the component has no defaultProps
// (patches/react+18.3.1.patch); every other call makes its element exactly as React ships it.
// The app's server and browser builds both run this file.
import { createRequire } from "node:module";
import path from "node:path";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const react = path.dirname(require.resolve("react/package.json"));
const runtime = require(path.join(react, "cjs", "react-jsx-runtime.production.min.js")) as {
  jsx: (type: unknown, props: Record<string, unknown>, key?: unknown) => ReactElement & { ref: unknown };
};

describe("the production JSX runtime", () => {
  it("keeps the call's props object when it names no key and no ref", () => {
    const props = { className: "card", children: "Ruby" };
    const element = runtime.jsx("div", props);
    expect(element.props).toBe(props);
    expect(element.key).toBeNull();
    expect(element.ref).toBeNull();
  });

  it("keeps the props object when its ref is empty, as a link that forwards no ref passes it", () => {
    const props = { href: "/events", ref: null, children: "Events" };
    const element = runtime.jsx("a", props);
    expect(element.props).toBe(props);
    expect(element.ref).toBeNull();
    expect(renderToString(element)).toBe('<a href="/events">Events</a>');
  });

  it("takes the key given beside the props", () => {
    const element = runtime.jsx("li", { children: "a" }, 7);
    expect(element.key).toBe("7");
    expect(element.props).toEqual({ children: "a" });
  });

  it("takes a key or a ref spread into the props out of them, as React does", () => {
    const ref = { current: null };
    const props = { key: "k", ref, id: "x" };
    const element = runtime.jsx("div", props);
    expect(element.key).toBe("k");
    expect(element.ref).toBe(ref);
    expect(element.props).toEqual({ id: "x" });
    expect(element.props).not.toBe(props);
  });

  it("fills in a component's defaultProps", () => {
    function Badge({ label, tone }: { label: string; tone?: string }) {
      return createElement("b", { className: tone }, label);
    }
    Badge.defaultProps = { tone: "muted" };
    const element = runtime.jsx(Badge, { label: "New" });
    expect(element.props).toEqual({ label: "New", tone: "muted" });
  });

  it("renders the same markup as React's own elements", () => {
    const made = runtime.jsx("ul", {
      className: "mods",
      children: [runtime.jsx("li", { children: "Öhlins coilovers" }, "a"), runtime.jsx("li", { title: "BBK", children: "Brembo GT" }, "b")],
    });
    const reference = createElement(
      "ul",
      { className: "mods" },
      createElement("li", { key: "a" }, "Öhlins coilovers"),
      createElement("li", { key: "b", title: "BBK" }, "Brembo GT"),
    );
    expect(renderToString(made)).toBe(renderToString(reference));
  });
});
