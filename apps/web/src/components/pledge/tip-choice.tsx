import type { UseFormRegisterReturn } from 'react-hook-form';
import { TIP_DEFAULT_PERCENT, TIP_MAX_PERCENT } from '@pledgeway/domain/fees';
import { formatCents } from '@pledgeway/domain/money';

export type TipAnswer = 'yes' | 'no';

interface TipChoiceProps {
  tip: TipAnswer;
  percent: number;
  /** The tip in cents for the amount typed so far, or null while there is none. */
  tipCents: number | null;
  /** YES presets 20% (or `presetPercent`), NO sets 0%. */
  onChoose(answer: TipAnswer, percent: number): void;
  /** The slider's registration in the form (a number 0 to 100). */
  slider: UseFormRegisterReturn;
  sliderId: string;
  presetPercent?: number;
}

/** The tip prompt of docs/money.md#rules: YES or NO, then a 0–100% slider; shared by the pledge and raise dialogs. */
export function TipChoice({ tip, percent, tipCents, onChoose, slider, sliderId, presetPercent = TIP_DEFAULT_PERCENT }: TipChoiceProps) {
  return (
    <fieldset>
      <legend className="label">Add a tip for Pledgeway? Tips keep the platform running and never come out of the charity's share.</legend>
      <div className="mt-1 flex gap-3">
        {(['yes', 'no'] as const).map((choice) => (
          <label
            key={choice}
            className="flex cursor-pointer items-center gap-2 rounded-xl border border-ink-200 px-4 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              value={choice}
              checked={tip === choice}
              onChange={() => onChoose(choice, choice === 'yes' ? presetPercent || TIP_DEFAULT_PERCENT : 0)}
              className="size-4"
            />
            {choice === 'yes' ? 'YES' : 'NO'}
          </label>
        ))}
      </div>
      {tip === 'yes' && (
        <div className="mt-3">
          <label htmlFor={sliderId} className="text-sm font-medium">
            Tip: {percent}%{tipCents !== null ? ` (${formatCents(tipCents)})` : ''}
          </label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={TIP_MAX_PERCENT}
            step={1}
            className="mt-1 w-full accent-brand-600"
            aria-valuetext={`${percent}%`}
            {...slider}
          />
        </div>
      )}
    </fieldset>
  );
}
