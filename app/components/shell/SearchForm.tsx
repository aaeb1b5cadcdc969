// A search form that works without JavaScript: a GET to `action` with the query as `q`, the
// hidden fields given, a label only screen readers read, a magnifier, and the page's own
// submit button as children. `block` names its classes (block, block__icon, block__input).
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Search } from "~/components/icons";

export function SearchForm({
  action,
  block,
  id,
  label,
  q,
  iconSize,
  hidden = {},
  field,
  children,
}: {
  action: string;
  block: string;
  id: string;
  label: string;
  q: string;
  iconSize: number;
  hidden?: Record<string, string>;
  field: { placeholder: string; maxLength: number; autoComplete?: string; enterKeyHint?: "search" };
  children: ReactNode;
}) {
  return (
    <Form method="get" action={action} role="search" className={block}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search className={`${block}__icon`} aria-hidden size={iconSize} />
      <input id={id} type="search" name="q" className={`input ${block}__input`} defaultValue={q} key={q} {...field} />
      {children}
    </Form>
  );
}
