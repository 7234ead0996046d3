import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

type ContactMessage = Pick<typeof contactMessages.$inferInsert, 'tab' | 'name' | 'email' | 'phone' | 'eventName' | 'message'>;

/** SQL of the contact form: the message kept for the admins' inbox, and whether an admin has handled it. */
export const contactRepository = {
  async insertMessage(db: Executor, message: ContactMessage): Promise<{ id: string }> {
    const [row] = await db
      .insert(contactMessages)
      .values({ tab: message.tab, name: message.name, email: message.email, phone: message.phone, eventName: message.eventName, message: message.message })
      .returning({ id: contactMessages.id });
    return row!;
  },
  /** Marks a message handled (a date) or open again (null). */
  async setHandled(db: Executor, id: string, handledAt: Date | null) {
    const [row] = await db.update(contactMessages).set({ handledAt }).where(eq(contactMessages.id, id)).returning();
    return row!;
  },
};
