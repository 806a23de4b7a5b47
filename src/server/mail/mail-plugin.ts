import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createMailSender, type SenderOptions } from './sender';
import { createMailDelivery } from './transport';

export interface MailPluginOptions {
  handle: DatabaseHandle;
  config: MailConfig;
  sender?: SenderOptions;
}

/**
 * Runs this process's mail sender (mail/sender.ts) from the moment the app is ready until it
 * closes, and says in the log where mail goes. Mail is queued with queueMail (mail/outbox.ts).
 */
async function mailPlugin(app: FastifyInstance, opts: MailPluginOptions) {
  const delivery = createMailDelivery(opts.config);
  if (!delivery) {
    app.log.info('mail is not sent: no SMTP_URL and no outbox folder, so queued mail stays in the mail_outbox table');
    return;
  }
  if (opts.config.smtpUrl) app.log.info({ mailTo: delivery.description }, `mail is sent through ${delivery.description}`);
  else app.log.warn({ mailTo: delivery.description }, `SMTP_URL is not set: no mail is delivered; each message is written to ${opts.config.outboxDir}`);
  const sender = createMailSender(opts.handle, delivery, app.log, opts.sender);
  app.addHook('onReady', () => sender.start());
  app.addHook('onClose', () => sender.close());
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['database'] });
