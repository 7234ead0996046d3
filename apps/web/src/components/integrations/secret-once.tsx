import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A secret answered once by the server: shown until dismissed, never again. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert tone="success">
      <div className="space-y-2">
        <p className="font-medium">{label}</p>
        <code className="block break-all rounded bg-white px-2 py-1 font-mono text-sm text-ink-900" data-testid="secret-once">
          {secret}
        </code>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              void navigator.clipboard?.writeText(secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            I have stored it
          </Button>
        </div>
      </div>
    </Alert>
  );
}
