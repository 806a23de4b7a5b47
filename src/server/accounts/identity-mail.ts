import { IDENTITY_LINK_PAGES, identityLink } from '../../shared';
import type { AppDatabase } from '../db/client';
import type { IdentityMailer, MailRecipient } from '../identity/auth';
import { queueMail } from '../mail/outbox';
import { renderMail } from '../mail/templates/layout';

/**
 * The identity service's emails. Each is queued (a row in the outbox, delivered in the background
 * by the mail sender), so a sign-up or a reset request never waits for, or fails with, the mail
 * server. Names are escaped by renderMail like every other value.
 */
export function createIdentityMailer(db: AppDatabase, publicUrl: string): IdentityMailer {
  const page = (name: keyof typeof IDENTITY_LINK_PAGES) => `${publicUrl.replace(/\/$/, '')}${IDENTITY_LINK_PAGES[name]}`;
  // No name: whoever signed up chose it, and the address may not be theirs. A name such as
  // "customer! Your $50 voucher is ready, confirm below" would put an attacker's words above a
  // genuine link (issue 19). These mails carry only the store's own words.
  const greeting = (_to: MailRecipient) => 'Hello,';

  return {
    async verifyEmail(to: MailRecipient, token: string): Promise<void> {
      const { html, text } = renderMail({
        heading: 'Confirm your email address',
        paragraphs: [
          greeting(to),
          'Thank you for creating a ToolHouse account. Open the link below to confirm that this address is yours; then you can place orders.',
          'The link works for 24 hours. If you did not create this account, ignore this email: nothing happens without the link.',
        ],
        action: { label: 'Confirm my email address', url: identityLink(publicUrl, 'verifyEmail', token) },
      });
      await queueMail(db, { to: to.email, subject: 'Confirm your email address for ToolHouse', html, text });
    },

    async resetPassword(to: MailRecipient, token: string): Promise<void> {
      const { html, text } = renderMail({
        heading: 'Choose a new password',
        paragraphs: [
          greeting(to),
          'Someone asked to reset the password of the ToolHouse account for this email address. If it was you, open the link below to choose a new password.',
          'The link works once, within 1 hour. Choosing a new password signs the account out on every device.',
          'If you did not ask for this, ignore this email: your password stays as it is.',
        ],
        action: { label: 'Choose a new password', url: identityLink(publicUrl, 'resetPassword', token) },
      });
      await queueMail(db, { to: to.email, subject: 'Reset your ToolHouse password', html, text });
    },

    async signUpWithExistingAddress(to: MailRecipient): Promise<void> {
      const { html, text } = renderMail({
        heading: 'Someone tried to sign up with your email address',
        paragraphs: [
          greeting(to),
          'Someone just tried to create a new ToolHouse account with this email address. This address already has an account, so nothing was created or changed.',
          'If it was you: sign in to your account (with your password, or with Google if you signed up that way). If you have forgotten your password, you can choose a new one here: ' +
            page('forgotPassword'),
          'If it was not you, you can ignore this email.',
        ],
        action: { label: 'Sign in', url: `${publicUrl.replace(/\/$/, '')}/login` },
      });
      await queueMail(db, { to: to.email, subject: 'Someone tried to sign up with your ToolHouse address', html, text });
    },

    async passwordChanged(to: MailRecipient): Promise<void> {
      const { html, text } = renderMail({
        heading: 'Your password was changed',
        paragraphs: [
          greeting(to),
          'The password of your ToolHouse account was just changed with a reset link, and the account was signed out on every device.',
          'If you did not do this, choose a new password at once: ' + page('forgotPassword'),
        ],
      });
      await queueMail(db, { to: to.email, subject: 'Your ToolHouse password was changed', html, text });
    },
  };
}
