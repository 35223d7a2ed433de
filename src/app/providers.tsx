// Everything the pages rely on, outermost first: React Query, the REST client built from the
// settings, the one stream connection feeding the live book, and the theme applied to the document.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useSettings } from '../settings/use-settings.ts';
import { StreamProvider } from './stream-provider.tsx';
import { ApiClientProvider } from './api-client-provider.tsx';

function ThemeSync() {
  const theme = useSettings((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return null;
}

export function AppProviders({ queryClient, children }: { readonly queryClient: QueryClient; readonly children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      <ApiClientProvider>
        <StreamProvider>{children}</StreamProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
