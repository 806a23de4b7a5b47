import type { AppConfig } from '../../src/server/config';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { createTestApp, type TestApp } from './test-app';

/** The From of a test store's mail. */
export const TEST_MAIL_FROM = 'ToolHouse <no-reply@toolhouse.test>';

export interface TestAppWithMail extends TestApp {
  /** The SMTP server the app sends to: read what it sent from here. */
  catcher: MailCatcher;
}

/**
 * The real app on a fresh database, sending its mail to a mail catcher of its own (a real SMTP
 * server), for tests about what the store mails. close() stops both.
 */
export async function createTestAppWithMail(overrides: Omit<Partial<AppConfig>, 'mail'> = {}): Promise<TestAppWithMail> {
  const catcher = await startMailCatcher();
  let t: TestApp;
  try {
    t = await createTestApp({ ...overrides, mail: { smtpUrl: catcher.url, from: TEST_MAIL_FROM } });
  } catch (error) {
    await catcher.close();
    throw error;
  }
  return {
    ...t,
    catcher,
    async close() {
      await t.close();
      await catcher.close();
    },
  };
}
