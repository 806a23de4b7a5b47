import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/** zxcvbn's list of ~30,000 passwords seen most often in breaches (and their l33t variants). */
const matcher = new ZxcvbnFactory({ dictionary: { passwords: common.dictionary['passwords-common'] }, graphs: common.adjacencyGraphs });

/** True when the whole password is one of the most common passwords. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const result = await matcher.check(password.slice(0, 256));
  return result.sequence.some((match) => match.pattern === 'dictionary' && match.token.length === password.length);
}
