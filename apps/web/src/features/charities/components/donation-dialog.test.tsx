// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@/lib/api-client';
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
const wallet = vi.hoisted(() => ({ approve: vi.fn() }));
vi.mock('@/lib/payment-methods', () => ({
  usePaymentMethods: () => ({ isPending: false, isError: false, isSuccess: true, data: saved }),
  usePaymentConfig: () => ({ isPending: true }),
  approveSandboxWallet: wallet.approve,
}));
const donate = vi.hoisted(() => ({ saved: vi.fn(), card: vi.fn(), tokenize: vi.fn() }));
vi.mock('../api/donate', () => ({ postSavedMethodDonation: donate.saved, postDonation: donate.card, tokenizeCard: donate.tokenize }));

afterEach(() => {
  cleanup();
  auth.user = null;
  vi.clearAllMocks();
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
    expect(within(screen.getByRole('dialog')).getByRole('heading').textContent).toBe('Donate to Brightpot Community Kitchens');
    fireEvent.change(screen.getByRole('combobox', { name: /Charity to support/ }), { target: { value: 'c2' } });
    expect(within(screen.getByRole('dialog')).getByRole('heading').textContent).toBe('Donate to Open Larder Food Network');
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

  it("offers a visitor Add New Card's choices, a typed card first, and says a saved method needs signing in", () => {
    open();
    const choices = screen.getByRole('group', { name: 'Pay with' });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Card', 'Sandbox wallet', 'Sandbox cash app']);
    expect(within(choices).getByRole<HTMLInputElement>('radio', { name: 'Card' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Card number/ })).toHaveProperty('value', '');
    expect(screen.queryByRole('button', { name: 'Add a new card' })).toBeNull();
    expect(screen.getByText('Signed in, you can also give with a card, wallet or cash app saved to your account.').textContent).toBe(
      'Signed in, you can also give with a card, wallet or cash app saved to your account.',
    );
  });

  it('donates as a visitor with the sandbox cash app: no card asked, its token charged, the outcome chosen', async () => {
    window.alert = vi.fn();
    wallet.approve.mockResolvedValue({ token: 'tok_cash' });
    donate.card.mockResolvedValue({ message: 'Thank you for your donation to Brightpot Community Kitchens!' });
    open();
    fireEvent.click(screen.getByRole('radio', { name: 'Sandbox cash app' }));
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: 'Ava Visitor' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'ava@example.org' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Amount/ }), { target: { value: '8' } });
    fireEvent.change(screen.getByRole('textbox', { name: /cashtag/ }), { target: { value: ' $ava_gives ' } });
    fireEvent.change(screen.getByRole('combobox', { name: /What the sandbox cash app does/ }), { target: { value: 'decline_on_charge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(donate.card).toHaveBeenCalledTimes(1));
    expect(wallet.approve).toHaveBeenCalledWith({ kind: 'cashapp', outcome: 'decline_on_charge', cashtag: '$ava_gives' });
    expect(donate.card.mock.calls[0]![0]).toMatchObject({ charityId: 'c1', token: 'tok_cash', amount: 8, fullName: 'Ava Visitor' });
    expect(donate.tokenize).not.toHaveBeenCalled();
    expect(donate.saved).not.toHaveBeenCalled();
  });

  it("shows the sandbox's answer about a visitor's $cashtag by its field, and charges nothing", async () => {
    wallet.approve.mockRejectedValue(
      new ApiError('Please check the highlighted fields', 422, { code: 'VALIDATION_ERROR', fields: { cashtag: 'Please enter a $cashtag' } }),
    );
    open();
    fireEvent.click(screen.getByRole('radio', { name: 'Sandbox wallet' }));
    expect(screen.queryByRole('textbox', { name: /cashtag/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Sandbox cash app' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: 'Ava Visitor' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'ava@example.org' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Amount/ }), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect((await screen.findByText('Please enter a $cashtag')).textContent).toBe('Please enter a $cashtag');
    expect(donate.card).not.toHaveBeenCalled();
  });

  it('offers a signed-in donor every saved method with the pledge picker, and donates with the one chosen under one Idempotency-Key', async () => {
    auth.user = { name: 'Ben Carter', email: 'ben@pledgeway.org' };
    window.alert = vi.fn();
    donate.saved.mockResolvedValue({ message: 'Thank you for your donation to Brightpot Community Kitchens!' });
    open();
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Pay with' }).textContent).toBe('Pay withvisa•••• 424209/30Sandbox cash app · $benAdd a new card');
    expect(screen.getByRole('button', { name: 'Add a new card' }).textContent).toBe('Add a new card');
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
