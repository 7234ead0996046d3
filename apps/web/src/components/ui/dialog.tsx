import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CloseIcon } from './icons';

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  size?: keyof typeof widths;
  /** An icon or illustration shown above the title. */
  icon?: ReactNode;
  /** Label of the X button; it is always shown so a pointer user has a way out. */
  closeLabel?: string;
}

/**
 * A modal dialog: focus moves in and is trapped, Escape and the X close it, and focus returns to
 * the control that opened it (Radix Dialog does the focus work).
 */
export function Dialog({ open, onOpenChange, title, description, children, size = 'md', icon, closeLabel = 'Close dialog' }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink-900/60 backdrop-blur-[2px] data-[state=open]:animate-fade-in motion-reduce:animate-none" />
        <RadixDialog.Content
          // Without a description Radix must be told there is none, or it warns.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-pop focus:outline-none data-[state=open]:animate-dialog-in motion-reduce:animate-none sm:p-8',
            widths[size],
          )}
        >
          {icon && <div className="mb-4">{icon}</div>}
          <RadixDialog.Title className="pr-10 font-display text-xl font-semibold text-ink-900">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="mt-2 text-ink-600">{description}</RadixDialog.Description>}
          {children && <div className="mt-6">{children}</div>}
          <RadixDialog.Close
            aria-label={closeLabel}
            className="absolute top-4 right-4 flex size-10 items-center justify-center rounded-full text-ink-500 transition-colors hover:bg-ink-50 hover:text-ink-900"
          >
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Action row at the bottom of a dialog: stacked on phones, right-aligned from 480 px. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mt-8 flex flex-col-reverse gap-3 xs:flex-row xs:justify-end', className)}>{children}</div>;
}
