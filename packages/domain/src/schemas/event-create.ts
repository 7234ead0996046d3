import { z } from 'zod';
import { isValidCardNumber } from '../cards.ts';
import { EventKind, FundingModel, OwnerEventDetail } from './event-response.ts';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_LIMIT_BYTES,
  EVENT_MESSAGES,
  MAX_DURATION_DAYS,
  RUNOFF_MIN_LEAD_DAYS,
  TARGET_MAX_DOLLARS,
  TARGET_MIN_DOLLARS,
  addDaysIso,
  categoriesField,
  checkEventDetails,
  descriptionField,
  dollarAmountField,
  earliestTodayIso,
  contactEmailField,
  emailAddressField,
  eventDateField,
  eventNameField,
  eventTimeField,
  imageDataField,
  isValidIsoDate,
  locationTypeField,
  onlineLinkField,
  optionalDollarAmountField,
  optionalImageField,
  optionalString,
  requiredString,
  targetAmountField,
} from './event-fields.ts';
import { EMAIL_PATTERN } from './common.ts';
import { RUNOFF_MESSAGES, RunoffChargeablePlaces } from './runoff.ts';

export const RunoffWinBy = z.enum(['donor_total', 'donation_total']);
export type RunoffWinBy = z.infer<typeof RunoffWinBy>;

export const RUNOFF_WIN_BY_LABELS: Record<RunoffWinBy, string> = {
  donor_total: 'Donor Total (one fixed amount, most supporters wins)',
  donation_total: 'Donation Total (any amount, highest sum wins)',
};
export const FUNDING_MODEL_LABELS: Record<FundingModel, string> = {
  all_or_nothing: 'All or Nothing',
  all_donations: 'All Donations',
};

/** Campaign options of step 1 (docs/product.md#campaign-life-cycle): kind, funding, charity, limits, schedule. */
const campaignOptionFields = {
  kind: EventKind.default('event'),
  fundingModel: FundingModel.default('all_donations'),
  charityId: z.string({ error: EVENT_MESSAGES.charityRequired }).uuid(EVENT_MESSAGES.charityRequired),
  donationLimit: optionalDollarAmountField(EVENT_MESSAGES.donationLimitRange, 1, TARGET_MAX_DOLLARS),
  startDate: z
    .string()
    .trim()
    .optional()
    .default('')
    .refine((value) => !value || isValidIsoDate(value), 'Please enter a valid date')
    .refine((value) => !value || !isValidIsoDate(value) || value >= earliestTodayIso(), EVENT_MESSAGES.startDatePast),
  durationDays: z
    .union([z.number(), z.string()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return MAX_DURATION_DAYS;
      const days = Number(value);
      if (!Number.isInteger(days)) {
        ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.durationMin });
        return z.NEVER;
      }
      if (days < 1) ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.durationMin });
      if (days > MAX_DURATION_DAYS) ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.durationMax });
      return days;
    }),
  runoffWinBy: z
    .union([RunoffWinBy, z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null),
  runoffFixedAmount: optionalDollarAmountField(EVENT_MESSAGES.runoffFixedAmountRange, 1, TARGET_MAX_DOLLARS),
  /** Runoffs: the lowest placement that may be charged, shown to supporters before they pledge (null = any). */
  runoffChargeablePlaces: RunoffChargeablePlaces,
};

type CampaignOptions = {
  kind: z.infer<typeof EventKind>;
  startDate: string;
  runoffWinBy: RunoffWinBy | null;
  runoffFixedAmount: number | null;
};

/** Rules across the options: a runoff is scheduled 7 days ahead and says how it is won. */
function checkCampaignOptions(value: CampaignOptions, ctx: z.RefinementCtx) {
  if (value.kind !== 'runoff') return;
  if (value.startDate && isValidIsoDate(value.startDate) && value.startDate < addDaysIso(earliestTodayIso(), RUNOFF_MIN_LEAD_DAYS)) {
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: EVENT_MESSAGES.runoffStart });
  }
  if (!value.runoffWinBy) ctx.addIssue({ code: 'custom', path: ['runoffWinBy'], message: EVENT_MESSAGES.runoffWinByRequired });
  if (value.runoffWinBy === 'donor_total' && value.runoffFixedAmount === null) {
    ctx.addIssue({ code: 'custom', path: ['runoffFixedAmount'], message: EVENT_MESSAGES.runoffFixedAmountRange });
  }
}

/** A document picked in the wizard: one, doc/docx/pdf, at most 10 MB. */
export const DocumentDraft = z
  .object({ name: z.string().min(1), size: z.number().int().nonnegative(), content: z.string() })
  .refine((doc) => DOCUMENT_EXTENSIONS.some((ext) => doc.name.toLowerCase().endsWith(`.${ext}`)), EVENT_MESSAGES.documentType)
  .refine((doc) => doc.size <= DOCUMENT_LIMIT_BYTES, EVENT_MESSAGES.documentTooLarge);
export type DocumentDraft = z.infer<typeof DocumentDraft>;

/** Wizard step 1, Create Event (the draft names of docs/product.md#3-data: eventDescription, categories as a list). */
export const BasicInfoStep = z
  .object({
    eventName: eventNameField,
    eventDescription: descriptionField,
    categories: categoriesField,
    targetAmount: targetAmountField,
    bannerImage: imageDataField(EVENT_MESSAGES.bannerRequired),
    documents: z.array(DocumentDraft).max(1, EVENT_MESSAGES.oneDocument).default([]),
    ...campaignOptionFields,
  })
  .superRefine(checkCampaignOptions);
export type BasicInfoStepInput = z.input<typeof BasicInfoStep>;
export type BasicInfoStep = z.output<typeof BasicInfoStep>;

/** Who a person in a campaign is, alike for its host and each participant. */
const personFields = {
  about: requiredString(EVENT_MESSAGES.aboutRequired, 120),
  fullName: requiredString(EVENT_MESSAGES.fullNameRequired, 100),
  email: emailAddressField,
  occupation: requiredString(EVENT_MESSAGES.occupationRequired, 120),
  companyName: optionalString(120),
};

/**
 * Wizard step 2, host block: fullName and email come read-only from the profile (the account's e-mail
 * is never shown publicly); `contactEmail`, empty unless the host fills it in, is shown on the page.
 */
export const HostStep = z.object({
  ...personFields,
  contactEmail: contactEmailField,
  aboutYou: optionalString(2000),
  profileImage: optionalImageField,
});
export type HostStepInput = z.input<typeof HostStep>;
export type HostStep = z.output<typeof HostStep>;

/** One participant (guest) form of step 2. */
export const ParticipantDraft = z.object({
  ...personFields,
  aboutParticipant: requiredString(EVENT_MESSAGES.aboutParticipantRequired, 2000),
  profileImage: optionalImageField,
});
export type ParticipantDraftInput = z.input<typeof ParticipantDraft>;
export type ParticipantDraft = z.output<typeof ParticipantDraft>;

/**
 * A runoff's option (a person, place or thing): a name, a description and an image. Role, e-mail
 * and occupation describe people and stay optional here; a given e-mail must still be valid.
 */
export const RunoffOptionDraft = ParticipantDraft.extend({
  about: optionalString(120),
  fullName: requiredString(RUNOFF_MESSAGES.optionNameRequired, 100),
  email: z
    .string()
    .trim()
    .max(254, EVENT_MESSAGES.emailInvalid)
    .refine((value) => !value || EMAIL_PATTERN.test(value), EVENT_MESSAGES.emailInvalid)
    .optional()
    .default(''),
  occupation: optionalString(120),
  aboutParticipant: requiredString(RUNOFF_MESSAGES.optionDescriptionRequired, 2000),
});

export const MAX_PARTICIPANTS = 20;
export const RUNOFF_MIN_OPTIONS = 2;
export const RUNOFF_MAX_OPTIONS = 8;

/** Participant count rule: at least one; a runoff's options are its participants (2 to 8). */
export function participantCountError(kind: z.infer<typeof EventKind>, count: number): string | undefined {
  if (kind === 'runoff' && (count < RUNOFF_MIN_OPTIONS || count > RUNOFF_MAX_OPTIONS)) return EVENT_MESSAGES.runoffParticipants;
  if (count < 1) return EVENT_MESSAGES.participantRequired;
  if (count > MAX_PARTICIPANTS) return EVENT_MESSAGES.participantsMax;
  return undefined;
}

/** Wizard step 3, Event Genre (skippable). */
export const EventDetailsStep = z
  .object({
    locationType: locationTypeField.default('physical'),
    eventDate: eventDateField,
    eventTime: eventTimeField,
    eventLocation: optionalString(300),
    onlineEventLink: onlineLinkField,
  })
  .superRefine((value, ctx) => checkEventDetails(value, ctx));
export type EventDetailsStepInput = z.input<typeof EventDetailsStep>;
export type EventDetailsStep = z.output<typeof EventDetailsStep>;

/** The fixed test-mode values of docs/product.md#demo-mode-and-test-mode; they are only displayed, never sent as card data. */
export const TEST_MODE_VALUES = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/25',
  cvv: '123',
  cardHolderName: 'Test User',
  amount: '100.00',
} as const;

export const fundingAmountField = dollarAmountField(
  { required: EVENT_MESSAGES.amountRequired, min: EVENT_MESSAGES.amountMin, max: EVENT_MESSAGES.amountMax },
  TARGET_MIN_DOLLARS,
  TARGET_MAX_DOLLARS,
);

/** Wizard step 5, Payment: test mode, a saved method, or a new card. */
export const PaymentStep = z
  .object({
    testMode: z.boolean(),
    // A radio group with none checked reads as null (saved cards listed, then test mode chosen).
    paymentMethod: z
      .string()
      .nullish()
      .transform((value) => value ?? ''),
    cardHolderName: z.string().trim().default(''),
    cardNumber: z.string().default(''),
    expiryDate: z.string().trim().default(''),
    cvv: z.string().trim().default(''),
    amount: fundingAmountField,
  })
  .superRefine((value, ctx) => {
    if (value.testMode) return;
    if (!value.paymentMethod) {
      ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: EVENT_MESSAGES.paymentMethodRequired });
      return;
    }
    if (value.paymentMethod !== 'new') return;
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!value.cardHolderName) add('cardHolderName', EVENT_MESSAGES.cardHolderRequired);
    if (!value.cardNumber.trim()) add('cardNumber', EVENT_MESSAGES.cardNumberRequired);
    else if (!isValidCardNumber(value.cardNumber)) add('cardNumber', EVENT_MESSAGES.cardNumberInvalid);
    if (!value.expiryDate) add('expiryDate', EVENT_MESSAGES.expiryRequired);
    else if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(value.expiryDate)) add('expiryDate', EVENT_MESSAGES.expiryInvalid);
    if (!value.cvv) add('cvv', EVENT_MESSAGES.cvvRequired);
    else if (!/^\d{3,4}$/.test(value.cvv)) add('cvv', EVENT_MESSAGES.cvvInvalid);
  });
export type PaymentStepInput = z.input<typeof PaymentStep>;
export type PaymentStep = z.output<typeof PaymentStep>;

/** docs/product.md#before-submission: these must be non-empty, else "Missing required fields: list". */
export const SUBMISSION_REQUIRED_FIELDS = [
  { label: 'Event name', get: (body: RawCreateBody) => body.eventName },
  { label: 'Event description', get: (body: RawCreateBody) => body.description },
  { label: 'Host name', get: (body: RawCreateBody) => body.hostData?.fullName },
  { label: 'Host email', get: (body: RawCreateBody) => body.hostData?.email },
  { label: 'Event date', get: (body: RawCreateBody) => body.eventDate },
  { label: 'Event time', get: (body: RawCreateBody) => body.eventTime },
] as const;

type RawCreateBody = {
  eventName?: unknown;
  description?: unknown;
  hostData?: { fullName?: unknown; email?: unknown } | null;
  eventDate?: unknown;
  eventTime?: unknown;
};

export function missingRequiredFields(body: unknown): string[] {
  const raw = (body && typeof body === 'object' ? body : {}) as RawCreateBody;
  const hostData = raw.hostData && typeof raw.hostData === 'object' ? raw.hostData : {};
  const safe = { ...raw, hostData };
  return SUBMISSION_REQUIRED_FIELDS.filter(({ get }) => {
    const value = get(safe);
    return typeof value !== 'string' || value.trim() === '';
  }).map(({ label }) => label);
}

export function missingFieldsMessage(labels: string[]): string {
  return `Missing required fields: ${labels.join(', ')}`;
}

/** POST /api/events/create: the JSON of docs/product.md#7-api-calls, plus the campaign options. */
export const CreateEventRequest = z
  .object({
    eventName: eventNameField,
    description: descriptionField,
    categories: categoriesField,
    targetAmount: targetAmountField,
    bannerImage: imageDataField(EVENT_MESSAGES.bannerRequired),
    aboutEventHost: requiredString(EVENT_MESSAGES.aboutRequired, 120),
    hostData: HostStep.omit({ about: true }),
    locationType: locationTypeField,
    eventDate: eventDateField,
    eventTime: eventTimeField,
    eventLocation: optionalString(300),
    onlineEventLink: onlineLinkField,
    // Only the shape here: a runoff's options and other kinds' participants (people) are checked below.
    guestData: z
      .array(RunoffOptionDraft.extend({ fullName: optionalString(100), aboutParticipant: optionalString(2000) }))
      .max(MAX_PARTICIPANTS, EVENT_MESSAGES.participantsMax),
    paymentAmount: fundingAmountField,
    paymentMethod: z.string().trim().max(100).optional().default(''),
    cardHolderName: z.string().trim().max(100).optional().default(''),
    /** Accepted for the payload shape of docs/product.md#7-api-calls and dropped at once: a card number is never stored. */
    cardNumber: z.string().max(30).optional(),
    ...campaignOptionFields,
  })
  .superRefine((value, ctx) => {
    checkEventDetails(value, ctx);
    checkCampaignOptions(value, ctx);
    const guestSchema = value.kind === 'runoff' ? RunoffOptionDraft : ParticipantDraft;
    value.guestData.forEach((guest, index) => {
      for (const issue of guestSchema.safeParse(guest).error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', path: ['guestData', index, ...issue.path], message: issue.message });
      }
    });
    const countError = participantCountError(value.kind, value.guestData.length);
    if (countError) ctx.addIssue({ code: 'custom', path: ['guestData'], message: countError });
  });
export type CreateEventRequestInput = z.input<typeof CreateEventRequest>;
export type CreateEventRequest = z.output<typeof CreateEventRequest>;

export const CreateEventResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  event: OwnerEventDetail.extend({ id: z.string() }),
});
export type CreateEventResponse = z.infer<typeof CreateEventResponse>;

/** POST /api/events/payment (docs/product.md#7-api-calls). */
export const EventPaymentRequest = z.object({
  event_id: z.string().uuid('Invalid id'),
  amount: fundingAmountField,
  test_mode: z.boolean().default(false),
  payment_method_id: z.uuid('Please select a payment method or add a new one').optional(),
});
export type EventPaymentRequestInput = z.input<typeof EventPaymentRequest>;

export const EventPaymentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  test_mode: z.boolean(),
  pledge_id: z.string().optional(),
  session: z.object({ url: z.string() }).optional(),
});
export type EventPaymentResponse = z.infer<typeof EventPaymentResponse>;
