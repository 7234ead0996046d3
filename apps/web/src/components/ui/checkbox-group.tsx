import type { ReactNode } from 'react';

/**
 * A set of checkboxes under one legend that chooses a subset of `options` (an API key's scopes,
 * an endpoint's event types), with the field's error beneath.
 */
export function CheckboxGroup<Option extends string>({
  legend,
  options,
  chosen,
  onChange,
  describe,
  error,
  className,
  gridClassName,
}: {
  legend: string;
  options: readonly Option[];
  chosen: Option[];
  onChange: (chosen: Option[]) => void;
  describe: (option: Option) => ReactNode;
  error: string | undefined;
  className: string;
  gridClassName: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="label">{legend}</legend>
      <div className={gridClassName}>
        {options.map((option) => (
          <label key={option} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1 size-4"
              checked={chosen.includes(option)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option))}
            />
            <span>{describe(option)}</span>
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-danger-600">{error}</p>}
    </fieldset>
  );
}
