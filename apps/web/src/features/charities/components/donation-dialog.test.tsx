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
// The provider in use, as GET /payment-methods/config answers it.
const provider = vi.hoisted(() => ({ name: 'sandbox' as 'sandbox' | 'stripe', key: 'pk_test_x' }));
vi.mock('@/lib/payment-methods', () => ({
  usePaymentMethods: () => ({ isPending: false, isError: false, isSuccess: true, data: saved }),
  usePaymentConfig: () => ({
    isPending: false,
    isError: false,
    data: { provider: provider.name, publishable_key: provider.name === 'stripe' ? provider.key : null },
  }),
  approveSandboxWallet: wallet.approve,
}));
const donate = vi.hoisted(() => ({ saved: vi.fn(), card: vi.fn(), tokenize: vi.fn(), stripe: vi.fn() }));
vi.mock('../api/donate', () => ({
  postSavedMethodDonation: donate.saved,
  postDonation: donate.card,
  tokenizeCard: donate.tokenize,
  postStripeDonation: donate.stripe,
}));

// Stripe.js cannot be fetched here: loadStripe is replaced, and Elements by plain stand-ins that hand
// the form a Stripe object and an Elements group whose answers each test decides (decision 245).
const stripeJs = vi.hoisted(() => {
  const calls = { submit: vi.fn(), createPaymentMethod: vi.fn(), handleNextAction: vi.fn() };
  return {
    ...calls,
    load: vi.fn(),
    stripe: { createPaymentMethod: calls.createPaymentMethod, handleNextAction: calls.handleNextAction },
    elements: { submit: calls.submit },
    elementsOptions: undefined as unknown,
    elementOptions: undefined as unknown,
  };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeJs.load }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: React.ReactNode; options?: unknown }) => {
    stripeJs.elementsOptions = options;
    return children;
  },
  PaymentElement: (props: { options?: unknown }) => {
    stripeJs.elementOptions = props.options;
    return <div data-testid="payment-element" />;
  },
  useStripe: () => stripeJs.stripe,
  useElements: () => stripeJs.elements,
}));

afterEach(() => {
  cleanup();
  auth.user = null;
  provider.name = 'sandbox';
  provider.key = 'pk_test_x';
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

  it("offers a visitor Add New Card's choices, a typed card first, and says a saved method needs signing in", () => {
    open();
    const choices = screen.getByRole('group', { name: 'Pay with' });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Card', 'Sandbox wallet', 'Sandbox cash app']);
    expect(within(choices).getByRole<HTMLInputElement>('radio', { name: 'Card' }).checked).toBe(true);
    expect(screen.getByRole('textbox', { name: /Card number/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a new card' })).toBeNull();
    expect(screen.getByText('Signed in, you can also give with a card, wallet or cash app saved to your account.')).toBeTruthy();
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
    expect(await screen.findByText('Please enter a $cashtag')).toBeTruthy();
    expect(donate.card).not.toHaveBeenCalled();
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

describe("donation dialog: a visitor's donation with Stripe (decision 245)", () => {
  const thanks = { success: true, message: 'Thank you for your donation to Brightpot Community Kitchens!', data: { donation: { _id: 'd1' } } };
  const asked = {
    success: true,
    message: 'Your bank asks you to confirm this payment. Nothing has been charged yet.',
    data: { action: { type: 'stripe_next_action', client_secret: 'pi_1_secret_x' } },
  };

  async function fillIn(amount = '25') {
    provider.name = 'stripe';
    window.alert = vi.fn();
    stripeJs.load.mockResolvedValue({});
    stripeJs.submit.mockResolvedValue({});
    stripeJs.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_visitor' } });
    open();
    expect(await screen.findByTestId('payment-element')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: 'Vera Visitor' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'vera@example.org' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Amount/ }), { target: { value: amount } });
  }

  it("shows Stripe's Payment Element in deferred mode, with the form's amount and no client secret, and none of the sandbox's fields", async () => {
    await fillIn('25');
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Pay with' })).toBeNull();
    await waitFor(() => expect(stripeJs.elementsOptions).toEqual({ mode: 'payment', amount: 2_500, currency: 'usd', paymentMethodCreation: 'manual' }));
    expect(stripeJs.elementOptions).toEqual({ fields: { billingDetails: { name: 'never' } }, wallets: { applePay: 'auto', googlePay: 'auto', link: 'auto' } });
    expect(screen.getByText(/go straight to Stripe/)).toBeTruthy();
    expect(screen.getByText('Signed in, you can also give with a card, wallet or cash app saved to your account.')).toBeTruthy();
  });

  it('makes a PaymentMethod with Stripe.js after checking the Element, sends its id under an Idempotency-Key, and thanks once charged', async () => {
    donate.stripe.mockResolvedValue(thanks);
    await fillIn('25');
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(thanks.message));
    expect(stripeJs.submit).toHaveBeenCalledTimes(1);
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledWith({
      elements: stripeJs.elements,
      params: { billing_details: { name: 'Vera Visitor', email: 'vera@example.org' } },
    });
    expect(stripeJs.submit.mock.invocationCallOrder[0]).toBeLessThan(stripeJs.createPaymentMethod.mock.invocationCallOrder[0]!);
    const [input, key] = donate.stripe.mock.calls[0]!;
    expect(input).toMatchObject({ charityId: 'c1', stripePaymentMethod: 'pm_visitor', amount: 25, fullName: 'Vera Visitor', email: 'vera@example.org' });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(stripeJs.handleNextAction).not.toHaveBeenCalled();
    expect(donate.tokenize).not.toHaveBeenCalled();
    expect(donate.card).not.toHaveBeenCalled();
  });

  it("runs the bank's check with the client secret when asked, sends the same request again, and thanks only then", async () => {
    donate.stripe.mockResolvedValueOnce(asked).mockResolvedValueOnce(thanks);
    stripeJs.handleNextAction.mockImplementation(async () => {
      // Nothing is thanked for while the bank's check runs.
      expect(window.alert).not.toHaveBeenCalled();
      return { paymentIntent: { id: 'pi_1', status: 'succeeded' } };
    });
    await fillIn('40');
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(thanks.message));
    expect(stripeJs.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
    expect(donate.stripe).toHaveBeenCalledTimes(2);
    expect(donate.stripe.mock.calls[1]).toEqual(donate.stripe.mock.calls[0]);
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledTimes(1);
  });

  it("says nothing was charged when the bank's check fails, and never thanks", async () => {
    donate.stripe.mockResolvedValue(asked);
    stripeJs.handleNextAction.mockResolvedValue({ error: { message: 'We are unable to authenticate your payment method.' } });
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect(await screen.findByText('We are unable to authenticate your payment method. Nothing was charged.')).toBeTruthy();
    expect(donate.stripe).toHaveBeenCalledTimes(1);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('never thanks for a payment the server still finds waiting for the bank', async () => {
    donate.stripe.mockResolvedValue(asked);
    stripeJs.handleNextAction.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'requires_action' } });
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect(await screen.findByText(/Your bank has not confirmed this payment yet, so nothing was charged/)).toBeTruthy();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it("shows a decline in the server's words and Stripe's own refusal of the details, and thanks for neither", async () => {
    donate.stripe.mockRejectedValue(new ApiError('Your card was declined.', 422, { code: 'CARD_DECLINED' }));
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();

    stripeJs.submit.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
    expect(donate.stripe).toHaveBeenCalledTimes(1);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('says plainly when Stripe.js cannot be loaded, and sends nothing', async () => {
    // Stripe.js stays loaded once loaded: another key is loaded afresh, and this time it fails.
    provider.name = 'stripe';
    provider.key = 'pk_test_unreachable';
    stripeJs.load.mockRejectedValue(new Error('Failed to load Stripe.js'));
    open();
    expect(await screen.findByText('The card form could not be loaded. Please try again later.')).toBeTruthy();
    expect(stripeJs.load).toHaveBeenCalledWith('pk_test_unreachable');
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect(donate.stripe).not.toHaveBeenCalled();
  });
});
