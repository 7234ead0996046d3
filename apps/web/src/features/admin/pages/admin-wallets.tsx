import { PaymentMethodDomainResponse } from '@pledgeway/domain/schemas/payment-methods';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { PageHeader } from '../components/page-header';

const WALLET_NAMES = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', link: 'Link' } as const;
const domainKey = ['admin', 'payment-method-domain'] as const;

/**
 * Wallets' domain (decision 152): PUBLIC_URL's domain, its registration with Stripe for Apple Pay
 * and Google Pay, each wallet's state as Stripe reports it, and the action that registers it (or
 * has Stripe check it again). With the sandbox it says there is nothing to register.
 */
export default function AdminWalletsPage() {
  useEffect(() => {
    document.title = 'Wallets — Admin — Pledgeway';
  }, []);
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: domainKey, queryFn: ({ signal }) => api.get(PaymentMethodDomainResponse, '/admin/payment-method-domain', signal) });
  const register = useMutation({
    mutationFn: () => api.post(PaymentMethodDomainResponse, '/admin/payment-method-domain'),
    onSuccess: (answer) => queryClient.setQueryData(domainKey, answer),
  });
  const data = state.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Wallets"
        description="Apple Pay and Google Pay show in Stripe's payment form only on a domain registered with Stripe. This site's domain is the one in PUBLIC_URL."
      />
      {state.isPending && <Spinner label="Loading the domain's state" />}
      {state.isError && <Alert tone="error">{state.error.message}</Alert>}
      {data && (
        <section aria-labelledby="domain-heading" className="space-y-4 rounded-2xl border border-ink-100 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="domain-heading" className="font-display text-lg font-semibold break-all text-ink-900">
              {data.domain}
            </h2>
            {data.applies && (
              <Button onClick={() => register.mutate()} loading={register.isPending} loadingText="Registering...">
                {data.registration ? 'Check again with Stripe' : 'Register with Stripe'}
              </Button>
            )}
          </div>
          <p className="text-sm text-ink-600">Payment provider: {data.provider === 'stripe' ? 'Stripe' : 'Sandbox'}</p>
          {data.note && <Alert tone="info">{data.note}</Alert>}
          {register.isError && <Alert tone="error">{register.error.message}</Alert>}
          {data.applies && !data.registration && <p className="text-ink-700">Not registered with Stripe yet: Apple Pay and Google Pay do not show.</p>}
          {data.registration && (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Each wallet&apos;s state at Stripe for {data.domain}</caption>
              <thead>
                <tr className="border-b border-ink-100 text-ink-600">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Wallet
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    State at Stripe
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Stripe&apos;s reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.registration.wallets.map((wallet) => (
                  <tr key={wallet.method} className="border-b border-ink-50">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {WALLET_NAMES[wallet.method]}
                    </th>
                    <td className="py-2 pr-3">
                      <Badge tone={wallet.status === 'active' ? 'green' : 'yellow'}>{wallet.status === 'active' ? 'Active' : 'Inactive'}</Badge>
                    </td>
                    <td className="py-2 text-ink-600">{wallet.reason ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
