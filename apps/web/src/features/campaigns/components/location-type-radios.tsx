import type { UseFormRegisterReturn } from 'react-hook-form';

/** Physical or virtual: the same choice in the wizard and on the edit form. */
export function LocationTypeRadios({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <fieldset>
      <legend className="label">Event type</legend>
      <div className="flex flex-wrap gap-6">
        <label className="inline-flex items-center gap-2">
          <input type="radio" value="physical" className="accent-brand-600" {...registration} /> Physical
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" value="virtual" className="accent-brand-600" {...registration} /> Virtual
        </label>
      </div>
    </fieldset>
  );
}
