import { z } from 'zod';
import { EventKind, EventStatusSchema, FundingModel, OwnerEventDetail } from './event-response.ts';
import { ChargeFigures } from './lifecycle.ts';
import { PledgeStatusSchema } from './my-pledges.ts';
import { actionResponse, okResponse, PagedQuery, pagedResponse, PagedSearchQuery } from './common.ts';
import { MonthlyGivingTotals } from './monthly-giving-admin.ts';

/** The admin console's own endpoints (everything under /api/admin that is not a life-cycle action). Money in dollars at this edge. */
export const ADMIN_MESSAGES = {
  nameRequired: 'Name is required',
  groupRequired: 'Choose a group or type a new one',
  linkInvalid: 'Enter a full link starting with https://',
  charityCreated: 'Charity added',
  charityUpdated: 'Charity saved',
  groupCreated: 'Group added',
  groupTitleRequired: 'Group title is required',
  groupTaken: 'A group with this title already exists',
  userDisabled: 'Account disabled. Every session of this user has ended.',
  userEnabled: 'Account enabled. The user can log in again.',
  cannotDisableSelf: 'You cannot disable your own account',
  messageHandled: 'Marked as handled',
  messageReopened: 'Marked as open',
} as const;

/** Who someone is, as a row names them (a campaign's owner, a pledge's donor). */
const PersonRef = z.object({ _id: z.string(), name: z.string(), email: z.string() });
/** Identity verification of a person (Stripe Identity or the sandbox). */
export const IdentityStatusSchema = z.enum(['unverified', 'pending', 'verified', 'failed']);

/* Dashboard */

export const DashboardSeriesPoint = z.object({ date: z.string(), pledged: z.number(), charged: z.number() });
export type DashboardSeriesPoint = z.infer<typeof DashboardSeriesPoint>;

export const AdminDashboard = z.object({
  campaigns_by_status: z.record(EventStatusSchema, z.number()),
  pending_reviews: z.object({ count: z.number(), oldest_waiting_since: z.string().nullable() }),
  money: z.object({
    /** Pledges still valid (pending, charged, failed within its window). */
    pledged: z.number(),
    charged: z.number(),
    platform_fees: z.number(),
    tips: z.number(),
    payable_to_charities: z.number(),
    failed_charges: z.number(),
    failed_count: z.number(),
  }),
  /** The last 30 days, oldest first, one point per day (UTC). */
  series: z.array(DashboardSeriesPoint),
  /** Monthly recurring giving this month (the admin console's monthly giving page has the detail). */
  monthly_giving: MonthlyGivingTotals,
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
export const AdminDashboardResponse = okResponse(AdminDashboard);
export type AdminDashboardResponse = z.infer<typeof AdminDashboardResponse>;

/* Campaigns */

export const ADMIN_CAMPAIGN_SORTS = ['created_at', 'updated_at', 'name', 'target', 'pledged', 'status'] as const;
export const AdminCampaignsQuery = PagedSearchQuery.extend({
  kind: EventKind.optional(),
  status: EventStatusSchema.optional(),
  charity_id: z.uuid().optional(),
  sort: z.enum(ADMIN_CAMPAIGN_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminCampaignsQuery = z.infer<typeof AdminCampaignsQuery>;
export type AdminCampaignsQueryInput = z.input<typeof AdminCampaignsQuery>;

/** A campaign's money at a glance: what the console's campaign rows and charge queue share. */
const CampaignMoney = z.object({
  _id: z.string(),
  name: z.string(),
  funding_model: FundingModel,
  target_amount: z.number(),
  pledged_amount: z.number(),
  pledge_count: z.number(),
});

export const AdminCampaignRow = CampaignMoney.extend({
  kind: EventKind,
  status: EventStatusSchema,
  charity: z.object({ _id: z.string(), name: z.string() }).nullable(),
  owner: PersonRef,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCampaignRow = z.infer<typeof AdminCampaignRow>;
export const AdminCampaignsResponse = pagedResponse(AdminCampaignRow);
export type AdminCampaignsResponse = z.infer<typeof AdminCampaignsResponse>;

/** Failed pledges have a 7-day window (docs/product.md#pledge-states) before they are dropped. */
export const FAILED_PLEDGE_WINDOW_DAYS = 7;

export const AdminPledgeRow = z.object({
  _id: z.string(),
  event: z.object({ _id: z.string(), name: z.string() }),
  donor: PersonRef.nullable(),
  amount: z.number(),
  tip: z.number(),
  charged_amount: z.number().nullable(),
  status: PledgeStatusSchema,
  failure_reason: z.string().nullable(),
  failed_at: z.string().nullable(),
  window_ends_at: z.string().nullable(),
  is_creator_pledge: z.boolean(),
  anonymous: z.boolean(),
  created_at: z.string(),
  charged_at: z.string().nullable(),
});
export type AdminPledgeRow = z.infer<typeof AdminPledgeRow>;
/** A campaign's pledges; `sandbox`: the sandbox provider is on, so the console offers its dispute tool on a charged pledge. */
export const AdminPledgesResponse = okResponse(z.object({ items: z.array(AdminPledgeRow), sandbox: z.boolean() }));
export type AdminPledgesResponse = z.infer<typeof AdminPledgesResponse>;

/** Completed campaigns waiting for the admin's charge, with what All or Nothing will do. */
export const AdminChargeQueueRow = CampaignMoney.omit({ pledged_amount: true, pledge_count: true }).extend({
  completed_at: z.string().nullable(),
  /** What the run compares with an All or Nothing target: pending, charged and failed pledges, the creator's funding included. */
  counted_amount: z.number(),
  /** What the run charges (or releases, `charge.outcome`): the same figures as the host's Complete confirmation. */
  charge: ChargeFigures,
  charge_run_id: z.string().nullable(),
  /** `held`: the deadline created the run and an admin's hold keeps it waiting (decision 068). */
  charge_run_status: z.enum(['held', 'running', 'finished']).nullable(),
  /** The run was started by the deadline job, not by an admin. */
  charged_at_deadline: z.boolean(),
  kind: EventKind,
  /** An admin has put the campaign's charge on hold. */
  held: z.boolean(),
});
export type AdminChargeQueueRow = z.infer<typeof AdminChargeQueueRow>;
export const AdminChargeQueueResponse = okResponse(z.object({ waiting: z.array(AdminChargeQueueRow), failed: z.array(AdminPledgeRow) }));
export type AdminChargeQueueResponse = z.infer<typeof AdminChargeQueueResponse>;

/* Review queue */

export const AdminReviewQueueItem = z.object({
  _id: z.string(),
  name: z.string(),
  kind: EventKind,
  owner_name: z.string(),
  waiting_since: z.string(),
});
export type AdminReviewQueueItem = z.infer<typeof AdminReviewQueueItem>;
export const AdminReviewQueueResponse = okResponse(z.object({ items: z.array(AdminReviewQueueItem) }));
export type AdminReviewQueueResponse = z.infer<typeof AdminReviewQueueResponse>;

export const AdminReviewDetail = z.object({
  event: OwnerEventDetail,
  owner: PersonRef.extend({ identity_status: IdentityStatusSchema, disabled: z.boolean() }),
  /** The creator's funding pledge and its state; null when none was made. */
  funding: AdminPledgeRow.pick({ _id: true, amount: true, status: true, charged_amount: true, failure_reason: true, created_at: true }).nullable(),
  waiting_since: z.string(),
});
export type AdminReviewDetail = z.infer<typeof AdminReviewDetail>;
export const AdminReviewDetailResponse = okResponse(AdminReviewDetail);
export type AdminReviewDetailResponse = z.infer<typeof AdminReviewDetailResponse>;

/* Charities */

export const AdminCharity = z.object({
  _id: z.string(),
  name: z.string(),
  group: z.object({ _id: z.string(), title: z.string() }),
  logo: z.string(),
  link: z.string().nullable(),
  description: z.string(),
  hidden: z.boolean(),
  position: z.number(),
  campaign_count: z.number(),
});
export type AdminCharity = z.infer<typeof AdminCharity>;
export const AdminCharityGroup = z.object({ _id: z.string(), title: z.string(), position: z.number() });
export type AdminCharityGroup = z.infer<typeof AdminCharityGroup>;
export const AdminCharitiesResponse = okResponse(z.object({ charities: z.array(AdminCharity), groups: z.array(AdminCharityGroup) }));
export type AdminCharitiesResponse = z.infer<typeof AdminCharitiesResponse>;
export const AdminCharityResponse = actionResponse(AdminCharity);
export type AdminCharityResponse = z.infer<typeof AdminCharityResponse>;

const formBoolean = z.union([z.boolean(), z.enum(['true', 'false', 'on', ''])]).transform((value) => value === true || value === 'true' || value === 'on');

/** The charity form (multipart: these fields plus an optional `logo` image). */
export const CharityFields = z.object({
  name: z.string({ error: ADMIN_MESSAGES.nameRequired }).trim().min(1, ADMIN_MESSAGES.nameRequired).max(200),
  group_id: z.uuid({ error: ADMIN_MESSAGES.groupRequired }),
  link: z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(value), ADMIN_MESSAGES.linkInvalid)
    .default(''),
  description: z.string().trim().max(2000).default(''),
  hidden: formBoolean.default(false),
});
export type CharityFields = z.infer<typeof CharityFields>;
export type CharityFieldsInput = z.input<typeof CharityFields>;

export const CharityGroupRequest = z.object({
  title: z.string({ error: ADMIN_MESSAGES.groupTitleRequired }).trim().min(1, ADMIN_MESSAGES.groupTitleRequired).max(120),
});
export type CharityGroupRequest = z.infer<typeof CharityGroupRequest>;
export const AdminCharityGroupResponse = actionResponse(AdminCharityGroup);

export const CharityVisibilityRequest = z.object({ hidden: z.boolean() });

/* People */

export const AdminUsersQuery = PagedSearchQuery.extend({ status: z.enum(['all', 'active', 'disabled']).default('all') });
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;
export type AdminUsersQueryInput = z.input<typeof AdminUsersQuery>;

export const AdminUserRow = PersonRef.extend({
  role: z.enum(['user', 'admin']),
  identity_status: IdentityStatusSchema,
  disabled_at: z.string().nullable(),
  created_at: z.string(),
  campaign_count: z.number(),
  pledge_count: z.number(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUsersResponse = pagedResponse(AdminUserRow);
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const AdminUserDetailResponse = okResponse(z.object({ user: AdminUserRow, campaigns: z.array(AdminCampaignRow), pledges: z.array(AdminPledgeRow) }));
export type AdminUserDetailResponse = z.infer<typeof AdminUserDetailResponse>;
export const AdminUserActionResponse = actionResponse(AdminUserRow);
export type AdminUserActionResponse = z.infer<typeof AdminUserActionResponse>;

/* Messages */

export const AdminMessagesQuery = PagedQuery.extend({ state: z.enum(['all', 'open', 'handled']).default('open') });
export type AdminMessagesQueryInput = z.input<typeof AdminMessagesQuery>;
export const AdminContactMessage = z.object({
  _id: z.string(),
  tab: z.enum(['organizer', 'support']),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  event_name: z.string(),
  message: z.string(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessage>;
export const AdminMessagesResponse = pagedResponse(AdminContactMessage);
export type AdminMessagesResponse = z.infer<typeof AdminMessagesResponse>;
export const MessageHandledRequest = z.object({ handled: z.boolean() });
export const AdminMessageActionResponse = actionResponse(AdminContactMessage);

export const AdminSubscriber = z.object({ _id: z.string(), email: z.string(), confirmed_at: z.string().nullable(), created_at: z.string() });
export type AdminSubscriber = z.infer<typeof AdminSubscriber>;
export const AdminSubscribersQuery = PagedQuery;
export const AdminSubscribersResponse = pagedResponse(AdminSubscriber);
export type AdminSubscribersResponse = z.infer<typeof AdminSubscribersResponse>;

/* Audit log */

export const AdminAuditQuery = PagedQuery.extend({
  action: z.string().trim().max(100).default(''),
  actor: z.string().trim().max(200).default(''),
  target: z.string().trim().max(200).default(''),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;
export type AdminAuditQueryInput = z.input<typeof AdminAuditQuery>;
export const AdminAuditEntry = z.object({
  id: z.number(),
  actor_id: z.string().nullable(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;
export const AdminAuditResponse = pagedResponse(AdminAuditEntry);
export type AdminAuditResponse = z.infer<typeof AdminAuditResponse>;

/* Money core's admin endpoints: the payouts answer is PayoutsResponse in money-admin.ts. */

export const MarkPayoutRequest = z.object({
  charity_id: z.uuid(),
  amount: z.number().positive('Amount must be more than $0'),
  reference: z.string().trim().min(1, 'Reference is required').max(200),
  paid_on: z.iso.date('Date is required'),
});
export type MarkPayoutRequest = z.infer<typeof MarkPayoutRequest>;
