import { useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Dialog, DialogFooter } from './dialog';
import { AlertCircleIcon, InfoIcon } from './icons';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  onConfirm(): void | Promise<void>;
  /** Defaults of docs/product.md#9-limits-and-constants: confirm OK, deny No, cancel Cancel. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A third answer ("No"), shown only when `onDeny` is given. */
  onDeny?(): void;
  denyLabel?: string;
  /** `danger` for destructive actions: red confirm button and a warning icon. */
  tone?: 'default' | 'danger';
  loading?: boolean;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  onDeny,
  denyLabel = 'No',
  tone = 'default',
  loading = false,
}: ConfirmDialogProps) {
  const confirmVariant: ButtonVariant = tone === 'danger' ? 'danger' : 'primary';
  // A double click comes before the caller's pending state re-renders the button: while an
  // answer is awaited the confirm does nothing, so an action is asked for once.
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await onConfirm();
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      icon={<DialogIcon tone={tone === 'danger' ? 'error' : 'info'} />}
    >
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        {onDeny && (
          <Button variant="ghost" onClick={onDeny}>
            {denyLabel}
          </Button>
        )}
        <Button variant={confirmVariant} loading={loading || sending} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

interface MessageDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  message: ReactNode;
  tone?: 'error' | 'info';
  /** The one button; it closes the dialog after `onAction`. */
  actionLabel?: string;
  onAction?(): void;
}

/** A message that needs acknowledging, such as "Logout Failed". */
export function MessageDialog({ open, onOpenChange, title, message, tone = 'error', actionLabel = 'OK', onAction }: MessageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message} size="sm" icon={<DialogIcon tone={tone} />}>
      <DialogFooter>
        <Button
          variant={tone === 'error' ? 'dark' : 'primary'}
          onClick={() => {
            onAction?.();
            onOpenChange(false);
          }}
        >
          {actionLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function DialogIcon({ tone }: { tone: 'error' | 'info' }) {
  return tone === 'error' ? (
    <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-danger-600">
      <AlertCircleIcon size={26} />
    </span>
  ) : (
    <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
      <InfoIcon size={26} />
    </span>
  );
}
