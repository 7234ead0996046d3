import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUnsubscribeService, UNSUBSCRIBE_MESSAGES } from './unsubscribe.ts';

const UnsubscribeQuery = z.object({ token: z.string().max(2_000).default('') });

const BUTTON = {
  font: 'inherit',
  padding: '10px 18px',
  borderRadius: '6px',
  border: '1px solid #1d4ed8',
  background: '#1d4ed8',
  color: '#ffffff',
  cursor: 'pointer',
};

/** A page of one message (and, to confirm, one button), readable on a phone and by keyboard; React escapes the campaign's name. */
function page(message: string, confirm?: { action: string }): string {
  const body = h(
    'main',
    { style: { maxWidth: '36rem', margin: '0 auto', padding: '24px 16px', fontFamily: 'system-ui, sans-serif', color: '#171c33', lineHeight: 1.5 } },
    h('h1', { style: { fontSize: '1.5rem' } }, 'Pledgeway e-mails'),
    h('p', null, message),
    confirm
      ? h(
          'form',
          { method: 'post', action: confirm.action },
          h('input', { type: 'hidden', name: 'List-Unsubscribe', value: 'One-Click' }),
          h('button', { type: 'submit', style: BUTTON }, 'Stop these e-mails'),
        )
      : null,
  );
  const document = h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, 'Pledgeway e-mails'),
    ),
    h('body', null, body),
  );
  return `<!doctype html>${renderToStaticMarkup(document)}`;
}

/**
 * The unsubscribe link of campaign update e-mails (decision 192). POST is RFC 8058's one-click
 * unsubscribe, sent by the mailbox provider with `List-Unsubscribe=One-Click` as a form body; the
 * link in the e-mail opens the GET page, which asks before it changes anything (a link checker
 * that opens every link unsubscribes no one). Neither needs a sign-in: the signed token decides.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUnsubscribeService(app.ctx);
  // The one-click body is a form; what it says changes nothing, the token does.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_024 }, (_request, body, done) => done(null, body));

  app.get(
    '/updates/unsubscribe',
    {
      schema: {
        tags: ['updates'],
        summary: 'The page of an update e-mail’s unsubscribe link: asks to confirm',
        operationId: 'unsubscribePage',
        querystring: UnsubscribeQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const campaign = await service.campaignOf(request.query.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!campaign) return reply.code(400).send(page(UNSUBSCRIBE_MESSAGES.invalid));
      return page(UNSUBSCRIBE_MESSAGES.confirm(campaign), { action: `/api/updates/unsubscribe?token=${encodeURIComponent(request.query.token)}` });
    },
  );

  app.post(
    '/updates/unsubscribe',
    {
      schema: {
        tags: ['updates'],
        summary: 'One-click unsubscribe from a campaign’s update e-mails (RFC 8058), by the signed token of the link',
        operationId: 'unsubscribeOneClick',
        querystring: UnsubscribeQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const campaign = await service.unsubscribe(request.query.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!campaign) return reply.code(400).send(page(UNSUBSCRIBE_MESSAGES.invalid));
      return page(UNSUBSCRIBE_MESSAGES.stopped(campaign));
    },
  );
};
