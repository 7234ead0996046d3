import { useId, useRef, useState } from 'react';
import type { DocumentDraft } from '@pledgeway/domain/schemas/event-create';
import { DOCUMENT_EXTENSIONS, DOCUMENT_LIMIT_BYTES, EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { TrashIcon } from '@/components/ui/icons';
import { blobToDataUrl } from '../lib/images';
import { formatBytes } from '@/lib/format';

interface DocumentPickerProps {
  value: DocumentDraft[];
  onChange(next: DocumentDraft[]): void;
  /** The wizard takes one document; the edit page several. */
  max?: number;
  label?: string;
}

export function isAllowedDocument(name: string): boolean {
  return DOCUMENT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(`.${ext}`));
}

/** doc, docx or pdf up to 10 MB each, with the messages of docs/product.md#basic-information. */
export function DocumentPicker({ value, onChange, max = 1, label = 'Supporting document (optional)' }: DocumentPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  async function pick(files: FileList | null) {
    setError(null);
    if (!files?.length) return;
    if (value.length + files.length > max) return setError(EVENT_MESSAGES.oneDocument);
    const added: DocumentDraft[] = [];
    for (const file of Array.from(files)) {
      if (!isAllowedDocument(file.name)) return setError(EVENT_MESSAGES.documentType);
      if (file.size > DOCUMENT_LIMIT_BYTES) return setError(EVENT_MESSAGES.documentTooLarge);
      added.push({ name: file.name, size: file.size, content: await blobToDataUrl(file) });
    }
    onChange([...value, ...added]);
  }

  return (
    <div>
      <span className="label" id={`${id}-label`}>
        {label}
      </span>
      {value.length > 0 && (
        <ul className="mb-2 space-y-2">
          {value.map((doc, index) => (
            <li key={`${doc.name}-${index}`} className="flex items-center justify-between gap-3 rounded-xl border border-ink-100 bg-ink-50 px-4 py-2 text-sm">
              <span className="min-w-0 truncate font-medium">{doc.name}</span>
              <span className="flex shrink-0 items-center gap-2 text-ink-500">
                {formatBytes(doc.size)}
                <button
                  type="button"
                  className="grid size-8 place-items-center rounded-full hover:bg-ink-100"
                  aria-label={`Remove ${doc.name}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <TrashIcon className="size-4" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => (value.length >= max ? setError(EVENT_MESSAGES.oneDocument) : inputRef.current?.click())}
      >
        {max > 1 ? 'Add documents' : 'Upload document'}
      </button>
      <p className="mt-1 text-xs text-ink-500">.doc, .docx or .pdf, up to 10MB{max > 1 ? ' each' : ''}.</p>
      <input
        ref={inputRef}
        type="file"
        multiple={max > 1}
        accept=".doc,.docx,.pdf,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        className="sr-only"
        aria-labelledby={`${id}-label`}
        data-testid="document-input"
        onChange={(event) => {
          void pick(event.target.files);
          event.target.value = '';
        }}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
