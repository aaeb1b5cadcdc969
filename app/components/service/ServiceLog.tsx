// A car's service log: the owner's form to add an entry, and the list of entries (oil, tyres,
// brakes, inspection) with their date, odometer reading, cost where shown, notes and who
// logged them. The list reads the same to the owner and on the showcase, where costs not
// shown stay hidden.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors, FormField, ShowCostSwitch, zodValidate } from "~/components/cars/FormField";
import { MILEAGE_UNITS, SERVICE_KINDS, SERVICE_KIND_LABELS, SERVICE_NOTES_MAX, serviceEntrySchema } from "~/lib/schemas/service-schemas";
import { formatCost, shortDate, wholeNumber } from "~/lib/rules/formats";
import "./service.css";

export type ServiceEntryView = {
  id: number;
  kind_label: string;
  performed_on: string;
  mileage: number;
  mileage_unit: string;
  cost_cents: number | null;
  notes: string | null;
  logged_by: string | null;
};

type ServiceFormValues = {
  kind: string;
  performed_on: string;
  mileage: string;
  mileage_unit: string;
  cost: string;
  show_cost: string;
  notes: string;
};

export function ServiceEntryForm({ lastResult, today }: { lastResult?: SubmissionResult<string[]> | null; today: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const [form, fields] = useForm<ServiceFormValues>({
    lastResult,
    defaultValue: { kind: "oil", performed_on: today, mileage_unit: "mi" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: zodValidate<ServiceFormValues>(serviceEntrySchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="service-form card">
      <input type="hidden" name="intent" value="add" />
      <FormErrors form={form} />
      <div className="cm-grid">
        <FormField field={fields.kind} label="What was done" required>
          <select {...getSelectProps(fields.kind)} className="input">
            {SERVICE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {SERVICE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField field={fields.performed_on} label="Date" required>
          <input {...getInputProps(fields.performed_on, { type: "date" })} className="input" max={today} />
        </FormField>
        <FormField field={fields.mileage} label="Odometer" required>
          <div className="service-form__odometer">
            <input {...getInputProps(fields.mileage, { type: "text" })} className="input" inputMode="numeric" autoComplete="off" placeholder="42000" />
            <select {...getSelectProps(fields.mileage_unit)} className="input" aria-label="Unit">
              {MILEAGE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit === "mi" ? "miles" : "km"}
                </option>
              ))}
            </select>
          </div>
        </FormField>
        <FormField field={fields.cost} label="Cost (USD)" hint="Leave blank if you'd rather not say.">
          <input {...getInputProps(fields.cost, { type: "text" })} className="input" inputMode="decimal" placeholder="0.00" autoComplete="off" />
        </FormField>
      </div>
      <ShowCostSwitch field={fields.show_cost} />
      <FormField field={fields.notes} label="Notes">
        <textarea {...getTextareaProps(fields.notes)} className="input" rows={3} maxLength={SERVICE_NOTES_MAX} />
      </FormField>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? "Saving…" : "Add to the service log"}
      </button>
    </Form>
  );
}

/** The entries, newest first; `actionsFor` adds the owner's buttons to each. */
export function ServiceEntries({ entries, actionsFor }: { entries: ServiceEntryView[]; actionsFor?: (entry: ServiceEntryView) => ReactNode }) {
  return (
    <ol className="service-entries">
      {entries.map((entry) => (
        <li key={entry.id} className="service-entry card" data-testid="service-entry">
          <div className="service-entry__head">
            <strong className="service-entry__kind">{entry.kind_label}</strong>
            <time dateTime={entry.performed_on}>{shortDate(`${entry.performed_on}T00:00:00.000Z`)}</time>
          </div>
          <p className="service-entry__facts">
            <span>
              {wholeNumber(entry.mileage)} {entry.mileage_unit}
            </span>
            {entry.cost_cents !== null ? <span>{formatCost(entry.cost_cents)}</span> : null}
            {entry.logged_by ? <span>logged by @{entry.logged_by}</span> : null}
          </p>
          {entry.notes ? <p className="service-entry__notes">{entry.notes}</p> : null}
          {actionsFor ? <div className="service-entry__actions">{actionsFor(entry)}</div> : null}
        </li>
      ))}
    </ol>
  );
}
