import { Fragment } from 'react';

/** Separators after which an email address may wrap: the @, dots, and the -, _ and + inside names. */
export const EMAIL_BREAKS = '@._+-';
/** A payment's transaction id (pi_test_3Qx…, pi_3Mtw…) wraps after its underscores and hyphens. */
export const ID_BREAKS = '_-';

/**
 * Text that wraps only after its own separators, so an email or a transaction id never breaks in
 * the middle of a word ("dana.scully@" / "fbi.example", not "dana.scu" / "lly@fbi…"). A part too
 * long for its box still breaks rather than pushing the page sideways (the table's cells allow it).
 */
export function SoftBreaks({ text, after }: { text: string; after: string }) {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (after.includes(text[i]!) && i < text.length - 1) {
      parts.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
