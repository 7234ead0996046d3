import type { UseFormRegisterReturn } from 'react-hook-form';
import { RUNOFF_WIN_BY_LABELS } from '@pledgeway/domain/schemas/event-create';

// The runoff rules' inputs, shared by the create wizard and the edit form (whose fields are named
// differently, so each passes its own registration).

/** One radio for each way a runoff is won. */
export function WinByRadios({ registration }: { registration: UseFormRegisterReturn }) {
  return (Object.keys(RUNOFF_WIN_BY_LABELS) as (keyof typeof RUNOFF_WIN_BY_LABELS)[]).map((value) => (
    <label key={value} className="inline-flex items-center gap-2">
      <input type="radio" value={value} className="accent-brand-600" {...registration} />
      {RUNOFF_WIN_BY_LABELS[value]}
    </label>
  ));
}

/** The choices of how many placements may be charged at the end. */
export function ChargeablePlacesOptions() {
  return (
    <>
      <option value="all">Any placements, up to all of them</option>
      <option value="1">Only the winner</option>
      {[2, 3, 4, 5, 6, 7].map((places) => (
        <option key={places} value={String(places)}>
          Up to the top {places}
        </option>
      ))}
    </>
  );
}
