import { z } from 'zod';
import { actionResponse, okResponse } from './common.ts';
import { CharityTransferRow, ConnectAccountState } from './charity-connect.ts';

/**
 * The charity portal (decision 135): an admin invites a charity's representatives by e-mail; a
 * representative sees that charity's campaigns, money, payouts (with the pledges each carried),
 * disputes and profile, edits the profile, and downloads payouts and supporters as CSV.
 */
export const PORTAL_MESSAGES = {
  emailRequired: 'Enter the e-mail address to invite',
  emailInvalid: 'Enter a valid e-mail address',
  invited: 'Invitation sent to {email}',
  alreadyRepresents: 'This person already represents the charity',
  invitationNotFound: 'This invitation link is not valid',
  invitationUsed: 'This invitation was accepted already',
  invitationExpired: 'This invitation has expired: ask the admin for a new one',
  invitationRevoked: 'This invitation was withdrawn',
  wrongAccount: 'This invitation was sent to {email}: sign in with that address to accept it',
  accepted: 'You now represent {charity}',
  charityNotFound: 'Charity not found',
  profileSaved: 'Profile saved',
  profileSubmitted: 'Sent for approval: the public profile changes once an admin approves it',
  changeNotFound: 'Profile change not found',
  changeDecided: 'This profile change was decided already, or replaced by a newer one',
  changeApproved: 'Profile change approved: the public profile now shows it',
  changeRejected: 'Profile change rejected; the representative was told',
  rejectReasonTooLong: 'Keep the reason under 1000 characters',
  representativeRemoved: 'Representative removed',
  linkInvalid: 'Enter a web address starting with http:// or https://',
  legalNameRequired: 'Enter the legal name',
  registrationRequired: 'Enter the registration number (EIN or national charity number)',
  registrationInvalid: 'Use letters, digits, spaces, dashes, dots and slashes only',
  notConnected: 'Not connected to Stripe yet',
} as const;

/** How long an invitation link stays valid. */
export const INVITATION_DAYS = 14;

export const InviteRepresentativeRequest = z.object({
  email: z
    .string({ error: PORTAL_MESSAGES.emailRequired })
    .trim()
    .min(1, PORTAL_MESSAGES.emailRequired)
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, PORTAL_MESSAGES.emailInvalid)
    .transform((value) => value.toLowerCase()),
});
export type InviteRepresentativeRequest = z.infer<typeof InviteRepresentativeRequest>;

export const Representative = z.object({ user_id: z.string(), name: z.string(), email: z.string(), since: z.string() });
export const PendingInvitation = z.object({ _id: z.string(), email: z.string(), expires_at: z.string(), created_at: z.string() });
export const RepresentativesResponse = okResponse(
  z.object({ charity_id: z.string(), representatives: z.array(Representative), invitations: z.array(PendingInvitation) }),
);
export type RepresentativesResponse = z.infer<typeof RepresentativesResponse>;
export const InviteRepresentativeResponse = actionResponse(PendingInvitation);

export const RepresentativeParams = z.object({ id: z.uuid(), userId: z.uuid() });
export const InvitationTokenParams = z.object({ token: z.string().min(20).max(200) });

export const InvitationPreviewResponse = okResponse(
  z.object({ charity_name: z.string(), email: z.string(), expires_at: z.string(), state: z.enum(['open', 'accepted', 'expired', 'revoked']) }),
);
export type InvitationPreviewResponse = z.infer<typeof InvitationPreviewResponse>;
export const AcceptInvitationResponse = actionResponse(z.object({ charity_id: z.string() }));

/** The registration number: an EIN (12-3456789) or a national charity number; what a tax office reads. */
export const REGISTRATION_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,38}[A-Za-z0-9]$/;

const webAddress = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(value), PORTAL_MESSAGES.linkInvalid);

/**
 * The profile a representative edits (multipart: these fields plus an optional `logo` image file;
 * the app never fetches a logo from an address). Legal name, registration number and address are
 * printed on every receipt and statement.
 */
export const CharityProfileFields = z.object({
  description: z.string().trim().max(2000).default(''),
  link: webAddress.default(''),
  legal_name: z.string().trim().min(1, PORTAL_MESSAGES.legalNameRequired).max(200),
  registration_number: z
    .string()
    .trim()
    .min(1, PORTAL_MESSAGES.registrationRequired)
    .max(40)
    .regex(REGISTRATION_NUMBER_PATTERN, PORTAL_MESSAGES.registrationInvalid),
  address: z.string().trim().max(500).default(''),
});
export type CharityProfileFields = z.infer<typeof CharityProfileFields>;
export type CharityProfileFieldsInput = z.input<typeof CharityProfileFields>;

export const CharityProfile = z.object({
  _id: z.string(),
  name: z.string(),
  logo: z.string(),
  link: z.string().nullable(),
  description: z.string(),
  legal_name: z.string(),
  registration_number: z.string(),
  address: z.string(),
});
export type CharityProfile = z.infer<typeof CharityProfile>;
export const CharityProfileResponse = actionResponse(CharityProfile);

/** A representative's profile edit waiting for an admin (decision 176): the fields as proposed. */
export const ProfileChange = z.object({
  _id: z.string(),
  proposed: CharityProfile.omit({ _id: true, name: true }),
  proposed_by: z.string().nullable(),
  created_at: z.string(),
});
export type ProfileChange = z.infer<typeof ProfileChange>;
/** PUT /api/portal/charities/{id}/profile: the edit is held; the live profile is unchanged until approved. */
export const ProfileSubmittedResponse = actionResponse(z.object({ profile: CharityProfile, pending_change: ProfileChange }));
export type ProfileSubmittedResponse = z.infer<typeof ProfileSubmittedResponse>;

/** GET /api/admin/charity-profile-changes: each pending change beside the charity's current profile. */
export const AdminProfileChange = ProfileChange.extend({ current: CharityProfile });
export type AdminProfileChange = z.infer<typeof AdminProfileChange>;
export const AdminProfileChangesResponse = okResponse(z.object({ items: z.array(AdminProfileChange) }));
export type AdminProfileChangesResponse = z.infer<typeof AdminProfileChangesResponse>;
export const DecideProfileChangeRequest = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'Choose to approve or reject the change' }),
  reason: z.string().trim().max(1000, PORTAL_MESSAGES.rejectReasonTooLong).default(''),
});
export type DecideProfileChangeRequest = z.input<typeof DecideProfileChangeRequest>;
export const DecideProfileChangeResponse = actionResponse(CharityProfile);

export const MyCharitiesResponse = okResponse(z.object({ charities: z.array(CharityProfile.pick({ _id: true, name: true, logo: true })) }));
export type MyCharitiesResponse = z.infer<typeof MyCharitiesResponse>;

export const PortalCampaign = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.string(),
  /** Charged from supporters (tips included), in dollars. */
  charged: z.number(),
  /** Tips to the platform within `charged`: not the charity's. */
  tips: z.number(),
  /** What the ledger credits the charity for this campaign, after fees, refunds and disputes. */
  for_charity: z.number(),
  charged_pledges: z.number(),
});
export const PayoutCarriedPledge = z.object({
  /** Null for what a payout carried beyond the campaigns' pledges (donations made on /charities). */
  pledge_id: z.string().nullable(),
  campaign: z.string().nullable(),
  /** As the supporter chose to be shown: their name, a sponsor's chosen name, or "Anonymous". */
  supporter: z.string(),
  amount: z.number(),
});
export type PayoutCarriedPledge = z.infer<typeof PayoutCarriedPledge>;
/** The lines of one payout the portal lists; the payouts CSV has every one. */
export const PAYOUT_LINES_SHOWN = 50;
export const PortalPayout = z.object({
  _id: z.string(),
  amount: z.number(),
  paid_on: z.string(),
  reference: z.string(),
  /** How many lines the payout carried: `pledges` lists the first PAYOUT_LINES_SHOWN of them. */
  pledge_count: z.number(),
  pledges: z.array(PayoutCarriedPledge),
});
export const PortalDispute = z.object({
  _id: z.string(),
  opened_at: z.string(),
  status: z.enum(['open', 'won', 'lost']),
  reason: z.string(),
  campaign: z.string().nullable(),
  amount: z.number(),
  /** What the dispute took from the charity's money (given back if won). */
  charity_share: z.number(),
});
/**
 * The charity's connected account (Stripe Connect) as the provider last reported it, null while it
 * has none, and its transfers and reversals with the pledge each carried, newest first.
 */
export const PortalConnect = z.object({
  account: ConnectAccountState.nullable(),
  transfers: z.array(CharityTransferRow),
});
export const PortalOverview = z.object({
  charity: CharityProfile,
  money: z.object({ charged: z.number(), tips: z.number(), for_charity: z.number(), paid: z.number(), payable: z.number() }),
  campaigns: z.array(PortalCampaign),
  payouts: z.array(PortalPayout),
  disputes: z.array(PortalDispute),
  connect: PortalConnect,
  /** The representatives' profile edit waiting for an admin; null when none. */
  pending_change: ProfileChange.nullable(),
});
export type PortalOverview = z.infer<typeof PortalOverview>;
export const PortalOverviewResponse = okResponse(PortalOverview);
export type PortalOverviewResponse = z.infer<typeof PortalOverviewResponse>;

/** PUT /api/me/statement-emails: the yearly statement by e-mail in January, on or off (decision 138). */
export const StatementEmailsRequest = z.object({ enabled: z.boolean() });
export const StatementEmailsResponse = actionResponse(z.object({ enabled: z.boolean() }));
