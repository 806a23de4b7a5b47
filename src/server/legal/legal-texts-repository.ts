import { asc, eq, sql } from 'drizzle-orm';
import { LEGAL_PAGES, type LegalPage, type LegalText } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import { publishChange } from '../db/change-bus';
import type { AppDatabase, AppTransaction } from '../db/client';
import { legalTexts, legalTextVersions } from '../db/schema';
import type { Identity } from '../identity/identity';

type LegalTextRow = typeof legalTexts.$inferSelect;

const toLegalText = (page: LegalPage, row: LegalTextRow | undefined): LegalText =>
  row ? { page, text: row.text, version: row.version, updatedAt: row.updatedAt.toISOString() } : { page, text: '', version: 0, updatedAt: null };

/** A legal page's text as it is now; a page that never had one reads as empty, version 0. */
export async function readLegalText(db: AppDatabase | AppTransaction, page: LegalPage): Promise<LegalText> {
  const [row] = await db.select().from(legalTexts).where(eq(legalTexts.page, page));
  return toLegalText(page, row);
}

/** Every legal page's text as it is now, in the pages' order (the admin's editor). */
export async function readLegalTexts(db: AppDatabase): Promise<LegalText[]> {
  const rows = await db.select().from(legalTexts).orderBy(asc(legalTexts.page));
  return LEGAL_PAGES.map((page) => toLegalText(page, rows.find((row) => row.page === page)));
}

/**
 * Saves `text` as the page's text, in the caller's transaction. A text that differs from the
 * current one becomes a new version: the upsert raises the version under the row's lock, so two
 * saves at once get two versions, on PostgreSQL as on PGlite, and the version's text is kept. The
 * same text again changes nothing. Tells every process's cache of the public page at commit.
 * Answers the version written, or null when nothing changed.
 */
export async function writeLegalText(tx: AppTransaction, page: LegalPage, text: string, author: string | null): Promise<LegalTextRow | null> {
  const [saved] = await tx
    .insert(legalTexts)
    .values({ page, text, version: 1 })
    .onConflictDoUpdate({
      target: legalTexts.page,
      set: { text, version: sql`${legalTexts.version} + 1`, updatedAt: sql`now()` },
      setWhere: sql`${legalTexts.text} is distinct from excluded.text`,
    })
    .returning();
  if (!saved) return null;
  await tx.insert(legalTextVersions).values({ page, version: saved.version, text, createdAt: saved.updatedAt, createdBy: author });
  await publishChange(tx, 'legal');
  return saved;
}

/**
 * An admin saves a legal page's text: the new version, its kept copy, the cache's notice and the
 * audit entry commit together. The audit entry names the versions and sizes, not the texts (kept
 * in legal_text_versions already). Answers the page as it is now.
 */
export async function updateLegalText(db: AppDatabase, admin: Identity, page: LegalPage, text: string): Promise<LegalText> {
  return db.transaction(async (tx) => {
    const before = await readLegalText(tx, page);
    const saved = await writeLegalText(tx, page, text, admin.userId);
    if (!saved) return before;
    const now = toLegalText(page, saved);
    await recordAudit(tx, admin, {
      action: 'legal.updated',
      targetId: page,
      before: before.version === 0 ? null : { version: before.version, characters: before.text.length },
      after: { version: now.version, characters: now.text.length },
    });
    return now;
  });
}

/** The version of the terms in force, as an SQL expression for the statement that places an order (null: none yet). */
export const currentTermsVersion = () => sql<number | null>`(select ${legalTexts.version} from ${legalTexts} where ${legalTexts.page} = 'terms')`;


/**
 * Writes `texts` as version 1 of each page that has no text yet, in its own transaction; a page
 * with a text (the owner's, or a template written before) is left alone. Answers the pages written.
 */
export async function writeMissingLegalTexts(db: AppDatabase, texts: Record<LegalPage, string>): Promise<LegalPage[]> {
  return db.transaction(async (tx) => {
    const written = await tx
      .insert(legalTexts)
      .values(LEGAL_PAGES.map((page) => ({ page, text: texts[page], version: 1 })))
      .onConflictDoNothing({ target: legalTexts.page })
      .returning({ page: legalTexts.page, updatedAt: legalTexts.updatedAt });
    if (written.length === 0) return [];
    await tx.insert(legalTextVersions).values(written.map(({ page, updatedAt }) => ({ page, version: 1, text: texts[page], createdAt: updatedAt, createdBy: null })));
    await publishChange(tx, 'legal');
    return written.map(({ page }) => page);
  });
}
