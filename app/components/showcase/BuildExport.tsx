// "Copy as BBCode" and "Copy as Markdown": the car's build-thread snippets for forums
// (made by ~/lib/rules/build-export). Each snippet is always on the page as text to select, in a
// read-only box inside a <details>; with JavaScript a button copies it and says "Copied".
// Where the clipboard is refused, the button selects the box's text instead and says so.
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import "./showcase.css";

export type BuildSnippets = { bbcode: string; markdown: string };

const FORMATS = [
  { key: "bbcode", label: "BBCode", hint: "For XenForo, vBulletin, phpBB and most forums." },
  { key: "markdown", label: "Markdown", hint: "For Discourse, Reddit and GitHub." },
] as const;

type CopyState = "idle" | "copied" | "selected";

function CopyButton({ label, text, box }: { label: string; text: string; box: React.RefObject<HTMLTextAreaElement> }) {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  async function copy() {
    let next: CopyState = "selected";
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(text);
        next = "copied";
      }
    } catch {
      // The clipboard was refused: the text is selected for the reader to copy.
    }
    if (next === "selected" && box.current) {
      const details = box.current.closest("details");
      if (details) details.open = true;
      box.current.focus();
      box.current.select();
    }
    setState(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2500);
  }
  return (
    <button type="button" className="btn btn--secondary build-export__copy" onClick={copy} aria-live="polite">
      {state === "copied" ? "Copied" : state === "selected" ? "Selected: press Ctrl+C" : `Copy as ${label}`}
    </button>
  );
}

export function BuildExport({
  snippets,
  csvUrl,
  reportUrl,
}: {
  snippets: BuildSnippets;
  /** The build sheet as a CSV file, for spreadsheets. */
  csvUrl?: string;
  /** The car's printable sale report. */
  reportUrl?: string;
}) {
  const hydrated = useHydrated();
  const boxes = { bbcode: useRef<HTMLTextAreaElement>(null), markdown: useRef<HTMLTextAreaElement>(null) };
  return (
    <section className="build-export card" aria-labelledby="build-export-title" data-testid="build-export">
      <h2 id="build-export-title" className="showcase-section__title">
        Post this build on a forum
      </h2>
      <p className="build-export__intro">The build card, the mods with the costs that are shown, and a link back here.</p>
      {csvUrl ? (
        <p className="build-export__intro">
          <a href={csvUrl} download data-testid="build-csv">
            Download the build sheet as CSV
          </a>{" "}
          (for spreadsheets: each mod with its date, the cost where it is shown, and its gains).
        </p>
      ) : null}
      {reportUrl ? (
        <p className="build-export__intro">
          <a href={reportUrl} data-testid="sale-report-link">
            Sale report
          </a>{" "}
          (a printable page and PDF for a buyer: the mods, spending, service log and owners, with a QR code back here).
        </p>
      ) : null}
      {hydrated ? (
        <div className="build-export__buttons">
          {FORMATS.map((format) => (
            <CopyButton key={format.key} label={format.label} text={snippets[format.key]} box={boxes[format.key]} />
          ))}
        </div>
      ) : null}
      {FORMATS.map((format) => (
        <details key={format.key} className="build-export__format" data-format={format.key}>
          <summary>{hydrated ? `Show the ${format.label}` : `Copy as ${format.label}`}</summary>
          <label className="build-export__label" htmlFor={`build-export-${format.key}`}>
            {format.label}: {format.hint} Select all and copy.
          </label>
          <textarea
            id={`build-export-${format.key}`}
            ref={boxes[format.key]}
            className="build-export__text"
            readOnly
            rows={8}
            value={snippets[format.key]}
            spellCheck={false}
          />
        </details>
      ))}
    </section>
  );
}
