/**
 * Whether the signed-in user (from the identity session) is an admin. better-auth returns the
 * store's own user fields (role, address, phone) with the session; its client types do not know
 * them, hence the narrow cast in one place. The server checks the role on every call anyway.
 */
export const isAdminUser = (user: object | null | undefined): boolean => (user as { role?: unknown } | null | undefined)?.role === 'admin';
