import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useOrigin } from '@/lib/hydration';

/** A snippet with a Copy button that says "Copied" only once the clipboard took it, and says so when it did not. */
function CopyField({ label, value, rows = 1 }: { label: string; value: string; rows?: number }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const id = `snippet-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  const copy = () => {
    if (!navigator.clipboard) return setState('failed');
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink-700">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        rows={rows}
        value={value}
        className="input font-mono text-xs"
        onFocus={(focusEvent) => focusEvent.currentTarget.select()}
        onChange={() => setState('idle')}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          {state === 'copied' ? 'Copied' : 'Copy'}
        </Button>
        {state === 'failed' && (
          <span role="alert" className="text-sm text-danger-600">
            Copying is not allowed here: select the text and copy it yourself.
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * The two snippets of a campaign (decision 111): the iframe of its embed card for other sites,
 * and the address of its live overlay for streaming software (a browser source).
 */
export function EmbedSnippets({ eventId, eventName }: { eventId: string; eventName: string }) {
  const origin = useOrigin();
  const title = eventName.replace(/["<>&]/g, '');
  const iframe = `<iframe src="${origin}${paths.embed(eventId)}" title="${title} on Pledgeway" width="360" height="340" style="border:0" loading="lazy"></iframe>`;
  return (
    <div className="grid gap-4">
      <CopyField label="Embed code" value={iframe} rows={3} />
      <p className="-mt-2 text-sm text-ink-600">Shows the total, the progress and a Pledge button (it opens a new tab) on the sites you allow below.</p>
      <CopyField label="Stream overlay address" value={`${origin}${paths.overlay(eventId)}`} />
      <p className="-mt-2 text-sm text-ink-600">
        In your streaming software, add a browser source with this address: a transparent overlay with the total, a goal bar and each new pledge as it arrives.
      </p>
    </div>
  );
}
