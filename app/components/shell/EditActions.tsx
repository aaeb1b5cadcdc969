// The buttons under an edit page's form: save (it says "Saving…" while the form is sent) and
// a Cancel link back to what is being edited.
import { Link } from "./Link";

export function EditActions({ className, saving, label, cancelTo }: { className: string; saving: boolean; label: string; cancelTo: string }) {
  return (
    <div className={className}>
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {saving ? "Saving…" : label}
      </button>
      <Link to={cancelTo} className="btn btn--ghost">
        Cancel
      </Link>
    </div>
  );
}
