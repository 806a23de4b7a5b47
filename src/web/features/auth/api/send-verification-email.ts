import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { NO_CONNECTION } from '../../../lib/request-failure';
import { loadAuthClient } from '../../../lib/load-auth-client';

/**
 * 'Send the link again': the identity service mails a new verification link to the signed-in
 * person's address. At most a few mails per address per 15 minutes (the server answers 429 with
 * its own sentence then).
 */
export async function sendVerificationEmail(email: string): Promise<void> {
  const authClient = await loadAuthClient().catch(() => {
    throw new ApiRequestError(0, NO_CONNECTION, null);
  });
  const { error } = await authClient.sendVerificationEmail({ email });
  if (error) throw new ApiRequestError(error.status, error.message ?? '', null);
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
