import type { CreateFundraisingPageRequestInput } from '@pledgeway/domain/schemas/fundraising-pages';

/** The text a person has typed into Start a fundraising page; the picture is left out (a data URL can outgrow the storage). */
export type FundraisingPageDraft = Pick<CreateFundraisingPageRequestInput, 'title' | 'story' | 'target_amount' | 'slug'>;

const keyOf = (eventId: string) => `pledgeway:fundraising-page-draft:${eventId}`;

/**
 * The draft of a page per campaign, kept in this tab's session storage so that a reload keeps the
 * text; cleared once the page is started. Storage that is full or refused only loses the draft.
 */
export const fundraisingPageDraftStore = {
  load(eventId: string): Partial<FundraisingPageDraft> | null {
    try {
      const raw = sessionStorage.getItem(keyOf(eventId));
      return raw ? (JSON.parse(raw) as Partial<FundraisingPageDraft>) : null;
    } catch {
      return null;
    }
  },
  save(eventId: string, draft: FundraisingPageDraft) {
    try {
      sessionStorage.setItem(keyOf(eventId), JSON.stringify(draft));
    } catch {
      /* the draft then lives in the form only */
    }
  },
  clear(eventId: string) {
    try {
      sessionStorage.removeItem(keyOf(eventId));
    } catch {
      /* nothing was stored */
    }
  },
};
