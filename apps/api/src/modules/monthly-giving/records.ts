import { monthlyGiftsRepository } from './repository.ts';

/** What other modules read of monthly gifts: one period's charge (a webhook event's subject) and a charity's charged months (its supporters CSV). */
export const monthlyGiftRecords = {
  chargeWithGift: monthlyGiftsRepository.chargeWithGift,
  chargedTo: monthlyGiftsRepository.chargedTo,
};
