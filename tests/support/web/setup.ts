import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, vi } from 'vitest';
import { queryClient } from '../../../src/web/lib/query-client';
import { settleFakeApi, uninstallFakeApi } from './fake-api';

/**
 * After each web test: unmount what it rendered, then forget what the app kept in this page (its
 * one query cache, localStorage, toasts) and give `fetch` back, so tests do not see each other.
 * Calls still running are let finish first, against this test's fake API (settleFakeApi).
 * A call the test's fake API had no answer for fails the test.
 */
afterEach(async () => {
  cleanup();
  // A test that used fake timers and failed before giving the real ones back would stall the wait.
  if (vi.isFakeTimers()) vi.useRealTimers();
  await settleFakeApi();
  queryClient.clear();
  toast.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
  expect(uninstallFakeApi(), 'calls the fake API had no answer for').toEqual([]);
});
