// Makers: the shared lists of manufacturers, vendors and installers. Names that differ only
// in accents, case or spacing are one row already; other duplicates ("Oehlins" and "Öhlins")
// are merged here: pick the name to keep and the one to merge into it, and the duplicate's
// mods move over. A plain form post that comes back to this page with a toast, with or
// without JavaScript.
import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Wrench } from "~/components/icons";
import { EmptyState } from "~/components/shell/EmptyState";
import { MAKER_KINDS, type MakerKind } from "~/lib/rules/names";
import { adminHref, plural } from "./admin-text";
import { apiPaths } from "~/lib/paths";
import { ColumnHeads } from "~/components/shell/ColumnHeads";
import { SearchForm } from "~/components/shell/SearchForm";

export type AdminMakerRow = { id: number; name: string; mods: number };

const KIND_LABELS: Record<MakerKind, string> = { manufacturer: "Manufacturers", vendor: "Vendors", installer: "Installers" };
const ACTION = apiPaths.adminMakers;

function optionLabel(maker: AdminMakerRow) {
  return `${maker.name} (#${maker.id}, ${plural(maker.mods, "mod")})`;
}

/** A labelled choice of one of the names, starting on a prompt that cannot be sent. */
function MakerSelect({ label, name, prompt, makers }: { label: string; name: string; prompt: string; makers: AdminMakerRow[] }) {
  return (
    <label className="field">
      <span className="label">{label}</span>
      <select name={name} className="input" required defaultValue="">
        <option value="" disabled>
          {prompt}
        </option>
        {makers.map((maker) => (
          <option key={maker.id} value={String(maker.id)}>
            {optionLabel(maker)}
          </option>
        ))}
      </select>
    </label>
  );
}

function MergeForm({ kind, makers, here }: { kind: MakerKind; makers: AdminMakerRow[]; here: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === ACTION;
  return (
    <Form method="post" action={ACTION} className="card admin-merge" aria-labelledby="admin-merge-title">
      <h2 id="admin-merge-title" className="admin-section-title">
        Merge a duplicate
      </h2>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="redirectTo" value={here} />
      <div className="admin-merge__fields">
        <MakerSelect label="Keep" name="keep_id" prompt="Choose the name to keep" makers={makers} />
        <MakerSelect label="Merge into it (this one goes)" name="merge_id" prompt="Choose the duplicate" makers={makers} />
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Merging..." : "Merge"}
      </button>
    </Form>
  );
}

export function AdminMakers({ kind, q, makers }: { kind: MakerKind; q: string; makers: AdminMakerRow[] }) {
  const here = adminHref("makers", { kind, q });
  return (
    <div className="admin-makers">
      <nav className="admin-kinds" aria-label="Name lists">
        {MAKER_KINDS.map((each) => (
          <Link key={each} to={adminHref("makers", { kind: each })} className="chip" aria-current={each === kind ? "page" : undefined}>
            {KIND_LABELS[each]}
          </Link>
        ))}
      </nav>
      <SearchForm
        action="/admin"
        block="admin-search"
        id="admin-maker-q"
        label={`Search ${KIND_LABELS[kind].toLowerCase()}`}
        q={q}
        iconSize={18}
        hidden={{ tab: "makers", kind }}
        field={{ placeholder: "Part of a name", maxLength: 100 }}
      >
        <button type="submit" className="btn btn--secondary">
          Search
        </button>
      </SearchForm>
      {makers.length === 0 ? (
        <EmptyState icon={<Wrench />} title={q ? "No names found" : "No names yet"} headingLevel={2}>
          {q ? <>Nothing matches “{q}”.</> : "Names appear here as members add mods."}
        </EmptyState>
      ) : (
        <>
          {makers.length >= 2 ? <MergeForm kind={kind} makers={makers} here={here} /> : null}
          <table className="admin-makers__table">
            <caption className="visually-hidden">{KIND_LABELS[kind]}</caption>
            <ColumnHeads names={["Name", "Id", "Mods"]} />
            <tbody>
              {makers.map((maker) => (
                <tr key={maker.id} data-testid="admin-maker">
                  <td>{maker.name}</td>
                  <td>#{maker.id}</td>
                  <td>{maker.mods}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
