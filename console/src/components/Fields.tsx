import { useState } from "preact/hooks";

export interface Option {
  value: string;
  label: string;
}

let fieldCount = 0;
const useFieldId = () => useState(() => `field-${++fieldCount}`)[0];

/** One choice, or none ("Any") unless allowAny is false. */
export function SelectField({ label, value, options, onChange, allowAny = true }: { label: string; value: string; options: Option[]; onChange(value: string): void; allowAny?: boolean }) {
  const id = useFieldId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} name={label} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {allowAny ? <option value="">Any</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Any number of choices (a thread or feedback matches any of them). */
export function MultiSelectField({ label, values, options, onChange }: { label: string; values: string[]; options: Option[]; onChange(values: string[]): void }) {
  const id = useFieldId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        multiple
        size={Math.min(4, Math.max(2, options.length))}
        onChange={(event) => onChange(Array.from(event.currentTarget.selectedOptions, (option) => option.value))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} selected={values.includes(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Text applied when its form is submitted (Enter or the Apply button), not on every key. */
export function TextField({ label, name, value, hint }: { label: string; name: string; value: string; hint?: string }) {
  const id = useFieldId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} name={name} type="search" defaultValue={value} key={value} maxLength={255} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

/** A UTC day. */
export function DateField({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  const id = useFieldId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} type="date" value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </div>
  );
}
