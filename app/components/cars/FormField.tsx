// A labelled form field with its hint and its error messages (conform field metadata).
import type { ReactNode } from "react";
import { Link } from "~/components/shell/Link";
import { getInputProps, type FieldMetadata, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

type FieldMeta = { id: string; errorId: string; descriptionId: string; errors?: string[] };

export function FormField({
  field,
  label,
  hint,
  required,
  children,
  className,
}: {
  field: FieldMeta;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`field cm-field${field.errors?.length ? " cm-field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label className="label" htmlFor={field.id}>
        {label}
        {required ? (
          <span className="cm-field__required" aria-hidden>
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p className="cm-field__hint" id={field.descriptionId}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p className="cm-field__error" id={id} role="alert">
      {errors.join(" ")}
    </p>
  );
}

/** The form's own errors (those of no one field), above its fields. */
export function FormErrors({ form }: { form: { errorId: string; errors?: string[] } }) {
  if (!form.errors?.length) return null;
  return (
    <p className="cm-banner cm-banner--error" role="alert" id={form.errorId}>
      {form.errors.join(" ")}
    </p>
  );
}

/** A form's Cancel link and its submit button, which says "Saving..." while the form is sent. */
export function FormActions({ cancelTo, busy, submitLabel }: { cancelTo: string; busy: boolean; submitLabel: string }) {
  return (
    <div className="cm-actions">
      <Link to={cancelTo} className="btn btn--ghost">
        Cancel
      </Link>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? "Saving..." : submitLabel}
      </button>
    </div>
  );
}

/** The switch that shows a cost to others (a mod's, a service entry's); off, only its owner sees it. */
export function ShowCostSwitch<Values extends Record<string, unknown>>({ field }: { field: FieldMetadata<string, Values, string[]> }) {
  return (
    <div className="field cm-field cm-field--checkbox">
      <label className="cm-switch" htmlFor={field.id}>
        <input {...getInputProps(field, { type: "checkbox" })} className="cm-switch__input" />
        <span className="cm-switch__track" aria-hidden />
        <span className="cm-switch__text">
          <strong>Show the cost to others</strong>
          <span>When off, only you see it.</span>
        </span>
      </label>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * conform's onValidate for a zod schema that reads form strings itself (our schemas do:
 * they take "" and "on" as well as JSON values, so auto-coercion stays off).
 */
export function zodValidate<Shape extends Record<string, unknown>>(schema: ZodTypeAny) {
  return ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }) as unknown as Submission<Shape>;
}
