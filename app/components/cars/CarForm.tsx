// Add or edit a car. A real form: the server validates (zod) and answers with a message per
// field, keeping what was typed; with JavaScript the same schema checks as you go.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { CAR_TEXT_MAX, MIN_CAR_YEAR, carSchema, maxCarYear } from "~/lib/schemas/car-schemas";
import { VIN_LENGTH, VIN_PUBLIC_CHARS } from "~/lib/rules/vin";
import { FormActions, FormErrors, FormField, zodValidate } from "./FormField";

export type CarFormValues = {
  make: string;
  model: string;
  year: string;
  trim: string;
  bodystyle: string;
  nickname: string;
  insurance_expires_at: string;
  vin: string;
  vin_public: string;
};

export const VIN_FIELD_TEXT = {
  label: "VIN",
  hint: "Optional. Only you see it here; others never see the whole VIN.",
  showEnd: `Show the last ${VIN_PUBLIC_CHARS} characters on the showcase`,
} as const;

export const BODY_STYLES = [
  "Coupe",
  "Sedan",
  "Hatchback",
  "Wagon",
  "Convertible",
  "Roadster",
  "Targa",
  "Fastback",
  "SUV",
  "Crossover",
  "Pickup",
  "Van",
  "Kei car",
] as const;

export function CarForm({
  lastResult,
  defaultValue,
  submitLabel,
  cancelTo,
  children,
  redirectTo,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<CarFormValues>;
  submitLabel: string;
  cancelTo: string;
  /** More fields (the car's photo); with them the form posts multipart. */
  children?: ReactNode;
  /** Where to go after saving (checked by the server). */
  redirectTo?: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm<CarFormValues>({
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: zodValidate<CarFormValues>(carSchema),
  });
  const text = (name: keyof typeof CAR_TEXT_MAX) => ({
    ...getInputProps(fields[name], { type: "text" }),
    className: "input",
    maxLength: CAR_TEXT_MAX[name],
    autoComplete: "off",
  });

  return (
    <Form method="post" {...getFormProps(form)} encType={children ? "multipart/form-data" : undefined} className="car-form card">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormErrors form={form} />
      <div className="cm-grid">
        <FormField field={fields.make} label="Make" required>
          <input {...text("make")} placeholder="e.g. Nissan" required />
        </FormField>
        <FormField field={fields.model} label="Model" required>
          <input {...text("model")} placeholder="e.g. Skyline" required />
        </FormField>
        <FormField field={fields.year} label="Year" required>
          <input
            {...getInputProps(fields.year, { type: "number" })}
            className="input"
            inputMode="numeric"
            min={MIN_CAR_YEAR}
            max={maxCarYear()}
            step={1}
            placeholder={String(maxCarYear() - 1)}
            required
          />
        </FormField>
        <FormField field={fields.trim} label="Trim">
          <input {...text("trim")} placeholder="e.g. GT-R V-Spec" />
        </FormField>
        <FormField field={fields.bodystyle} label="Body style">
          <input {...text("bodystyle")} list={`${form.id}-bodystyles`} placeholder="Pick or type" />
          <datalist id={`${form.id}-bodystyles`}>
            {BODY_STYLES.map((style) => (
              <option key={style} value={style} />
            ))}
          </datalist>
        </FormField>
        <FormField field={fields.nickname} label="Nickname" hint="Leave it blank if your car goes unnamed.">
          <input {...text("nickname")} placeholder="e.g. Godzilla" />
        </FormField>
        <FormField field={fields.insurance_expires_at} label="Insurance expiry" hint="We remind you 30 days before it runs out." className="cm-grid__full">
          <input
            {...getInputProps(fields.insurance_expires_at, { type: "date", ariaDescribedBy: fields.insurance_expires_at.descriptionId })}
            className="input input--date"
          />
        </FormField>
        <FormField field={fields.vin} label={VIN_FIELD_TEXT.label} hint={VIN_FIELD_TEXT.hint} className="cm-grid__full">
          <input
            {...getInputProps(fields.vin, { type: "text", ariaDescribedBy: fields.vin.descriptionId })}
            className="input car-form__vin"
            maxLength={VIN_LENGTH + 8}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="17 letters and digits"
          />
          <label className="car-form__check" htmlFor={fields.vin_public.id}>
            <input {...getInputProps(fields.vin_public, { type: "checkbox" })} />
            <span>{VIN_FIELD_TEXT.showEnd}</span>
          </label>
        </FormField>
        {children}
      </div>
      <FormActions cancelTo={cancelTo} busy={busy} submitLabel={submitLabel} />
    </Form>
  );
}
