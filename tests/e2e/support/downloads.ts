import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';

/** What `click` makes the browser download: the file's suggested name, its bytes and its text (UTF-8). */
export async function downloaded(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const bytes = await readFile((await file.path())!);
  return { name: file.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}
