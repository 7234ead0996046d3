import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Stripe from 'stripe';

/**
 * A small local stand-in for the Stripe endpoints Pledgeway uses, reached by the official SDK
 * through STRIPE_API_BASE (host/port/protocol). It keeps customers, SetupIntents, PaymentMethods,
 * PaymentIntents with their charges and balance transactions, refunds, Checkout Sessions,
 * Identity sessions, connected accounts with their Account Links, transfers and their reversals in memory, answers in Stripe's shapes (errors included; each object built from
 * Stripe's published fixture of its type, stripe-fixtures/, checked by stripe-stand-in.test.ts), lists
 * charges, refunds and disputes page by page, and honours
 * Idempotency-Key like Stripe: the same key replays the first answer, other parameters are refused.
 * The suite never reaches the internet.
 */

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
  /** When the call arrived (ms since the epoch): the fault tests measure retry backoff with it. */
  at: number;
}

/**
 * A fault for the next call: an error answer instead of processing it, or `lose-answer`: the call
 * is processed (a payment made) and then the connection is cut, as when a response times out.
 */
export type StandInFault = { status: number; body: Record<string, unknown> } | 'lose-answer';

type Json = Record<string, unknown>;
export type CardBehaviour =
  'succeed' | 'setup_declined' | 'card_declined' | 'insufficient_funds' | 'authentication_required' | 'requires_action' | 'expired_card';

/** Stripe's test cards, as the stand-in treats them. */
export const STAND_IN_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeed',
  '4000000000000002': 'setup_declined',
  '4000000000000341': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'authentication_required',
  '4000002500003155': 'requires_action',
  '4000000000000069': 'expired_card',
};

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

/** Stripe's published example of each object the stand-in returns (stripe-fixtures/README.md). */
export const STRIPE_FIXTURES = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'stripe-fixtures', 'fixtures.json'), 'utf8')) as { resources: Record<string, Json> }
).resources;

/**
 * Fields whose fixture example shows another state (a cancelled intent, a failed setup, a discount,
 * a legacy source): null until the stand-in sets them, as Stripe has them on a new object.
 */
const UNSET_FIELDS: Record<string, string[]> = {
  customer: ['discount', 'email', 'name'],
  setup_intent: ['last_setup_error', 'next_action', 'payment_method_configuration_details', 'automatic_payment_methods'],
  payment_intent: [
    'canceled_at',
    'cancellation_reason',
    'last_payment_error',
    'next_action',
    'latest_charge',
    'processing',
    'transfer_data',
    'payment_method_configuration_details',
    'automatic_payment_methods',
  ],
  charge: ['source', 'transfer_data', 'payment_method_details', 'failure_code', 'failure_message'],
  'checkout.session': ['payment_intent', 'shipping_cost', 'total_details', 'currency_conversion', 'collected_information', 'after_expiration'],
  'identity.verification_session': ['last_verification_report', 'last_error', 'redaction'],
};

/** A new object of a Stripe type: the fixture's keys, a fresh id and time, and the fields given. */
function shaped(type: string, fields: Json): Json {
  const fixture = structuredClone(STRIPE_FIXTURES[type]);
  if (!fixture) throw new Error(`No Stripe fixture for ${type}`);
  for (const key of UNSET_FIELDS[type] ?? []) fixture[key] = null;
  const fresh: Json = { created: now(), livemode: false, metadata: {} };
  for (const [key, value] of Object.entries(fresh)) if (key in fixture) fixture[key] = value;
  return { ...fixture, ...fields };
}

/** A nested part of a fixture (`payment_method` → `card`), to overwrite some of its fields. */
const fixturePart = (type: string, key: string) => structuredClone(STRIPE_FIXTURES[type]![key] as Json);

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
/** `metadata[key]=value` fields of a form, as Stripe's object keeps them. */
const metadataOf = (form: URLSearchParams) =>
  Object.fromEntries([...form.entries()].flatMap(([key, value]) => (key.startsWith('metadata[') ? [[key.slice('metadata['.length, -1), value]] : [])));
/** `name[0]=a&name[1]=b` (the SDK's array encoding) as a list. */
const formList = (form: URLSearchParams, name: string) => [...form.entries()].filter(([key]) => key.startsWith(`${name}[`)).map(([, value]) => value);
const expandsOf = (form: URLSearchParams) => [...form.entries()].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);

export function createStripeStandIn(options: { cardFeeCents?: number } = {}) {
  const calls: RecordedCall[] = [];
  /** Every successful answer's body, for the shape test. */
  const answers: Json[] = [];
  const objects = new Map<string, Json>();
  const behaviourOf = new Map<string, CardBehaviour>();
  const idempotent = new Map<string, { form: string; status: number; body: Json }>();
  const webhook = { url: '', secret: '' };
  const state = { cardFeeCents: options.cardFeeCents ?? 338, failNext: undefined as { status: number; body: Json } | undefined, faults: [] as StandInFault[] };

  const get = (id: string, kind: string): Json => {
    const found = objects.get(id);
    if (!found) throw new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });
    return found;
  };
  const put = (object: Json) => (objects.set(String(object.id), object), object);

  /** Replaces ids by objects along the expand paths (`latest_charge.balance_transaction`). */
  function expand(object: Json, paths: string[]): Json {
    const copy: Json = { ...object };
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      const value = copy[head!];
      if (typeof value === 'string' && objects.has(value))
        copy[head!] = rest.length ? expand(objects.get(value)!, [rest.join('.')]) : { ...objects.get(value)! };
      else if (value && typeof value === 'object' && rest.length) copy[head!] = expand(value as Json, [rest.join('.')]);
    }
    return copy;
  }

  function createPaymentIntent(form: URLSearchParams): { status: number; body: Json } {
    const amount = Number(form.get('amount'));
    const methodId = form.get('payment_method') ?? '';
    const method = objects.get(methodId);
    const customer = form.get('customer');
    if (!method || method.customer !== customer) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${methodId}'`,
      });
    }
    // Stripe uses a PaymentMethod of no customer (a visitor's, from Stripe.js) for one PaymentIntent only.
    if (!method.customer && [...objects.values()].some((object) => object.object === 'payment_intent' && object.payment_method === methodId)) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        param: 'payment_method',
        message: `The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`,
      });
    }
    const id = newId('pi');
    const intent = put(
      shaped('payment_intent', {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: form.get('currency'),
        customer,
        payment_method: methodId,
        client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
        setup_future_usage: null,
      }),
    );
    Object.assign(intent, {
      description: form.get('description'),
      metadata: metadataOf(form),
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
    });
    const behaviour = behaviourOf.get(methodId) ?? 'succeed';
    // A card that always asks for 3-D Secure declines off session, and on session waits for the holder (as Stripe's 4000 0027 6000 3184).
    const onSession = form.get('off_session') !== 'true';
    if (behaviour === 'requires_action' || (behaviour === 'authentication_required' && onSession)) {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      return { status: 200, body: expand(intent, expandsOf(form)) };
    }
    if (behaviour !== 'succeed') {
      const code = behaviour === 'card_declined' || behaviour === 'insufficient_funds' ? 'card_declined' : behaviour;
      const error = {
        type: 'card_error',
        code,
        decline_code: behaviour === 'insufficient_funds' ? 'insufficient_funds' : 'generic_decline',
        message: `Decline: ${behaviour}`,
      };
      Object.assign(intent, { last_payment_error: { ...error, payment_method: { ...method } } });
      throw new StripeFailure(402, { ...error, payment_method: { ...method }, payment_intent: { ...intent } });
    }
    succeed(intent);
    return { status: 200, body: expand(intent, expandsOf(form)) };
  }

  /** The PaymentIntent's charge goes through: a charge and its balance transaction with the card fee. */
  function succeed(intent: Json) {
    const amount = Number(intent.amount);
    const customer = intent.customer;
    const methodId = String(intent.payment_method);
    const chargeId = newId('ch');
    const balance = put(
      shaped('balance_transaction', {
        id: newId('txn'),
        object: 'balance_transaction',
        amount,
        currency: 'usd',
        fee: state.cardFeeCents,
        net: amount - state.cardFeeCents,
        source: chargeId,
        description: intent.description,
      }),
    );
    const charge = put(
      shaped('charge', {
        id: chargeId,
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        captured: true,
        paid: true,
        refunded: false,
        status: 'succeeded',
        currency: 'usd',
        description: intent.description,
        payment_intent: intent.id,
        customer,
        payment_method: methodId,
        balance_transaction: balance.id,
        refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${chargeId}/refunds` },
      }),
    );
    Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: charge.id, last_payment_error: null, next_action: null });
    return intent;
  }

  /**
   * The holder passes the bank's check on session (3-D Secure through Stripe.js `confirmPayment` or
   * `handleNextAction`): a PaymentIntent left waiting for them succeeds, once.
   */
  function confirmOnSession(id: string, clientSecret: string): Json {
    const intent = get(id, 'payment_intent');
    if (intent.client_secret !== clientSecret)
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_invalid_parameter',
        message: 'The client_secret provided does not match.',
      });
    if (!['requires_payment_method', 'requires_action', 'requires_confirmation'].includes(String(intent.status)))
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${String(intent.status)}; it cannot be confirmed.`,
        payment_intent: { ...intent },
      });
    return succeed(intent);
  }

  function createRefund(form: URLSearchParams): Json {
    const intent = get(form.get('payment_intent') ?? '', 'payment_intent');
    const charge = objects.get(String(intent.latest_charge));
    if (!charge)
      throw new StripeFailure(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no charge to refund' });
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (left === 0)
      throw new StripeFailure(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' });
    if (amount > left)
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: 'Refund amount is greater than unrefunded amount on charge',
      });
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return put(
      shaped('refund', {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: 'usd',
        charge: charge.id,
        payment_intent: intent.id,
        payment_method: charge.payment_method,
        status: 'succeeded',
        metadata: metadataOf(form),
      }),
    );
  }

  /** A connected account (Express), as Stripe makes it: nothing submitted, its onboarding's requirements due. */
  function createAccount(form: URLSearchParams): Json {
    const fixture = STRIPE_FIXTURES.account!;
    return put(
      shaped('account', {
        id: newId('acct'),
        object: 'account',
        type: form.get('type'),
        country: form.get('country'),
        email: form.get('email'),
        business_type: form.get('business_type'),
        business_profile: { ...(fixture.business_profile as Json), name: form.get('business_profile[name]') },
        metadata: metadataOf(form),
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { ...(fixture.requirements as Json), currently_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'], past_due: [] },
      }),
    );
  }

  /** A separate transfer to a connected account, from the charge named by `source_transaction`. */
  function createTransfer(form: URLSearchParams): Json {
    const amount = Number(form.get('amount'));
    const destination = get(form.get('destination') ?? '', 'account');
    const source = get(form.get('source_transaction') ?? '', 'charge');
    if (!destination.payouts_enabled) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: 'The destination account cannot receive transfers yet.',
      });
    }
    if (!(amount > 0) || amount > Number(source.amount) - Number(source.amount_refunded)) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: 'Transfer amount exceeds the source transaction.',
      });
    }
    const id = newId('tr');
    return put(
      shaped('transfer', {
        id,
        object: 'transfer',
        amount,
        amount_reversed: 0,
        currency: form.get('currency'),
        destination: destination.id,
        destination_payment: newId('py'),
        balance_transaction: newId('txn'),
        source_transaction: source.id,
        transfer_group: form.get('transfer_group'),
        metadata: metadataOf(form),
        reversed: false,
        reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
      }),
    );
  }

  function createReversal(transfer: Json, form: URLSearchParams): Json {
    const left = Number(transfer.amount) - Number(transfer.amount_reversed);
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (!(amount > 0) || amount > left) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: 'Reversal amount exceeds the amount left on the transfer.',
      });
    }
    const reversal = put(
      shaped('transfer_reversal', {
        id: newId('trr'),
        object: 'transfer_reversal',
        amount,
        currency: transfer.currency,
        transfer: transfer.id,
        metadata: metadataOf(form),
      }),
    );
    transfer.amount_reversed = Number(transfer.amount_reversed) + amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    return reversal;
  }

  /**
   * A list endpoint (`GET /v1/charges`, `/v1/refunds`): newest first, `created[gte|gt|lte|lt]`,
   * `limit` and `starting_after`, as Stripe pages them.
   */
  function listOf(type: string, form: URLSearchParams, url: string): Json {
    const bound = (op: string) => (form.has(`created[${op}]`) ? Number(form.get(`created[${op}]`)) : undefined);
    const [gte, gt, lte, lt] = ['gte', 'gt', 'lte', 'lt'].map(bound);
    const all = [...objects.values()]
      .filter((object) => object.object === type)
      // `GET /v1/refunds?payment_intent=…` or `?charge=…`: the refunds of one payment; `GET /v1/transfers?destination=…&transfer_group=…`.
      .filter((object) =>
        ['payment_intent', 'charge', 'destination', 'transfer_group', 'transfer'].every((field) => !form.has(field) || object[field] === form.get(field)),
      )
      .filter((object) => {
        const created = Number(object.created);
        return (
          (gte === undefined || created >= gte) &&
          (gt === undefined || created > gt) &&
          (lte === undefined || created <= lte) &&
          (lt === undefined || created < lt)
        );
      })
      .reverse();
    const after = form.get('starting_after');
    const start = after ? all.findIndex((object) => object.id === after) + 1 : 0;
    const limit = Math.min(Number(form.get('limit') ?? 10), 100);
    const data = all.slice(start, start + limit);
    return { object: 'list', data, has_more: start + limit < all.length, url };
  }

  /** Stripe's search, for the one query form Pledgeway sends: `metadata['key']:'value'`. */
  function searchPaymentIntents(form: URLSearchParams): Json {
    const query = /^metadata\['(\w+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(form.get('query') ?? '');
    if (!query) throw new StripeFailure(400, { type: 'invalid_request_error', param: 'query', message: 'The stand-in searches by one metadata value only' });
    const [, key, value] = query;
    const paths = expandsOf(form).map((path) => path.replace(/^data\./, ''));
    const data = [...objects.values()]
      .filter(
        (object) => object.object === 'payment_intent' && (object.metadata as Record<string, string> | undefined)?.[key!] === value!.replaceAll("\\'", "'"),
      )
      .map((object) => expand(object, paths));
    return { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' };
  }

  /** One Stripe endpoint per method and path. */
  function route(method: string, path: string, form: URLSearchParams): { status: number; body: Json } {
    const ok = (body: Json) => ({ status: 200, body });
    const parts = path.split('/').filter(Boolean).slice(1); // drop "v1"
    const isId = (part: string) => /^(cus|seti|pm|pi|ch|txn|re|cs|vs|pmd|acct|tr|trr)_\w+$/.test(part);
    const key = `${method} ${parts.map((part) => (isId(part) ? ':id' : part)).join('/')}`;
    const id = parts.find(isId) ?? '';
    switch (key) {
      case 'POST customers':
        return ok(
          put(shaped('customer', { id: newId('cus'), object: 'customer', email: form.get('email'), name: form.get('name'), invoice_prefix: 'PLEDGE01' })),
        );
      case 'POST setup_intents': {
        const intent = put(
          shaped('setup_intent', {
            id: newId('seti'),
            object: 'setup_intent',
            customer: form.get('customer'),
            usage: form.get('usage'),
            status: 'requires_payment_method',
            // Stripe's object names the types the request allowed (`allowed_payment_method_types[]`).
            payment_method_types: formList(form, 'allowed_payment_method_types'),
          }),
        );
        Object.assign(intent, { client_secret: `${intent.id}_secret_${randomBytes(6).toString('hex')}`, payment_method: null, last_setup_error: null });
        return ok(intent);
      }
      case 'GET setup_intents/:id':
        return ok(expand(get(id, 'setup_intent'), expandsOf(form)));
      case 'GET payment_methods/:id':
        return ok(get(id, 'payment_method'));
      case 'POST payment_methods/:id/attach': {
        // Only Stripe's test card can be attached by id here; cards of the browser come through SetupIntents.
        if (id !== 'pm_card_visa') return ok(get(id, 'payment_method'));
        return ok(
          put(
            shaped('payment_method', {
              id: newId('pm'),
              object: 'payment_method',
              type: 'card',
              customer: form.get('customer'),
              card: { ...fixturePart('payment_method', 'card'), brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2 },
              billing_details: { ...fixturePart('payment_method', 'billing_details'), name: null },
            }),
          ),
        );
      }
      case 'POST payment_methods/:id/detach':
        return ok(Object.assign(get(id, 'payment_method'), { customer: null }));
      case 'GET customers/:id/payment_methods': {
        const data = [...objects.values()].filter((object) => object.object === 'payment_method' && object.customer === id);
        return ok({ object: 'list', data, has_more: false, url: path });
      }
      case 'POST payment_intents':
        return createPaymentIntent(form);
      case 'GET payment_intents/search':
        return ok(searchPaymentIntents(form));
      case 'GET payment_intents/:id':
        return ok(expand(get(id, 'payment_intent'), expandsOf(form)));
      case 'POST payment_intents/:id/confirm':
        // What Stripe.js sends with the publishable key and the client secret when the holder confirms on session.
        return ok(expand(confirmOnSession(id, form.get('client_secret') ?? ''), expandsOf(form)));
      case 'POST payment_intents/:id/cancel': {
        const intent = get(id, 'payment_intent');
        if (!['requires_payment_method', 'requires_action', 'requires_confirmation', 'requires_capture'].includes(String(intent.status)))
          throw new StripeFailure(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
          });
        return ok(Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: 'requested_by_customer', next_action: null }));
      }
      case 'GET charges':
        return ok(listOf('charge', form, path));
      case 'GET refunds':
        return ok(listOf('refund', form, path));
      case 'GET disputes':
        return ok(listOf('dispute', form, path));
      case 'GET charges/:id':
        return ok(expand(get(id, 'charge'), expandsOf(form)));
      case 'POST refunds':
        return ok(createRefund(form));
      case 'POST accounts':
        return ok(createAccount(form));
      case 'GET accounts/:id':
        return ok(get(id, 'account'));
      case 'POST account_links': {
        const account = get(form.get('account') ?? '', 'account');
        return ok(
          shaped('account_link', {
            object: 'account_link',
            url: `https://connect.stripe.example/setup/e/${String(account.id)}/${randomBytes(6).toString('hex')}`,
            expires_at: now() + 300,
          }),
        );
      }
      case 'POST transfers':
        return ok(createTransfer(form));
      case 'GET transfers':
        return ok(listOf('transfer', form, path));
      case 'GET transfers/:id':
        return ok(get(id, 'transfer'));
      case 'POST transfers/:id/reversals':
        return ok(createReversal(get(id, 'transfer'), form));
      case 'GET transfers/:id/reversals': {
        get(id, 'transfer');
        const query = new URLSearchParams(form);
        query.set('transfer', id);
        return ok(listOf('transfer_reversal', query, path));
      }
      case 'POST checkout/sessions': {
        const session = put(
          shaped('checkout.session', {
            id: newId('cs'),
            object: 'checkout.session',
            status: 'open',
            payment_status: 'unpaid',
            customer: form.get('customer'),
            metadata: metadataOf(form),
            cancel_url: form.get('cancel_url'),
          }),
        );
        Object.assign(session, {
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          payment_intent: null,
          success_url: form.get('success_url'),
        });
        return ok(Object.assign(session, { url: `https://checkout.stripe.example/pay/${String(session.id)}` }));
      }
      case 'GET checkout/sessions/:id':
        return ok(expand(get(id, 'checkout.session'), expandsOf(form)));
      case 'POST checkout/sessions/:id/expire': {
        const session = get(id, 'checkout.session');
        if (session.status !== 'open') {
          throw new StripeFailure(400, { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` });
        }
        return ok(Object.assign(session, { status: 'expired' }));
      }
      // Payment method domains (wallets' domain registration): created active, listed by name, validated again.
      case 'POST payment_method_domains': {
        const domain = form.get('domain_name') ?? '';
        if ([...objects.values()].some((object) => object.object === 'payment_method_domain' && object.domain_name === domain)) {
          throw new StripeFailure(400, { type: 'invalid_request_error', param: 'domain_name', message: `The domain ${domain} is already registered.` });
        }
        return ok(
          put(
            shaped('payment_method_domain', {
              id: newId('pmd'),
              object: 'payment_method_domain',
              domain_name: domain,
              enabled: form.get('enabled') !== 'false',
              livemode: false,
            }),
          ),
        );
      }
      case 'GET payment_method_domains': {
        const data = [...objects.values()].filter(
          (object) => object.object === 'payment_method_domain' && (!form.has('domain_name') || object.domain_name === form.get('domain_name')),
        );
        return ok({ object: 'list', data: data.slice(0, Number(form.get('limit') ?? 10)), has_more: false, url: path });
      }
      case 'POST payment_method_domains/:id/validate':
        return ok(get(id, 'payment_method_domain'));
      case 'POST identity/verification_sessions': {
        const session = put(
          shaped('identity.verification_session', {
            id: newId('vs'),
            object: 'identity.verification_session',
            type: form.get('type'),
            status: 'requires_input',
          }),
        );
        return ok(Object.assign(session, { url: `https://verify.stripe.example/start/${String(session.id)}` }));
      }
      default:
        throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
    }
  }

  function answer(request: IncomingMessage, body: string): { status: number; body: Json; lose?: boolean } {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(request.method === 'GET' ? url.search : body);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    calls.push({ method: request.method ?? '', path: url.pathname, authorization: request.headers.authorization, idempotencyKey, form, at: Date.now() });
    const fault = state.faults.shift();
    if (fault && fault !== 'lose-answer') return fault;
    if (state.failNext) {
      const failure = state.failNext;
      state.failNext = undefined;
      return failure;
    }
    const cacheKey = request.method === 'POST' && idempotencyKey ? `${url.pathname} ${idempotencyKey}` : undefined;
    const previous = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (previous && previous.form !== body) {
      return {
        status: 400,
        body: {
          error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
        },
      };
    }
    if (previous) return { status: previous.status, body: previous.body, lose: fault === 'lose-answer' };
    let result: { status: number; body: Json };
    try {
      result = route(request.method ?? 'GET', url.pathname, form);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      result = { status: error.status, body: { error: error.body } };
    }
    if (cacheKey) idempotent.set(cacheKey, { form: body, ...result });
    if (result.status === 200) answers.push(result.body);
    return { ...result, lose: fault === 'lose-answer' };
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const result = answer(request, body);
      if (result.lose) return void request.socket.destroy();
      response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(result.body));
    });
  });

  return {
    calls,
    answers,
    state,
    /** Calls to one endpoint, e.g. `callsTo('POST', '/v1/payment_intents')`. */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    object: (id: string) => objects.get(id),
    /** What Stripe does 24 hours after a request: its idempotency key is forgotten, the objects stay. */
    forgetIdempotencyKeys: () => idempotent.clear(),
    /** Every object of one type (`payment_intent`) the stand-in holds. */
    objectsOf: (type: string) => [...objects.values()].filter((object) => object.object === type),
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    confirmSetupIntent,
    confirmSetupIntentWithWallet,
    createPaymentMethod,
    /** What Stripe.js does when the holder passes the bank's check in the browser (decision 170). */
    confirmPaymentOnSession: (id: string, clientSecret: string) => confirmOnSession(id, clientSecret),
    /**
     * What a donor's bank does weeks later: disputes the PaymentIntent's charge (all of it unless
     * `amount` says), as Stripe then reports it; `status` is where the card network has got to.
     */
    dispute(paymentIntentId: string, options: { amount?: number; status?: 'needs_response' | 'won' | 'lost' | 'warning_needs_response' } = {}) {
      const intent = get(paymentIntentId, 'payment_intent');
      const charge = get(String(intent.latest_charge), 'charge');
      return put(
        shaped('dispute', {
          id: newId('dp'),
          object: 'dispute',
          amount: options.amount ?? charge.amount,
          charge: charge.id,
          payment_intent: intent.id,
          status: options.status ?? 'needs_response',
          reason: 'fraudulent',
        }),
      );
    },
    /** Where the stand-in sends its events (the app's webhook endpoint) and the endpoint's signing secret. */
    sendEventsTo(url: string, secret: string) {
      webhook.url = url;
      webhook.secret = secret;
    },
    /** Stripe's `account.updated` for a connected account as it now is, sent signed to the endpoint; answers the endpoint's status. */
    async sendAccountUpdated(accountId: string, options: { secret?: string; id?: string } = {}) {
      if (!webhook.url) throw new Error('sendEventsTo(url, secret) first');
      const call = signedStripeEvent(options.secret ?? webhook.secret, 'account.updated', { ...get(accountId, 'account') }, { id: options.id });
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': call.signature },
        body: call.body,
      });
      return response.status;
    },
    /** What the charity's representative does on Stripe's hosted onboarding: all given, or a requirement left due. */
    completeOnboarding(accountId: string, options: { leaveDue?: string[] } = {}) {
      const account = get(accountId, 'account');
      const due = options.leaveDue ?? [];
      return Object.assign(account, {
        details_submitted: true,
        charges_enabled: due.length === 0,
        payouts_enabled: due.length === 0,
        requirements: { ...(account.requirements as Json), currently_due: due, past_due: [], disabled_reason: due.length ? 'requirements.past_due' : null },
      });
    },
    /** What Stripe does when the buyer pays on the hosted Checkout page. */
    payCheckoutSession(sessionId: string, number = '4242424242424242') {
      const session = get(sessionId, 'checkout.session');
      const setup = route('POST', '/v1/setup_intents', new URLSearchParams({ customer: String(session.customer) })).body;
      const methodId = String(confirmSetupIntent(String(setup.id), number).payment_method);
      const form = new URLSearchParams({ amount: String(session.amount_total), currency: 'usd', customer: String(session.customer), payment_method: methodId });
      const intent = createPaymentIntent(form).body;
      return Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    },
  };

  /**
   * What the Payment Element does in the browser when the supporter picks a wallet or a cash app
   * (decision 150): Apple Pay, Google Pay or Link give a card (`card.wallet.type`), Cash App Pay a
   * `cashapp` method, a Link account a `link` method. `behaviour` is what later charges do;
   * `setup_declined` refuses it at once. The type must be one the SetupIntent allowed.
   */
  function confirmSetupIntentWithWallet(
    setupIntentId: string,
    wallet: { type: 'apple_pay' | 'google_pay' | 'link_card' | 'cashapp' | 'link'; behaviour?: CardBehaviour; cashtag?: string; email?: string },
  ) {
    const intent = get(setupIntentId, 'setup_intent');
    const methodType = wallet.type === 'cashapp' || wallet.type === 'link' ? wallet.type : 'card';
    if (!(intent.payment_method_types as string[]).includes(methodType)) {
      throw new Error(`The SetupIntent does not allow ${methodType}: ${JSON.stringify(intent.payment_method_types)}`);
    }
    if (wallet.behaviour === 'setup_declined') {
      const message = methodType === 'cashapp' ? 'The customer declined this payment in Cash App.' : 'Your card was declined.';
      Object.assign(intent, { status: 'requires_payment_method', last_setup_error: { type: 'card_error', code: 'payment_method_provider_decline', message } });
      return intent;
    }
    const { card: _card, ...withoutCard } = shaped('payment_method', {});
    const fields =
      methodType === 'card'
        ? {
            card: {
              ...fixturePart('payment_method', 'card'),
              brand: 'visa',
              last4: '4242',
              exp_month: 12,
              exp_year: new Date().getFullYear() + 2,
              wallet: { dynamic_last4: wallet.type === 'link_card' ? null : '4242', type: wallet.type === 'link_card' ? 'link' : wallet.type },
            },
          }
        : methodType === 'cashapp'
          ? { cashapp: { buyer_id: newId('cashapp_buyer'), cashtag: wallet.cashtag ?? '$pledger' } satisfies Stripe.PaymentMethod.Cashapp }
          : { link: { email: wallet.email ?? 'supporter@example.com' } satisfies Stripe.PaymentMethod.Link };
    const method = put({
      ...(methodType === 'card' ? shaped('payment_method', {}) : withoutCard),
      ...fields,
      id: newId('pm'),
      object: 'payment_method',
      type: methodType,
      billing_details: { ...fixturePart('payment_method', 'billing_details'), name: 'Dana Donor' },
      customer: intent.customer,
    });
    behaviourOf.set(String(method.id), wallet.behaviour ?? 'succeed');
    return Object.assign(intent, { status: 'succeeded', payment_method: method.id, last_setup_error: null });
  }

  /**
   * What `stripe.createPaymentMethod({ elements })` does in the browser with the Payment Element in
   * deferred mode (decision 245): a PaymentMethod of no customer, from a test card; `behaviour` of
   * the card is what its PaymentIntent does.
   */
  function createPaymentMethod(number: string, holderName = 'Vera Visitor') {
    const digits = number.replace(/\D/g, '');
    const behaviour = STAND_IN_CARDS[digits] ?? 'succeed';
    // A card typed into the Payment Element: no wallet (the fixture's example card has one).
    const card = {
      brand: digits.startsWith('4') ? 'visa' : 'mastercard',
      last4: digits.slice(-4),
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      wallet: null,
    };
    const method = put(
      shaped('payment_method', {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        card: { ...fixturePart('payment_method', 'card'), ...card },
        billing_details: { ...fixturePart('payment_method', 'billing_details'), name: holderName },
        customer: null,
      }),
    );
    behaviourOf.set(String(method.id), behaviour === 'setup_declined' ? 'card_declined' : behaviour);
    return method;
  }

  /** What Stripe Elements does in the browser: confirms the SetupIntent with a test card. */
  function confirmSetupIntent(setupIntentId: string, number: string, holderName = 'Dana Donor') {
    const intent = get(setupIntentId, 'setup_intent');
    const behaviour = STAND_IN_CARDS[number.replace(/\D/g, '')] ?? 'succeed';
    if (behaviour === 'setup_declined') {
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_setup_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      });
      return intent;
    }
    const digits = number.replace(/\D/g, '');
    const card = { brand: digits.startsWith('4') ? 'visa' : 'mastercard', last4: digits.slice(-4), exp_month: 12, exp_year: new Date().getFullYear() + 2 };
    const method = put(
      shaped('payment_method', {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        card: { ...fixturePart('payment_method', 'card'), ...card },
        billing_details: { ...fixturePart('payment_method', 'billing_details'), name: holderName },
        customer: intent.customer,
      }),
    );
    behaviourOf.set(String(method.id), behaviour);
    return Object.assign(intent, { status: 'succeeded', payment_method: method.id, last_setup_error: null });
  }
}

export type StripeStandIn = ReturnType<typeof createStripeStandIn>;

/** A webhook call as Stripe sends it, signed with the SDK's own test helper. */
export function signedStripeEvent(secret: string, type: string, object: Json, options: { id?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(
    shaped('event', {
      id: options.id ?? newId('evt'),
      object: 'event',
      type,
      data: { object },
      api_version: Stripe.API_VERSION,
      request: { id: null, idempotency_key: null },
    }),
  );
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
  return { body: payload, signature };
}
