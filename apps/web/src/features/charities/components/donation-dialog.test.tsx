// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DonationDialog } from './donation-dialog';

const auth = vi.hoisted(() => ({ user: null as null | { name: string; email: string } }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: auth.user }) }));
// The signed-in donor's saved methods, as the API names them (decision 150).
const saved = [
  {
    id: 'pm-card',
    kind: 'card',
    label: 'Visa •••• 4242',
    card: { brand: 'visa', last4: '4242', exp_month: 9, exp_year: 2030 },
    detail: null,
    is_default: true,
  },
  { id: 'pm-cash', kind: 'sandbox_cashapp', label: 'Sandbox cash app · $ben', card: null, detail: '$ben', is_default: false },
];
vi.mock('@/lib/payment-methods', () => ({
  usePaymentMethods: () => ({ isPending: false, isError: false, isSuccess: true, data: saved }),
  usePaymentConfig: () => ({ isPending: true }),
}));
const donate = vi.hoisted(() => ({ saved: vi.fn(), card: vi.fn(), tokenize: vi.fn() }));
vi.mock('../api/donate', () => ({ postSavedMethodDonation: donate.saved, postDonation: donate.card, tokenizeCard: donate.tokenize }));

afterEach(() => {
  cleanup();
  auth.user = null;
});

const charities = [
  { _id: 'c1', name: 'Brightpot Community Kitchens' },
  { _id: 'c2', name: 'Open Larder Food Network' },
];

function open() {
  // The dialog links to monthly giving, so it renders inside the app's router.
  render(
    <MemoryRouter>
      <DonationDialog open onOpenChange={() => undefined} charities={charities} />
    </MemoryRouter>,
  );
}

describe('donation dialog', () => {
  it('is titled by the charity the donation goes to, and follows the choice', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Donate to Brightpot Community Kitchens' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: /Charity to support/ }), { target: { value: 'c2' } });
    expect(screen.getByRole('dialog', { name: 'Donate to Open Larder Food Network' })).toBeTruthy();
  });

  it("fills in a signed-in donor's name and e-mail", () => {
    auth.user = { name: 'Ben Carter', email: 'ben@pledgeway.org' };
    open();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Full name/ }).value).toBe('Ben Carter');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Email/ }).value).toBe('ben@pledgeway.org');
  });

  it('leaves them empty for a visitor', () => {
    open();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Full name/ }).value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Email/ }).value).toBe('');
  });

  it('asks a visitor for a card, and says a saved card, wallet or cash app needs signing in', () => {
    open();
    expect(screen.getByRole('textbox', { name: /Card number/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Pay with' })).toBeNull();
    expect(screen.getByText('Signed in, you can give with a saved card, wallet or cash app instead.')).toBeTruthy();
  });

  it('offers a signed-in donor every saved method with the pledge picker, and donates with the one chosen under one Idempotency-Key', async () => {
    auth.user = { name: 'Ben Carter', email: 'ben@pledgeway.org' };
    window.alert = vi.fn();
    donate.saved.mockResolvedValue({ message: 'Thank you for your donation to Brightpot Community Kitchens!' });
    open();
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Pay with' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a new card' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Sandbox cash app · $ben' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: /Amount/ }), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(donate.saved).toHaveBeenCalledTimes(1));
    const [input, key] = donate.saved.mock.calls[0]!;
    expect(input).toMatchObject({ charityId: 'c1', paymentMethodId: 'pm-cash', amount: 12.5, fullName: 'Ben Carter' });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(donate.card).not.toHaveBeenCalled();
    expect(donate.tokenize).not.toHaveBeenCalled();
  });
});
