// A labelled form field with its hint and its error messages (conform field metadata).
import type { ReactNode } from "react";
import type { Submission } from "@conform-to/react";
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

/**
 * conform's onValidate for a zod schema that reads form strings itself (our schemas do:
 * they take "" and "on" as well as JSON values, so auto-coercion stays off).
 */
export function zodValidate<Shape extends Record<string, unknown>>(schema: ZodTypeAny) {
  return ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }) as unknown as Submission<Shape>;
}
