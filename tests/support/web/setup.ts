import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, vi } from 'vitest';
import { queryClient } from '../../../src/web/lib/query-client';
import { uninstallFakeApi } from './fake-api';

// findBy… and waitFor give up after 1 s by default: on a 2-core CI host running the API tests beside
// these, a page's refetch after a click took longer once (admin-order-page.test.tsx). Waiting longer
// costs a passing test nothing: they return as soon as what they look for is there.
configure({ asyncUtilTimeout: 5000 });

/**
 * After each web test: unmount what it rendered, then forget what the app kept in this page (its
 * one query cache, localStorage, toasts) and give `fetch` back, so tests do not see each other.
 * A call the test's fake API had no answer for fails the test.
 */
afterEach(() => {
  cleanup();
  queryClient.clear();
  toast.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
  expect(uninstallFakeApi(), 'calls the fake API had no answer for').toEqual([]);
});
