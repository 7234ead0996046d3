import type { PaymentMethodResponse } from '@pledgeway/domain/schemas/payment-methods';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { AddCardDialog } from '@/components/payments/add-card-dialog';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PlusIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { usePaymentMethods } from '@/lib/payment-methods';
import { useDeletePaymentMethod } from '../api/delete-payment-method';
import { useSetDefaultPaymentMethod } from '../api/set-default-payment-method';
import { CardTile } from '../components/card-tile';

/** "card ending in 4242" for a card (as before), else the method's label ("Sandbox cash app · $ava"). */
function methodName(method: PaymentMethodResponse): string {
  return method.kind === 'card' && method.card ? `card ending in ${method.card.last4}` : method.label;
}

export default function PaymentMethodsPage() {
  useEffect(() => {
    document.title = 'Payment Methods — Pledgeway';
  }, []);
  const methods = usePaymentMethods();
  const remove = useDeletePaymentMethod();
  const makeDefault = useSetDefaultPaymentMethod();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethodResponse | null>(null);

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(removing.kind === 'card' ? 'Card removed successfully' : `${removing.label} removed`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The card could not be removed.');
    } finally {
      setRemoving(null);
    }
  }

  async function setDefault(method: PaymentMethodResponse) {
    try {
      await makeDefault.mutateAsync(method.id);
      toast.success(method.kind === 'card' ? 'Default card updated' : `${method.label} is now your default`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The default card could not be changed.');
    }
  }

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">Payment Methods</h1>
        <p className="mt-1 text-ink-600">
          Cards, wallets and cash apps saved for your pledges, donations and monthly gifts. A pledge is charged only when its event is completed.
        </p>
      </header>
      {methods.isError && <Alert tone="error">{methods.error.message}</Alert>}
      {methods.isPending ? (
        <div className="flex justify-center py-16 text-brand-700">
          <Spinner label="Loading payment methods" className="scale-150" />
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {(methods.data ?? []).map((method) => (
            <li key={method.id}>
              <CardTile
                method={method}
                actions={
                  <>
                    {!method.is_default && (
                      <button type="button" className="btn btn-sm bg-white/10 text-white hover:bg-white/20" onClick={() => void setDefault(method)}>
                        Make default
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm bg-white/10 text-white hover:bg-red-700"
                      onClick={() => setRemoving(method)}
                      aria-label={`Remove ${methodName(method)}`}
                    >
                      Remove
                    </button>
                  </>
                }
              />
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => setAdding(true)}
              className="flex size-full min-h-48 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-ink-200 bg-white p-6 text-ink-700 transition-colors hover:border-brand-500 hover:bg-brand-50"
            >
              <span className="flex size-12 items-center justify-center rounded-full bg-brand-500 text-ink-900">
                <PlusIcon size={24} />
              </span>
              <span className="font-semibold">Add New Card</span>
            </button>
          </li>
        </ul>
      )}
      <AddCardDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing && removing.kind !== 'card' ? 'Remove payment method' : 'Remove card'}
        description={removing ? `Remove the ${methodName(removing)}? Pending pledges move to your default payment method.` : undefined}
        confirmLabel="Remove"
        tone="danger"
        loading={remove.isPending}
        onConfirm={confirmRemove}
      />
    </div>
  );
}
