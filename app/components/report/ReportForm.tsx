// The report form as a plain form post: the reasons, optional details, and back to
// `redirectTo`. The report page shows it; the modal has its own, sent by a fetcher.
import { FLAG_DETAILS_MAX, FLAG_REASONS, type FlagContentType } from "~/lib/rules/flag-reasons";
import { apiPaths } from "~/lib/paths";

export function ReportForm({ contentType, contentId, redirectTo }: { contentType: FlagContentType; contentId: number; redirectTo: string }) {
  return (
    <form method="post" action={apiPaths.report} className="report-form">
      <input type="hidden" name="contentType" value={contentType} />
      <input type="hidden" name="contentId" value={String(contentId)} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <fieldset className="report-modal__reasons">
        <legend className="report-modal__legend">Why are you reporting this?</legend>
        {FLAG_REASONS.map((option) => (
          <label key={option.value} className="report-modal__reason">
            <input type="radio" name="reason" value={option.value} required />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <label className="label">
        Details <span className="report-modal__optional">(optional)</span>
        <textarea name="details" className="input report-modal__details" rows={3} maxLength={FLAG_DETAILS_MAX} />
      </label>
      <button type="submit" className="btn btn--danger">
        Submit Report
      </button>
    </form>
  );
}
