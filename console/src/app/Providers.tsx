import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../api/errors';
import { styleNonce } from './style-nonce';
import { cssVariablesResolver, theme } from './theme';

// A client error (4xx) will not go away by asking again; a dropped connection may.
const retry = (failures: number, error: unknown) => failures < 2 && !(isApiError(error) && !['unavailable', 'database_unavailable'].includes(error.error.code));

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry, refetchOnWindowFocus: true } },
});

const colorSchemeManager = localStorageColorSchemeManager({ key: 'signage-color-scheme' });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      getStyleNonce={() => styleNonce}
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
