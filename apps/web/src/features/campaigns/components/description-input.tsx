import { DESCRIPTION_MAX_WORDS, EVENT_MESSAGES, countWords } from '@pledgeway/domain/schemas/event-fields';
import { useState } from 'react';
import { Textarea } from '@/components/ui/input';

interface DescriptionInputProps {
  value: string;
  onChange(next: string): void;
  onBlur?(): void;
  rows?: number;
}

/** A description that stops accepting words at 250 (typing beyond is blocked, with the message). */
export function DescriptionInput({ value, onChange, onBlur, rows = 6 }: DescriptionInputProps) {
  const [blocked, setBlocked] = useState(false);
  const words = countWords(value);
  return (
    <div>
      <Textarea
        rows={rows}
        value={value}
        onBlur={onBlur}
        onChange={(event) => {
          const next = event.target.value;
          if (countWords(next) > DESCRIPTION_MAX_WORDS) {
            setBlocked(true);
            return;
          }
          setBlocked(false);
          onChange(next);
        }}
      />
      <div className="mt-1 flex justify-between gap-3 text-xs">
        <span className="font-medium text-danger-600" role={blocked ? 'alert' : undefined}>
          {blocked ? EVENT_MESSAGES.descriptionTooLong : ''}
        </span>
        <span className={words >= DESCRIPTION_MAX_WORDS ? 'font-semibold text-danger-600' : 'text-ink-500'}>
          {words}/{DESCRIPTION_MAX_WORDS} words
        </span>
      </div>
    </div>
  );
}
