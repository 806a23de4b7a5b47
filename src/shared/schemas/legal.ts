import { z } from 'zod';
import { LEGAL_TEXT_MAX_LENGTH } from '../constants';
import { LEGAL_PAGES } from '../legal-pages';
import { VALIDATION } from '../messages';
import { NO_CONTROL_CHARACTERS } from './fields';

export const legalPageParam = z.object({ page: z.enum(LEGAL_PAGES) });

/** A legal page's text as it is now (GET /api/legal/:page, public; the admins' list too). */
export const legalTextSchema = z.object({
  page: z.enum(LEGAL_PAGES),
  /** Markdown, shown without any HTML it holds (the web app renders it; the store never sends it as HTML). */
  text: z.string(),
  /** 1 for the first text, one more at each save that changed it; 0 while the page has none. */
  version: z.number().int(),
  /** When this version was saved; null while the page has no text. */
  updatedAt: z.string().nullable(),
});
export type LegalText = z.infer<typeof legalTextSchema>;

/** PUT /api/settings/legal/:page (admins): the page's new text. */
export const legalTextUpdateSchema = z.object({
  // The length first, alone: a megabyte pasted by mistake is told so, not also scanned.
  text: z
    .string({ error: VALIDATION.legalTextTooLong })
    .max(LEGAL_TEXT_MAX_LENGTH, { error: VALIDATION.legalTextTooLong, abort: true })
    .regex(NO_CONTROL_CHARACTERS, { error: VALIDATION.controlCharacters }),
});
export type LegalTextUpdate = z.infer<typeof legalTextUpdateSchema>;
