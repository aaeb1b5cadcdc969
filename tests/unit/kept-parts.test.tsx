// Parts of pages kept as markup (app/cache/kept-parts.server.ts, components/shell/Kept.tsx): a part
// rendered anew is marked and its inside kept from the whole document; the same name, inputs and
// address then write that markup without rendering, and it is the markup a render would give.
import { createElement, useId } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { createPartStore, innerMarkup, type DocumentParts } from "~/cache/kept-parts.server";
import { Kept } from "~/components/shell/Kept";
import { KeptPartsContext } from "~/lib/client/kept-parts";

let renders = 0;

function Card({ title, likes, note }: { title: string; likes: number; note?: string }) {
  renders += 1;
  return (
    <>
      <h2>
        {title} <span>{likes}</span>
      </h2>
      <img src="/a.webp" alt="" />
      <svg viewBox="0 0 1 1">
        <use href="#i" />
      </svg>
      <p data-note={note}>a &lt; b &gt; c</p>
    </>
  );
}

function Page({ parts, cards, url = "/" }: { parts: DocumentParts | null; cards: Array<{ title: string; likes: number }>; url?: string }) {
  return (
    <MemoryRouter initialEntries={[url]}>
      <KeptPartsContext.Provider value={parts}>
        <main>
          {cards.map((card) => (
            <Kept key={card.title} as="article" name="card" inputs={[card]} className="card" data-title={card.title}>
              <Card {...card} note="x > y" />
            </Kept>
          ))}
        </main>
      </KeptPartsContext.Provider>
    </MemoryRouter>
  );
}

/** Renders the page with the store's parts of a new document, and keeps what it marked. */
function renderWith(store: ReturnType<typeof createPartStore>, cards: Array<{ title: string; likes: number }>, url?: string): string {
  const parts = store.forDocument();
  const html = renderToString(<Page parts={parts} cards={cards} url={url} />);
  parts.keep(Buffer.from(html));
  return html;
}

const withoutMarks = (html: string) => html.replace(/ data-kept="[0-9a-z]+"/g, "");

describe("kept parts", () => {
  it("write a part's kept markup in place of a render, the same markup a render gives", () => {
    const store = createPartStore();
    const cards = [
      { title: "Öhlins 日本 🏁", likes: 3 },
      { title: "Coilovers", likes: 0 },
    ];
    const plain = renderToString(<Page parts={null} cards={cards} />);
    renders = 0;
    const first = renderWith(store, cards);
    expect(renders).toBe(2);
    expect(first).toMatch(/ data-kept="[0-9a-z]+"/);
    expect(withoutMarks(first)).toBe(plain);
    expect(store.size()).toBe(2);

    renders = 0;
    const second = renderWith(store, cards);
    expect(renders).toBe(0);
    expect(second).toBe(plain);
  });

  it("render anew a part whose inputs or address changed", () => {
    const store = createPartStore();
    renderWith(store, [{ title: "Turbo", likes: 1 }]);
    renders = 0;
    const liked = renderWith(store, [{ title: "Turbo", likes: 2 }]);
    expect(renders).toBe(1);
    expect(liked).toContain("<span>2</span>");
    renders = 0;
    renderWith(store, [{ title: "Turbo", likes: 2 }], "/?feed=following");
    expect(renders).toBe(1);
    renders = 0;
    renderWith(store, [{ title: "Turbo", likes: 1 }]);
    expect(renders).toBe(0);
  });

  it("share a part across addresses when it says it reads none of the address", () => {
    const store = createPartStore();
    const nav = (url: string, address?: string) => {
      const parts = store.forDocument();
      const html = renderToString(
        <MemoryRouter initialEntries={[url]}>
          <KeptPartsContext.Provider value={parts}>
            <Kept as="nav" name="nav" inputs={[]} address={address}>
              <Card title="Menu" likes={0} />
            </Kept>
          </KeptPartsContext.Provider>
        </MemoryRouter>,
      );
      parts.keep(Buffer.from(html));
    };
    nav("/events", "");
    renders = 0;
    nav("/post/1", "");
    expect(renders).toBe(0);
    nav("/post/1");
    expect(renders).toBe(1);
  });

  it("drop the least recently used parts past their budget", () => {
    const store = createPartStore({ maxBytes: 300, maxPartBytes: 300 });
    renderWith(store, [{ title: "One", likes: 1 }]);
    renderWith(store, [{ title: "Two", likes: 1 }]);
    expect(store.size()).toBe(1);
    renders = 0;
    renderWith(store, [{ title: "One", likes: 1 }]);
    expect(renders).toBe(1);
  });
});

describe("innerMarkup", () => {
  it("reads the inside of the marked element, without the marks of the parts within it", () => {
    const document = Buffer.from('<div><p data-kept="a1">x<!-- -->y<br/><b data-kept="b2">in</b><i>z</i></p><p>after</p></div>');
    expect(innerMarkup(document, "a1")).toBe("x<!-- -->y<br/><b>in</b><i>z</i>");
    expect(innerMarkup(document, "b2")).toBe("in");
    expect(innerMarkup(document, "c3")).toBeNull();
  });

  it("keeps nothing that reads otherwise in another answer or place: a nonce, a script, a pending boundary, a useId id", () => {
    function WithId() {
      const id = useId();
      return <label htmlFor={id}>Name</label>;
    }
    const idMarkup = renderToString(createElement("section", { "data-kept": "m1" }, <WithId />));
    expect(innerMarkup(Buffer.from(idMarkup), "m1")).toBeNull();
    for (const inside of ['<script nonce="abc">1</script>', '<link nonce="abc"/>', "<style>p{}</style>", '<!--$?--><template id="B:0"></template><!--/$-->']) {
      expect(innerMarkup(Buffer.from(`<section data-kept="m2">${inside}</section>`), "m2")).toBeNull();
    }
  });
});
