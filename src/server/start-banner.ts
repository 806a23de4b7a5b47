import type { CreatedAdmin } from './accounts/first-admin';
import type { DatabaseConfig, EmailVerificationSetting, MailConfig, PaymentsConfig } from './config';
import { describeMailDestination } from './mail/transport';

/** Where the data lives, in words, with no password (DATABASE_URL may carry one). */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.kind === 'pglite') {
    return database.dataDir ? `embedded PostgreSQL (PGlite) at ${database.dataDir}` : 'embedded PostgreSQL (PGlite) in memory';
  }
  try {
    const url = new URL(database.url);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default database)';
    const user = url.username ? ` as ${decodeURIComponent(url.username)}` : '';
    return `PostgreSQL ${url.host}/${name}${user}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

const VERIFICATION_REASONS: Record<EmailVerificationSetting['reason'], string> = {
  setting: 'set by EMAIL_VERIFICATION',
  smtp: 'the store can send mail (SMTP_URL)',
  'no-smtp': 'no SMTP_URL, so no confirmation mail could arrive; set SMTP_URL, or EMAIL_VERIFICATION=required',
};

/** Whether new customers must confirm their address before ordering, and why, in one line. */
export function describeEmailVerification(setting: EmailVerificationSetting): string {
  const what =
    setting.mode === 'required'
      ? 'new customers confirm their email address before they order'
      : 'new customers are signed in at sign-up and may order at once, unconfirmed';
  return `${what} (${VERIFICATION_REASONS[setting.reason]})`;
}

/** Which card processor takes the payments; the test processor said loudly, since its orders count as paid. */
export function describePayments(payments: PaymentsConfig): string {
  if (payments.provider === 'stripe') return `Stripe (${payments.secretKey.startsWith('sk_live_') ? 'live' : 'test'} keys)`;
  return 'TEST MODE: the built-in test processor takes test cards only, charges nothing, and its orders count as paid. Set the STRIPE_* keys to take real payments';
}

/**
 * Where a generated first-admin password is, in the words the banner, the log and the README all
 * use: on a terminal the banner shows it once; without one (systemd, Docker, a pipe) it is in
 * DATA_DIR/first-admin-password.txt, which the banner names. Never in the log.
 */
export function firstAdminPasswordPlace(passwordFile: string | null): string {
  return passwordFile
    ? `The first admin's password is in ${passwordFile} (readable by this user only; standard output is not a terminal), not in the log.`
    : "The first admin's password is shown once in the start banner on this terminal, not in the log.";
}

/**
 * The plain-text lines an operator reads after `npm start`, beside the JSON log. A generated admin
 * password appears here once and never in the log, which is kept and shipped elsewhere.
 */
export function formatStartBanner(opts: {
  address: string;
  publicUrl: string;
  database: DatabaseConfig;
  createdAdmin: CreatedAdmin | null;
  /** Where the generated password was written instead of the banner (a start without a terminal). */
  adminPasswordFile?: string | null;
  mail?: MailConfig;
  emailVerification?: EmailVerificationSetting;
  payments?: PaymentsConfig;
}): string {
  const lines = [`ToolHouse store is running at ${opts.address}`];
  if (new URL(opts.address).origin !== opts.publicUrl) lines.push(`  Public address: ${opts.publicUrl}`);
  lines.push(`  Database: ${describeDatabase(opts.database)}`);
  if (opts.mail) lines.push(`  Mail: ${describeMailDestination(opts.mail)}`);
  if (opts.emailVerification) lines.push(`  Sign-up: ${describeEmailVerification(opts.emailVerification)}`);
  if (opts.payments) lines.push(`  Payments: ${describePayments(opts.payments)}`);
  const admin = opts.createdAdmin;
  if (admin?.generatedPassword && opts.adminPasswordFile) {
    lines.push(
      '',
      '  First start: an admin account was created.',
      `    Email:    ${admin.email}`,
      `    Password: in ${opts.adminPasswordFile} (readable by this user only)`,
      `  Sign in with it at ${opts.publicUrl}/login, then delete that file.`,
      '  To use an admin email and password of your own, set ADMIN_EMAIL and ADMIN_PASSWORD',
      '  (README, Configuration) and restart: that account is created as an admin.',
    );
  } else if (admin?.generatedPassword) {
    lines.push(
      '',
      '  First start: an admin account was created.',
      `    Email:    ${admin.email}`,
      `    Password: ${admin.generatedPassword}`,
      '  This password is shown only now. Sign in with it at ' + `${opts.publicUrl}/login` + '.',
      '  To use an admin email and password of your own, set ADMIN_EMAIL and ADMIN_PASSWORD',
      '  (README, Configuration) and restart: that account is created as an admin.',
    );
  } else if (admin) {
    lines.push(`  Admin account created: ${admin.email} (password from ADMIN_PASSWORD)`);
  }
  return `\n${lines.join('\n')}\n\n`;
}
