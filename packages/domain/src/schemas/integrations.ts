import { z } from 'zod';
import { actionResponse, okResponse } from './common.ts';

/**
 * Connections to a host's own tools (decisions 145–149): signed webhooks, personal API keys and
 * CSV exports. One schema per payload, shared by the forms, the routes and the OpenAPI document.
 */

/** The events a webhook endpoint may subscribe to; the envelope's `type`. */
export const WEBHOOK_EVENT_TYPES = [
  'pledge.created',
  'pledge.charged',
  'pledge.failed',
  'campaign.completed',
  'campaign.closed',
  'donation.made',
  'monthly_gift.charged',
  'payout.made',
  'transfer.made',
  'transfer.reversed',
  'dispute.opened',
  'dispute.closed',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'pledge.created': 'A pledge is made',
  'pledge.charged': 'A pledge is charged',
  'pledge.failed': 'A pledge’s charge fails',
  'campaign.completed': 'A campaign is completed',
  'campaign.closed': 'A campaign is closed',
  'donation.made': 'A donation is made to the charity',
  'monthly_gift.charged': 'A monthly gift to the charity is charged',
  'payout.made': 'A payout to the charity is recorded',
  'transfer.made': 'A transfer reaches the charity’s Stripe account',
  'transfer.reversed': 'A transfer is taken back from the charity’s Stripe account (a disputed charge)',
  'dispute.opened': 'A bank dispute is opened',
  'dispute.closed': 'A bank dispute is closed',
};

/**
 * Who may subscribe to which event (decision 180): a host hears of their campaigns' pledges,
 * campaigns and disputes; a charity of its donations, monthly gifts, payouts, transfers and disputes.
 */
export const WEBHOOK_EVENT_TYPES_BY_OWNER = {
  host: ['pledge.created', 'pledge.charged', 'pledge.failed', 'campaign.completed', 'campaign.closed', 'dispute.opened', 'dispute.closed'],
  charity: ['donation.made', 'monthly_gift.charged', 'payout.made', 'transfer.made', 'transfer.reversed', 'dispute.opened', 'dispute.closed'],
} as const satisfies Record<string, readonly WebhookEventType[]>;
export type WebhookOwnerType = keyof typeof WEBHOOK_EVENT_TYPES_BY_OWNER;

/** The scopes an API key may carry. Money-moving routes take no key at all. */
export const API_KEY_SCOPES = ['campaigns:read', 'pledges:read', 'updates:write', 'webhooks:manage'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'campaigns:read': 'Read your campaigns',
  'pledges:read': "Read and export your campaigns' supporters (and your charity's donors)",
  'updates:write': 'Post updates on your campaigns',
  'webhooks:manage': 'Manage your (and your charity’s) webhook endpoints',
};

export const INTEGRATION_MESSAGES = {
  urlRequired: 'Enter the address that receives the events',
  urlInvalid: 'Enter a full https:// address',
  urlRefused: 'That address is on a private network or this machine: events are sent only to public addresses',
  eventsRequired: 'Choose at least one event',
  descriptionMax: 'Keep the description under 200 characters',
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  endpointCreated: 'Endpoint added. Copy its signing secret now: it is not shown again.',
  endpointUpdated: 'Endpoint saved',
  endpointDeleted: 'Endpoint deleted',
  secretRotated: 'New signing secret made. The old one stays valid for 24 hours. Copy the new one now: it is not shown again.',
  testQueued: 'A test event is queued for this endpoint; its delivery shows in the log below.',
  redeliveryQueued: 'The event is queued again for this endpoint; the attempt shows in the log.',
  nameRequired: 'Name the key',
  nameMax: 'Keep the name under 60 characters',
  scopesRequired: 'Choose at least one scope',
  expiryPast: 'The expiry must be in the future',
  keyCreated: 'Key created. Copy it now: it is not shown again.',
  keyRevoked: 'Key revoked',
  keyNotFound: 'API key not found',
  keyScope: 'This API key does not have the scope this call needs',
  keyNotAllowed: 'This call is not open to API keys',
  charityNotFound: 'Charity not found among those you represent',
  eventsNotForOwner: 'Choose only events this owner receives',
  keyRateLimited: 'This API key made too many calls; wait a minute',
} as const;

const MAX_URL = 2048;

/** POST /api/webhooks/endpoints: where to send, and which events. */
export const WebhookEndpointRequest = z.object({
  url: z
    .string({ error: INTEGRATION_MESSAGES.urlRequired })
    .trim()
    .min(1, INTEGRATION_MESSAGES.urlRequired)
    .max(MAX_URL, INTEGRATION_MESSAGES.urlInvalid)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, INTEGRATION_MESSAGES.urlInvalid),
  event_types: z.array(WebhookEventType, { error: INTEGRATION_MESSAGES.eventsRequired }).min(1, INTEGRATION_MESSAGES.eventsRequired),
  description: z.string().trim().max(200, INTEGRATION_MESSAGES.descriptionMax).default(''),
});
export type WebhookEndpointRequest = z.infer<typeof WebhookEndpointRequest>;
export type WebhookEndpointRequestInput = z.input<typeof WebhookEndpointRequest>;

/** PATCH /api/webhooks/endpoints/{id}: subscribe to other events, or turn the endpoint on or off. */
export const WebhookEndpointPatch = z.object({
  event_types: WebhookEndpointRequest.shape.event_types.optional(),
  description: WebhookEndpointRequest.shape.description.optional(),
  enabled: z.boolean().optional(),
});

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(WebhookEventType),
  /** `disabled`: turned off by its owner, or after failing for 3 days (`disabled_reason`). */
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  /** While a rotated secret is still accepted by the signature (24 hours). */
  previous_secret_expires_at: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointsResponse = okResponse(z.object({ endpoints: z.array(WebhookEndpoint) }));
/** The endpoint with its signing secret: answered once, when made or rotated. */
export const WebhookEndpointSecretResponse = actionResponse(z.object({ endpoint: WebhookEndpoint, secret: z.string() }));
export const WebhookEndpointResponse = actionResponse(z.object({ endpoint: WebhookEndpoint }));

export const WebhookAttempt = z.object({
  at: z.string(),
  /** The receiver's HTTP status, or null when no answer came (refused address, timeout, network error). */
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  /** The first 1 KB of the answer, or why there was none. */
  response: z.string(),
  ok: z.boolean(),
});

export const WebhookDelivery = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  /** `pending`: waiting for its next attempt; `delivered`: a 2xx came back; `failed`: given up after 3 days. */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  log: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveriesResponse = okResponse(z.object({ deliveries: z.array(WebhookDelivery) }));
export const WebhookActionResponse = actionResponse(z.object({ id: z.string() }));

/** POST /api/api-keys. */
export const ApiKeyRequest = z.object({
  name: z.string({ error: INTEGRATION_MESSAGES.nameRequired }).trim().min(1, INTEGRATION_MESSAGES.nameRequired).max(60, INTEGRATION_MESSAGES.nameMax),
  scopes: z
    .array(ApiKeyScope, { error: INTEGRATION_MESSAGES.scopesRequired })
    .min(1, INTEGRATION_MESSAGES.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
  /** An optional last day (a date or an instant); the key stops working after it. */
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type ApiKeyRequestInput = z.input<typeof ApiKeyRequest>;

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters: how lists name it (the rest is never stored). */
  prefix: z.string(),
  scopes: z.array(ApiKeyScope),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  created_at: z.string(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeysResponse = okResponse(z.object({ keys: z.array(ApiKey) }));
export const ApiKeyCreatedResponse = actionResponse(z.object({ key: ApiKey, secret: z.string() }));
export const ApiKeyRevokedResponse = actionResponse(z.object({ key: ApiKey }));
