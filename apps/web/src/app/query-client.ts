import { QueryClient } from '@tanstack/react-query';

/** Failures are already reported by the HTTP client; silent retries would only repeat the toast. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
