import { useEffect, useRef, useState } from "preact/hooks";

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

/**
 * Any number of choices (a thread or feedback matches any of them) as removable chips, with a
 * searchable list: type to narrow it, arrows to move, Enter to add, Backspace on an empty box to
 * remove the last chip. Every option is reachable; nothing is cut off.
 */
export function ChipsField({ label, values, options, onChange }: { label: string; values: string[]; options: Option[]; onChange(values: string[]): void }) {
  const id = useFieldId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  const matches = options.filter((option) => !values.includes(option.value) && option.label.toLowerCase().includes(text.trim().toLowerCase()));
  const choose = (option: Option | undefined) => {
    if (!option) return;
    onChange([...values, option.value]);
    setText("");
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (matches.length ? (index + step + matches.length) % matches.length : 0));
    } else if (event.key === "Enter") {
      if (open && matches.length) {
        event.preventDefault();
        choose(matches[Math.min(active, matches.length - 1)]);
      }
    } else if (event.key === "Escape") setOpen(false);
    else if (event.key === "Backspace" && text === "" && values.length) onChange(values.slice(0, -1));
  };
  const expanded = open && matches.length > 0;
  return (
    <div class="field chips-field">
      <label for={id}>{label}</label>
      <div class="chips">
        {values.map((value) => (
          <span class="chip" key={value}>
            {labelOf(value)}
            <button type="button" class="chip-remove" aria-label={`Remove ${labelOf(value)}`} onClick={() => onChange(values.filter((other) => other !== value))}>
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={`${id}-options`}
          aria-autocomplete="list"
          aria-activedescendant={expanded ? `${id}-option-${Math.min(active, matches.length - 1)}` : undefined}
          autoComplete="off"
          placeholder={values.length ? "" : "Any"}
          value={text}
          onInput={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul id={`${id}-options`} role="listbox" aria-label={label} class="options" hidden={!expanded}>
        {matches.map((option, index) => (
          <li
            key={option.value}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === Math.min(active, matches.length - 1)}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

const DEBOUNCE_MS = 400;

/** Text applied as it is typed (after a pause), or at once on Enter. */
export function TextField({ label, value, onChange, hint }: { label: string; value: string; onChange(value: string): void; hint?: string }) {
  const id = useFieldId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (document.activeElement?.id !== id) setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const apply = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() !== value) onChange(next.trim());
  };
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={255}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onInput={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => apply(next), DEBOUNCE_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            apply(text);
          }
        }}
      />
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

const DAY_MS = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const PRESETS = [
  { label: "Last 7 days", days: 7 },
  { label: "Last 30 days", days: 30 },
  { label: "Last 90 days", days: 90 },
];

/** A range of UTC days, written as YYYY-MM-DD (not the browser's local format), with presets. */
export function DateRangeField({ from, to, onChange }: { from: string; to: string; onChange(range: { from: string; to: string }): void }) {
  const id = useFieldId();
  const day = (name: "from" | "to", label: string, value: string) => (
    <div class="field">
      <label for={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="text"
        inputMode="numeric"
        placeholder="YYYY-MM-DD"
        pattern="\d{4}-\d{2}-\d{2}"
        size={11}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const next = event.currentTarget.value.trim();
          if (next === "" || (/^\d{4}-\d{2}-\d{2}$/.test(next) && !Number.isNaN(Date.parse(next)))) onChange({ from, to, [name]: next });
        }}
      />
    </div>
  );
  return (
    <fieldset class="date-range">
      <legend>Dates (UTC)</legend>
      {day("from", "From (UTC day)", from)}
      {day("to", "To (UTC day)", to)}
      <div class="presets">
        {PRESETS.map((preset) => (
          <button key={preset.days} type="button" class="secondary" onClick={() => onChange({ from: utcDay(preset.days - 1), to: utcDay(0) })}>
            {preset.label}
          </button>
        ))}
      </div>
      <small id={`${id}-hint`} class="hint">
        Whole days in UTC, both included
      </small>
    </fieldset>
  );
}
