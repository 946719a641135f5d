import { type Ref, useId } from 'react';

export interface ChipOption {
  code: string;
  name: string;
}

interface ChipsPickerProps {
  /** What the chosen ones are: "Countries". */
  label: string;
  /** The list's first line, which adds one: "Add a country". */
  addLabel: string;
  chosen: readonly string[];
  /** What may be added, in groups when there are several (a state list per country). */
  groups: readonly { label?: string; options: readonly ChipOption[] }[];
  nameOf: (code: string) => string;
  onChange: (codes: string[]) => void;
  /** Said where none is chosen yet. */
  noneChosen: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** For the form to focus the list when its value is refused. */
  selectRef?: Ref<HTMLSelectElement>;
}

/**
 * Codes chosen from a long list (a zone's countries, its regions): each chosen one a chip with its
 * Remove button, by name, and a list that adds one more. The list leaves out those chosen already.
 */
export function ChipsPicker({ label, addLabel, chosen, groups, nameOf, onChange, noneChosen, error, hint, selectRef }: ChipsPickerProps) {
  const id = useId();
  const messageId = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const left = groups.map((group) => ({ ...group, options: group.options.filter((option) => !chosen.includes(option.code)) })).filter((group) => group.options.length > 0);
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-stone-800">
        {label}
      </p>
      {chosen.length === 0 ? (
        <p className="text-sm italic text-stone-500">{noneChosen}</p>
      ) : (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {[...chosen]
            .sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'en'))
            .map((code) => (
              <li key={code} className="flex items-center gap-0.5 rounded-full border border-base-300 bg-base-200/60 py-0.5 pl-3 pr-0.5 text-sm text-stone-800">
                <span>{nameOf(code)}</span>
                <button
                  type="button"
                  className="btn btn-ghost btn-circle btn-xs text-stone-500 hover:text-error"
                  aria-label={`Remove ${nameOf(code)}`}
                  onClick={() => onChange(chosen.filter((other) => other !== code))}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </li>
            ))}
        </ul>
      )}
      {left.length > 0 && (
        <select
          ref={selectRef}
          aria-label={addLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          className={`select select-sm w-full text-stone-900 sm:w-72 ${error ? 'select-error' : ''}`}
          value=""
          onChange={(event) => {
            if (event.target.value) onChange([...chosen, event.target.value]);
          }}
        >
          <option value="">{addLabel}…</option>
          {left.map((group, index) =>
            group.label ? (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </optgroup>
            ) : (
              group.options.map((option) => (
                <option key={`${index}-${option.code}`} value={option.code}>
                  {option.name}
                </option>
              ))
            ),
          )}
        </select>
      )}
      {error ? (
        <p id={messageId} className="text-sm font-medium text-error">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
