import { z } from 'zod';
import { EventDetailsStep } from './event-create.ts';
import {
  EVENT_MESSAGES,
  categoriesField,
  descriptionField,
  eventNameField,
  imageDataField,
  optionalImageField,
  optionalString,
  requiredString,
  targetAmountField,
} from './event-fields.ts';

/** Practice campaign (docs/product.md#practice-campaign): the same field rules, fewer fields, nothing saved. */
export const PracticeBasicInfo = z.object({
  eventName: eventNameField,
  eventDescription: descriptionField,
  categories: categoriesField,
  targetAmount: targetAmountField,
  bannerImage: imageDataField(EVENT_MESSAGES.bannerRequired),
});
export type PracticeBasicInfoInput = z.input<typeof PracticeBasicInfo>;
export type PracticeBasicInfo = z.output<typeof PracticeBasicInfo>;

export const PracticeHost = z.object({
  fullName: requiredString(EVENT_MESSAGES.fullNameRequired, 100),
  about: requiredString(EVENT_MESSAGES.aboutRequired, 120),
  occupation: requiredString(EVENT_MESSAGES.occupationRequired, 120),
  aboutYou: optionalString(2000),
  profileImage: optionalImageField,
});
export type PracticeHostInput = z.input<typeof PracticeHost>;

export const PracticeParticipant = z.object({
  fullName: requiredString(EVENT_MESSAGES.fullNameRequired, 100),
  about: requiredString(EVENT_MESSAGES.aboutRequired, 120),
  profileImage: optionalImageField,
});
export type PracticeParticipantInput = z.input<typeof PracticeParticipant>;

export const PracticeDetails = EventDetailsStep;
