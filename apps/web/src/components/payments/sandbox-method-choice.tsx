export type SandboxMethod = 'card' | 'wallet' | 'cashapp';

const SANDBOX_METHODS: { value: SandboxMethod; label: string }[] = [
  { value: 'card', label: 'Card' },
  { value: 'wallet', label: 'Sandbox wallet' },
  { value: 'cashapp', label: 'Sandbox cash app' },
];

interface SandboxMethodChoiceProps {
  value: SandboxMethod;
  onChange(method: SandboxMethod): void;
  legend: string;
}

/**
 * With the sandbox: a card, the sandbox wallet or the sandbox cash app (decision 151), chosen with
 * radio buttons. Add New Card saves the choice; a visitor's donation is charged with it (issue 41).
 */
export function SandboxMethodChoice({ value, onChange, legend }: SandboxMethodChoiceProps) {
  return (
    <fieldset>
      <legend className="label">{legend}</legend>
      <div className="grid grid-cols-3 gap-2">
        {SANDBOX_METHODS.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center justify-center gap-2 rounded-xl border border-ink-200 px-2 py-2 text-center text-sm font-medium has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
          >
            <input
              type="radio"
              name="sandbox-method"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 shrink-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
