import { vi } from 'vitest';
import { pageFetch } from './fake-api';

/**
 * Import this before a page that imports the identity client (better-auth's, src/web/lib/auth-client.ts)
 * statically: the login page, the registration page. The client keeps the `fetch` it finds when its
 * module loads, which is before any test has installed a fake API; made the page's `fetch` first,
 * it talks to whichever fake API each test installs, as the lazily loaded client does.
 */
vi.stubGlobal('fetch', pageFetch);
