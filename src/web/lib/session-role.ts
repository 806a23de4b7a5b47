import type { IdentitySession } from './identity-session';

/**
 * Whether the signed-in user (from the identity session) is an admin: the store's own `role`
 * field, which better-auth returns with the session. The server checks the role on every call anyway.
 */
export const isAdminUser = (user: Pick<IdentitySession['user'], 'role'> | null | undefined): boolean => user?.role === 'admin';
