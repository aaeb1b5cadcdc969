// Add or edit a mod with every field of the Mod model. Names (manufacturer, vendor, installer,
// build) are inputs with a <datalist> of existing ones: pick one or type a new one, with or
// without JavaScript; the shared names also suggest matches as you type (MakerSuggestions). Gains: with JavaScript add and remove rows; without, 3 spare rows.
import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Plus, X } from "~/components/icons";
import { FieldErrors, FormActions, FormErrors, FormField, ShowCostSwitch, zodValidate } from "~/components/cars/FormField";
import { useHydrated } from "~/lib/client/hydrated";
import { GAIN_SUGGESTIONS, MAX_GAINS, MOD_TEXT_MAX, MOD_TYPES, modSchema } from "~/lib/schemas/mod-schemas";
import { modTypeLabel } from "~/lib/rules/cars";
import { NameList, useMakerSuggestions } from "./MakerSuggestions";
import "./mods.css";

export type GainFormValues = { type: string; amount: string; unit: string };

export type ModFormValues = {
  mod_category: string;
  model_name: string;
  description: string;
  manufacturer: string;
  vendor: string;
  installer: string;
  mod_type: string;
  cost: string;
  show_cost: string;
  performance_gains: GainFormValues[];
  build_name: string;
  post_id: string;
};

export type ModFormOptions = {
  manufacturers: string[];
  vendors: string[];
  installers: string[];
  categories: string[];
  builds: { id: number; name: string }[];
  posts: { id: number; label: string }[];
};

/** Blank rows offered when JavaScript is off. */
const SPARE_ROWS = 3;

const TYPE_HINTS: Record<string, string> = {
  part: "A part you bought",
  labor: "Work done on the car",
  build: "A package of work",
};

function Datalist({ id, options }: { id: string; options: readonly string[] }) {
  return (
    <datalist id={id}>
      {options.map((option) => (
        <option key={option} value={option} />
      ))}
    </datalist>
  );
}

export function ModForm({
  lastResult,
  defaultValue,
  options,
  submitLabel,
  cancelTo,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<ModFormValues>;
  options: ModFormOptions;
  submitLabel: string;
  cancelTo: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("__intent__") == null;
  const [form, fields] = useForm<ModFormValues>({
    lastResult,
    // A new mod starts with one blank gain row (blank rows are ignored on save).
    defaultValue: { mod_type: "part", performance_gains: [{ type: "", amount: "", unit: "" }], ...defaultValue },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: zodValidate<ModFormValues>(modSchema),
  });
  const id = form.id;
  const manufacturers = useMakerSuggestions("manufacturer", options.manufacturers);
  const vendors = useMakerSuggestions("vendor", options.vendors);
  const installers = useMakerSuggestions("installer", options.installers);
  const text = (name: "mod_category" | "model_name" | "manufacturer" | "vendor" | "installer" | "build_name", max: number) => ({
    ...getInputProps(fields[name], { type: "text" }),
    className: "input",
    maxLength: max,
    autoComplete: "off",
  });

  const gainRows = fields.performance_gains.getFieldList();
  const blankRows = gainRows.filter((row) => {
    const gain = row.getFieldset();
    return !gain.type.value && !gain.amount.value && !gain.unit.value;
  }).length;
  const spare = hydrated ? 0 : Math.max(0, Math.min(SPARE_ROWS - blankRows, MAX_GAINS - gainRows.length));

  return (
    <Form method="post" {...getFormProps(form)} className="mod-form card">
      <FormErrors form={form} />

      <fieldset className="cm-section">
        <legend className="cm-section__title">The mod</legend>
        <div className="cm-grid">
          <FormField field={fields.mod_category} label="Category" required>
            <input {...text("mod_category", MOD_TEXT_MAX.mod_category)} list={`${id}-categories`} placeholder="Pick or type, e.g. Exhaust" required />
            <Datalist id={`${id}-categories`} options={options.categories} />
          </FormField>
          <div className="field cm-field">
            <span className="label" id={`${id}-type-label`}>
              Type
            </span>
            <div className="cm-segmented" role="radiogroup" aria-labelledby={`${id}-type-label`}>
              {getCollectionProps(fields.mod_type, { type: "radio", options: [...MOD_TYPES] }).map(({ key, ...props }) => (
                <label key={key} className="cm-segmented__option" title={TYPE_HINTS[props.value]}>
                  <input {...props} />
                  <span>{modTypeLabel(props.value)}</span>
                </label>
              ))}
            </div>
            <FieldErrors id={fields.mod_type.errorId} errors={fields.mod_type.errors} />
          </div>
          <FormField field={fields.model_name} label="Model name" required className="cm-grid__full">
            <input {...text("model_name", MOD_TEXT_MAX.model_name)} placeholder="e.g. Titanium cat-back exhaust" required />
          </FormField>
          <FormField field={fields.description} label="Description" className="cm-grid__full">
            <textarea
              {...getTextareaProps(fields.description)}
              className="input"
              rows={4}
              maxLength={MOD_TEXT_MAX.description}
              placeholder="What it is, why you chose it, how it feels"
            />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="cm-section">
        <legend className="cm-section__title">Who made, sold and fitted it</legend>
        <p className="cm-section__hint">Pick a name from the list or type a new one. Accents and case don’t matter: “ohlins” is Öhlins.</p>
        <div className="cm-grid cm-grid--3">
          <FormField field={fields.manufacturer} label="Manufacturer">
            <input {...text("manufacturer", MOD_TEXT_MAX.manufacturer)} list={`${id}-manufacturers`} placeholder="e.g. HKS" onInput={manufacturers.onInput} />
            <NameList id={`${id}-manufacturers`} options={manufacturers.options} />
          </FormField>
          <FormField field={fields.vendor} label="Vendor">
            <input {...text("vendor", MOD_TEXT_MAX.vendor)} list={`${id}-vendors`} placeholder="Shop or website" onInput={vendors.onInput} />
            <NameList id={`${id}-vendors`} options={vendors.options} />
          </FormField>
          <FormField field={fields.installer} label="Installer">
            <input {...text("installer", MOD_TEXT_MAX.installer)} list={`${id}-installers`} placeholder="Shop, or you" onInput={installers.onInput} />
            <NameList id={`${id}-installers`} options={installers.options} />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="cm-section">
        <legend className="cm-section__title">Cost</legend>
        <div className="cm-grid">
          <FormField field={fields.cost} label="Cost (USD)" hint="Stored to the cent. Leave blank if you'd rather not say.">
            <div className="cm-affix">
              <span className="cm-affix__prefix" aria-hidden>
                $
              </span>
              <input
                {...getInputProps(fields.cost, { type: "text", ariaDescribedBy: fields.cost.descriptionId })}
                className="input"
                inputMode="decimal"
                placeholder="0.00"
                autoComplete="off"
              />
            </div>
          </FormField>
          <ShowCostSwitch field={fields.show_cost} />
        </div>
      </fieldset>

      <fieldset className="cm-section">
        <legend className="cm-section__title">Performance gains</legend>
        <p className="cm-section__hint">A type, an amount and a unit, e.g. horsepower 25 hp. Use a minus for less weight or quicker times.</p>
        <Datalist id={`${id}-gain-types`} options={GAIN_SUGGESTIONS.map((s) => s.type)} />
        <Datalist id={`${id}-gain-units`} options={[...new Set(GAIN_SUGGESTIONS.map((s) => s.unit))]} />
        <div className="gain-rows">
          {gainRows.map((row, index) => {
            const gain = row.getFieldset();
            return (
              <div className="gain-row" key={row.key}>
                <div className="gain-row__inputs">
                  <label className="gain-row__field">
                    <span className="visually-hidden">Gain {index + 1} type</span>
                    <input
                      {...getInputProps(gain.type, { type: "text" })}
                      className="input"
                      list={`${id}-gain-types`}
                      placeholder="Type"
                      maxLength={MOD_TEXT_MAX.gain_type}
                      autoComplete="off"
                    />
                  </label>
                  <label className="gain-row__field gain-row__field--amount">
                    <span className="visually-hidden">Gain {index + 1} amount</span>
                    <input {...getInputProps(gain.amount, { type: "text" })} className="input" inputMode="decimal" placeholder="Amount" autoComplete="off" />
                  </label>
                  <label className="gain-row__field gain-row__field--unit">
                    <span className="visually-hidden">Gain {index + 1} unit</span>
                    <input
                      {...getInputProps(gain.unit, { type: "text" })}
                      className="input"
                      list={`${id}-gain-units`}
                      placeholder="Unit"
                      maxLength={MOD_TEXT_MAX.gain_unit}
                      autoComplete="off"
                    />
                  </label>
                  <button {...form.remove.getButtonProps({ name: fields.performance_gains.name, index })} className="icon-button gain-row__remove">
                    <X aria-hidden />
                    <span className="visually-hidden">{`Remove gain ${index + 1}`}</span>
                  </button>
                </div>
                <FieldErrors id={row.errorId} errors={[...(gain.type.errors ?? []), ...(gain.amount.errors ?? []), ...(gain.unit.errors ?? [])]} />
              </div>
            );
          })}
          {Array.from({ length: spare }, (_, n) => {
            const index = gainRows.length + n;
            const name = `${fields.performance_gains.name}[${index}]`;
            return (
              <div className="gain-row" key={`spare-${index}`}>
                <div className="gain-row__inputs gain-row__inputs--spare">
                  <label className="gain-row__field">
                    <span className="visually-hidden">Gain {index + 1} type</span>
                    <input name={`${name}.type`} className="input" list={`${id}-gain-types`} placeholder="Type" maxLength={MOD_TEXT_MAX.gain_type} autoComplete="off" />
                  </label>
                  <label className="gain-row__field gain-row__field--amount">
                    <span className="visually-hidden">Gain {index + 1} amount</span>
                    <input name={`${name}.amount`} className="input" inputMode="decimal" placeholder="Amount" autoComplete="off" />
                  </label>
                  <label className="gain-row__field gain-row__field--unit">
                    <span className="visually-hidden">Gain {index + 1} unit</span>
                    <input name={`${name}.unit`} className="input" list={`${id}-gain-units`} placeholder="Unit" maxLength={MOD_TEXT_MAX.gain_unit} autoComplete="off" />
                  </label>
                </div>
              </div>
            );
          })}
        </div>
        {hydrated && gainRows.length < MAX_GAINS ? (
          <button
            {...form.insert.getButtonProps({ name: fields.performance_gains.name, defaultValue: { type: "", amount: "", unit: "" } })}
            className="btn btn--secondary btn--sm gain-rows__add"
          >
            <Plus aria-hidden size={16} /> Add a gain
          </button>
        ) : null}
        <FieldErrors id={fields.performance_gains.errorId} errors={fields.performance_gains.errors} />
      </fieldset>

      <fieldset className="cm-section">
        <legend className="cm-section__title">Build and post</legend>
        <div className="cm-grid">
          <FormField field={fields.build_name} label="Build" hint="Group mods into a build such as 'Stage 2'. Pick one or name a new one.">
            <input {...text("build_name", MOD_TEXT_MAX.build_name)} list={`${id}-builds`} placeholder="No build" aria-describedby={fields.build_name.descriptionId} />
            <Datalist id={`${id}-builds`} options={options.builds.map((b) => b.name)} />
          </FormField>
          <FormField field={fields.post_id} label="Post" hint="Link the post that shows this mod off.">
            <select {...getSelectProps(fields.post_id)} className="input cm-select" aria-describedby={fields.post_id.descriptionId}>
              <option value="">No post</option>
              {options.posts.map((post) => (
                <option key={post.id} value={String(post.id)}>
                  {post.label}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </fieldset>

      <FormActions cancelTo={cancelTo} busy={busy} submitLabel={submitLabel} />
    </Form>
  );
}
