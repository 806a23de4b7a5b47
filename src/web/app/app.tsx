import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { TOAST } from '../../shared';
import { queryClient } from '../lib/query-client';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster
        position="top-right"
        toastOptions={{ success: { duration: TOAST.successMs }, error: { duration: TOAST.errorMs } }}
      />
    </QueryClientProvider>
  );
}
