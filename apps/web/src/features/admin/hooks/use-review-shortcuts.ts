import { useEffect } from 'react';

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'));
}

interface ReviewShortcuts {
  /** Off while a dialog asks for a reason. */
  enabled: boolean;
  /** Approve and reject answer only while the campaign is pending. */
  decidable: boolean;
  onMove(offset: 1 | -1): void;
  onApprove(): void;
  onReject(): void;
}

/** J / K move through the queue, A approves, R rejects; never while typing or with a modifier held. */
export function useReviewShortcuts({ enabled, decidable, onMove, onApprove, onReject }: ReviewShortcuts) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!enabled || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'j') onMove(1);
      else if (key === 'k') onMove(-1);
      else if (key === 'a' && decidable) onApprove();
      else if (key === 'r' && decidable) onReject();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
