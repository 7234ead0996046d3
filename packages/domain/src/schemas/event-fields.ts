import { z } from 'zod';
import { EMAIL_PATTERN } from './common.ts';
import { DOCUMENT_LIMIT_BYTES, IMAGE_LIMIT_BYTES } from '../upload-limits.ts';

export { DOCUMENT_LIMIT_BYTES, IMAGE_LIMIT_BYTES };

export { MAX_DURATION_DAYS } from '../deadline.ts';

/**
 * Field validators shared by the Create Event wizard, the edit form and the API, with the messages of
 * docs/product.md#5-forms word for word (docs/product.md#10-chosen-readings for the $100 minimum).
 */
/** Widest banner kept: sharp full width at 1440 px and on a 3x phone (the crop keeps the source's pixels up to this). */
export const BANNER_MAX_WIDTH = 2400;

export const EVENT_MESSAGES = {
  nameRequired: 'Event name is required',
  nameMin: 'Event name must be at least 3 characters',
  nameMax: 'Event name cannot exceed 120 characters',
  categoriesRequired: 'Please add at least one category',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description cannot exceed 250 words',
  targetRequired: 'Target amount is required',
  targetMin: 'Amount must be at least $100',
  targetMax: 'Amount cannot exceed $50,000',
  bannerRequired: 'Banner image is required',
  imageTooLarge: 'Image size should not exceed 5MB',
  imageUploadFailed: 'Failed to upload image',
  selectImage: 'Please select an image file',
  uploadImage: 'Please upload an image file',
  oneDocument: 'Only one document can be uploaded',
  documentTooLarge: 'Document size should not exceed 10MB',
  documentType: 'Only .doc, .docx and .pdf documents can be uploaded',
  aboutRequired: 'About is required',
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  occupationRequired: 'Occupation is required',
  aboutParticipantRequired: 'About participant is required',
  participantsFillAll: 'Please fill in all required fields',
  participantAdded: 'Participant added successfully',
  participantRequired: 'Please add at least one participant',
  participantsMax: 'A campaign can have at most 20 participants',
  runoffParticipants: 'A runoff competition needs 2 to 8 participants',
  hostImageUpdated: 'Host image updated successfully',
  participantImageUpdated: 'Participant image updated successfully',
  imageUpdated: 'Image updated successfully',
  eventDatePast: 'Event date cannot be in the past',
  eventDateRequired: 'Event date is required',
  eventTimeRequired: 'Event time is required',
  dateInvalid: 'Please enter a valid date',
  timeInvalid: 'Please enter a valid time',
  locationRequiredWhenScheduled: 'Physical event location is required when date/time are set',
  linkRequiredWhenScheduled: 'Online event link is required when date/time are set',
  locationRequired: 'Event location is required',
  linkRequired: 'Online event link is required',
  invalidUrl: 'Please enter a valid URL',
  kindRequired: 'Please choose a campaign type',
  charityRequired: 'Please choose a beneficiary charity',
  donationLimitRange: 'Donation limit must be between $1 and $50,000',
  startDatePast: 'Start date cannot be in the past',
  runoffStart: 'Runoff competitions must start at least 7 days ahead',
  durationMax: 'Campaign duration cannot exceed 30 days',
  durationMin: 'Campaign duration must be at least 1 day',
  runoffWinByRequired: 'Please choose how the runoff is won',
  runoffFixedAmountRange: 'Fixed donation amount must be between $1 and $50,000',
  stepIncomplete: 'Please complete all required fields before proceeding.',
  submitIncomplete: 'Please complete all required fields before submitting',
  paymentMethodRequired: 'Please select a payment method or add a new one',
  cardHolderRequired: 'Card holder name is required',
  cardNumberRequired: 'Card number is required',
  cardNumberInvalid: 'Please enter a valid card number',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: 'Please enter a valid expiry date (MM/YY)',
  cvvRequired: 'CVV is required',
  cvvInvalid: 'Please enter a valid CVV',
  amountRequired: 'Amount is required',
  amountMin: 'Amount must be at least $100',
  amountMax: 'Amount cannot exceed $50,000',
  creating: 'Creating your event...',
  created: 'Event created successfully!',
  createFailed: 'Failed to create event. Please try again.',
  navigationFailed: 'Event created but navigation failed. Please check your events page.',
  testPaymentProcessed: 'Test payment processed successfully!',
  identityRequired: 'Please verify your identity before creating an event',
  profileIncomplete: 'Please complete your profile first to create an event',
  eventNotFound: 'Event not found',
  updated: 'Event updated successfully!',
  updateFailed: 'Failed to update event',
  participantImageSaved: 'Profile image updated successfully',
  participantRemoved: 'Participant removed successfully',
  lastParticipant: 'A campaign needs at least one participant. Add another participant before removing this one.',
  participantRemoveFailed: 'Failed to remove participant',
  removeParticipantConfirm: 'Are you sure you want to remove this participant?',
} as const;

export const DESCRIPTION_MAX_WORDS = 250;
export const TARGET_MIN_DOLLARS = 100;
export const TARGET_MAX_DOLLARS = 50_000;
export const RUNOFF_MIN_LEAD_DAYS = 7;
export const DOCUMENT_EXTENSIONS = ['doc', 'docx', 'pdf'] as const;

/** Words split by whitespace, as docs/product.md#basic-information counts them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Bytes a base64 payload (with or without a data: prefix) decodes to. */
export function base64Bytes(data: string): number {
  const payload = data.replace(/^data:[^;]+;base64,/, '').replace(/\s/g, '');
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((payload.length * 3) / 4) - padding);
}

/**
 * The earliest calendar date it still is anywhere on Earth (UTC−12). Browser and server may sit
 * in different time zones; comparing with this date never refuses someone's "today".
 */
export function earliestTodayIso(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus `days`, in UTC calendar terms. */
export function addDaysIso(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname.includes('.') || url.hostname === 'localhost');
  } catch {
    return false;
  }
}

/** Trimmed required text with a length cap. */
export function requiredString(message: string, max = 2000, maxMessage?: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, maxMessage ?? `Cannot exceed ${max} characters`);
}

export function optionalString(max = 2000) {
  return z.string().trim().max(max, `Cannot exceed ${max} characters`).optional().default('');
}

export const eventNameField = z
  .string({ error: EVENT_MESSAGES.nameRequired })
  .trim()
  .min(1, EVENT_MESSAGES.nameRequired)
  .min(3, EVENT_MESSAGES.nameMin)
  .max(120, EVENT_MESSAGES.nameMax);

export const descriptionField = z
  .string({ error: EVENT_MESSAGES.descriptionRequired })
  .trim()
  .min(1, EVENT_MESSAGES.descriptionRequired)
  .max(5000, EVENT_MESSAGES.descriptionTooLong)
  .refine((text) => countWords(text) <= DESCRIPTION_MAX_WORDS, EVENT_MESSAGES.descriptionTooLong);

const categoryItem = z.string().trim().min(1).max(40, 'A category cannot exceed 40 characters');

/** Categories as an array (wizard) or comma-joined text (API, docs/product.md#7-api-calls). Duplicates dropped. */
export const categoriesField = z
  .union([z.array(z.string()), z.string()], { error: EVENT_MESSAGES.categoriesRequired })
  .transform((value) => {
    const list = (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean);
    return [...new Set(list)];
  })
  .pipe(z.array(categoryItem).min(1, EVENT_MESSAGES.categoriesRequired).max(10, 'At most 10 categories can be added'));

/** A dollar amount typed as text or sent as a number: digits and one decimal point, two decimals at most. */
export function dollarAmountField(messages: { required: string; min: string; max: string }, min: number, max: number) {
  return z.union([z.number(), z.string()], { error: messages.required }).transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: messages.required });
      return z.NEVER;
    }
    if (!/^\d+(\.\d+)?$/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: messages.required });
      return z.NEVER;
    }
    const amount = Number(text);
    if (amount < min) {
      ctx.addIssue({ code: 'custom', message: messages.min });
      return z.NEVER;
    }
    if (amount > max) {
      ctx.addIssue({ code: 'custom', message: messages.max });
      return z.NEVER;
    }
    if (!/^\d+(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Use at most two decimals' });
      return z.NEVER;
    }
    return amount;
  });
}

export const targetAmountField = dollarAmountField(
  { required: EVENT_MESSAGES.targetRequired, min: EVENT_MESSAGES.targetMin, max: EVENT_MESSAGES.targetMax },
  TARGET_MIN_DOLLARS,
  TARGET_MAX_DOLLARS,
);

/** An optional amount: empty means "not set" (null). */
export function optionalDollarAmountField(message: string, min: number, max: number) {
  return z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
      const text = String(value).trim();
      const amount = Number(text);
      if (!/^\d+(\.\d{1,2})?$/.test(text) || amount < min || amount > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return amount;
    });
}

/** An image as a data URL or bare base64 (the payload of docs/product.md#7-api-calls), at most 5 MB decoded. */
export function imageDataField(requiredMessage?: string) {
  const base = requiredMessage ? z.string({ error: requiredMessage }).min(1, requiredMessage) : z.string();
  return base.refine((data) => !data || base64Bytes(data) <= IMAGE_LIMIT_BYTES, EVENT_MESSAGES.imageTooLarge);
}

export const optionalImageField = z.string().optional().default('').pipe(imageDataField());

/** Date text that is empty or YYYY-MM-DD and not in the past. */
export const eventDateField = z
  .string()
  .trim()
  .optional()
  .default('')
  .refine((value) => !value || isValidIsoDate(value), EVENT_MESSAGES.dateInvalid)
  .refine((value) => !value || !isValidIsoDate(value) || value >= earliestTodayIso(), EVENT_MESSAGES.eventDatePast);

export const eventTimeField = z
  .string()
  .trim()
  .optional()
  .default('')
  .refine((value) => !value || TIME.test(value), EVENT_MESSAGES.timeInvalid)
  .transform((value) => value.slice(0, 5));

/** physical | virtual; `online` is read as virtual (docs/product.md#10-chosen-readings). */
export const locationTypeField = z
  .enum(['physical', 'virtual', 'online'], { error: 'Please choose physical or virtual' })
  .transform((value) => (value === 'online' ? 'virtual' : value) as 'physical' | 'virtual');

export const onlineLinkField = z
  .string()
  .trim()
  .max(2000, EVENT_MESSAGES.invalidUrl)
  .optional()
  .default('')
  .refine((value) => !value || isValidUrl(value), EVENT_MESSAGES.invalidUrl);

export const emailAddressField = z
  .string({ error: EVENT_MESSAGES.emailRequired })
  .trim()
  .min(1, EVENT_MESSAGES.emailRequired)
  .max(254, EVENT_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, EVENT_MESSAGES.emailInvalid)
  .transform((value) => value.toLowerCase());

/**
 * The host's public contact e-mail (decision 155): optional, empty by default, and the only e-mail a
 * campaign page may show. Empty means none is shown.
 */
export const contactEmailField = z
  .string()
  .trim()
  .max(254, EVENT_MESSAGES.emailInvalid)
  .optional()
  .default('')
  .refine((value) => !value || EMAIL_PATTERN.test(value), EVENT_MESSAGES.emailInvalid)
  .transform((value) => value.toLowerCase());

/** Event Genre rules that involve several fields (docs/product.md#event-details). */
export function checkEventDetails(
  value: { locationType: 'physical' | 'virtual'; eventDate: string; eventTime: string; eventLocation: string; onlineEventLink: string },
  ctx: z.RefinementCtx,
  paths: { location: string; link: string } = { location: 'eventLocation', link: 'onlineEventLink' },
) {
  if (!value.eventDate || !value.eventTime) return;
  if (value.locationType === 'physical' && !value.eventLocation) {
    ctx.addIssue({ code: 'custom', path: [paths.location], message: EVENT_MESSAGES.locationRequiredWhenScheduled });
  }
  if (value.locationType === 'virtual' && !value.onlineEventLink) {
    ctx.addIssue({ code: 'custom', path: [paths.link], message: EVENT_MESSAGES.linkRequiredWhenScheduled });
  }
}
