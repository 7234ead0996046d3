import { z } from 'zod';
import { CONTACT_MESSAGES, ContactRequest } from '@pledgeway/domain/schemas/contact';
import type { AppContext } from '../../context.ts';
import { contactRepository } from './repository.ts';

type ContactInput = z.output<typeof ContactRequest>;

const TAB_LABELS = { organizer: 'Campaign Organizer', support: 'User Support' } as const;

/** Stores the message for admins, then e-mails a copy to support through the outbox. */
export function createContactService(ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>) {
  return {
    async submit(input: ContactInput) {
      const row = await contactRepository.insertMessage(ctx.db, input);
      await ctx.mailer.send({
        to: ctx.config.supportEmail,
        subject: `[${TAB_LABELS[input.tab]}] ${input.eventName}`,
        kind: 'contact-message',
        text: [
          `A visitor wrote through the contact form (${TAB_LABELS[input.tab]}).`,
          '',
          `Name: ${input.name || '(not given)'}`,
          `Email: ${input.email}`,
          `Phone: ${input.phone}`,
          `Event name: ${input.eventName}`,
          '',
          input.message || '(no message)',
          '',
          `Reply to ${input.email}. Message id ${row.id}.`,
        ].join('\n'),
      });
      return { success: true as const, message: CONTACT_MESSAGES.sent, id: row.id };
    },
  };
}

/** What other modules change of contact messages (the admins' inbox marks them handled); each takes a transaction or the database. */
export const contactRecords = {
  setHandled: contactRepository.setHandled,
};
