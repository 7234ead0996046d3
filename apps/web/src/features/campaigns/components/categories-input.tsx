import { useState } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';

interface CategoriesInputProps {
  value: string[];
  onChange(next: string[]): void;
  onBlur?(): void;
}

/** Categories typed and added with Enter; duplicates ignored; Backspace on an empty input removes the last. */
export function CategoriesInput({ value, onChange, onBlur }: CategoriesInputProps) {
  const [text, setText] = useState('');
  function add() {
    const category = text.trim();
    if (!category) return;
    const exists = value.some((item) => item.toLowerCase() === category.toLowerCase());
    if (!exists && value.length < 10) onChange([...value, category.slice(0, 40)]);
    setText('');
  }
  return (
    <div>
      {value.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Added categories">
          {value.map((category) => (
            <li key={category} className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-100 py-1 pr-1 pl-3 text-sm font-medium text-ink-800">
              <span className="min-w-0">{category}</span>
              <button
                type="button"
                className="grid size-6 shrink-0 place-items-center rounded-full hover:bg-brand-200"
                aria-label={`Remove category ${category}`}
                onClick={() => onChange(value.filter((item) => item !== category))}
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        value={text}
        placeholder="Type a category and press Enter"
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          add();
          onBlur?.();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          } else if (event.key === 'Backspace' && text === '' && value.length) {
            onChange(value.slice(0, -1));
          }
        }}
      />
    </div>
  );
}
