import type { FormEvent, ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * The filters above a table, in one card. With `onSubmit` it is a form applied by its Filter
 * button; without, every control applies as it changes and the form is the page's search landmark.
 */
export function FilterBar({ children, onSubmit, className }: { children: ReactNode; onSubmit?(): void; className?: string }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <form role={onSubmit ? undefined : 'search'} onSubmit={submit} className={cn('grid gap-3 rounded-2xl border border-ink-100 bg-white p-4', className)}>
      {children}
    </form>
  );
}

/** The search box of a filter bar (role searchbox, labelled "Search"). */
export function SearchField({
  value,
  onChange,
  placeholder,
  className,
}: {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  className?: string;
}) {
  return (
    <Field label="Search" className={className}>
      <Input type="search" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled drop-down of a filter bar. */
export function SelectFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange(value: string): void;
}) {
  return (
    <Field label={label}>
      <Select value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
