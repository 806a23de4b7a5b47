import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, vi } from 'vitest';
import { queryClient } from '../../../src/web/lib/query-client';
import { uninstallFakeApi } from './fake-api';

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
