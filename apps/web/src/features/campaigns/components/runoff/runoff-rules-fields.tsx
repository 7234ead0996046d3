import { useWatch, type Control, type UseFormRegister, type FieldErrors } from 'react-hook-form';
import { RUNOFF_WIN_BY_LABELS } from '@pledgeway/domain/schemas/event-create';
import type { EditEventForm, EditEventFormInput } from '@pledgeway/domain/schemas/event-update';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { AmountInput } from '../amount-input';
import { ChargeablePlacesOptions, WinByRadios } from './runoff-rule-inputs';

interface RunoffRulesFieldsProps {
  control: Control<EditEventFormInput, unknown, EditEventForm>;
  register: UseFormRegister<EditEventFormInput>;
  errors: FieldErrors<EditEventFormInput>;
  /** Supporters have pledged under these rules: they are shown, not editable. */
  locked: boolean;
}

/** The edit form's runoff rules: how it is won, the fixed amount, the placements that may be charged. */
export function RunoffRulesFields({ control, register, errors, locked }: RunoffRulesFieldsProps) {
  const winBy = useWatch({ control, name: 'runoff_win_by' });
  if (locked) {
    // Unmounted fields keep their stored values, so a save sends the rules unchanged.
    return (
      <p className="rounded-xl border border-ink-100 p-4 text-sm text-ink-600">
        Supporters have pledged under this runoff's rules ({winBy ? RUNOFF_WIN_BY_LABELS[winBy] : 'not set'}), so they can no longer change.
      </p>
    );
  }
  return (
    <fieldset className="grid gap-4 rounded-xl border border-ink-100 p-4">
      <legend className="label px-1">Runoff rules</legend>
      <div className="grid gap-2">
        <WinByRadios registration={register('runoff_win_by')} />
        {errors.runoff_win_by && <p className="field-error">{errors.runoff_win_by.message}</p>}
      </div>
      {winBy === 'donor_total' && (
        <Field label="Fixed donation amount (USD)" required error={errors.runoff_fixed_amount?.message}>
          <AmountInput control={control} name="runoff_fixed_amount" />
        </Field>
      )}
      <Field
        label="Placements you may charge at the end"
        error={errors.runoff_chargeable_places?.message}
        hint="Shown to supporters before they pledge; pledges to options placed lower are released uncharged."
      >
        <Select {...register('runoff_chargeable_places')}>
          <ChargeablePlacesOptions />
        </Select>
      </Field>
    </fieldset>
  );
}
