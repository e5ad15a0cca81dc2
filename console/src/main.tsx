import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import './common/dates';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers, queryClient } from './app/Providers';
import { prefetchAuthStatus } from './auth/useAuthStatus';
import { router } from './app/router';
import { prefetchScreenList } from './screens/screen-list-query';

void prefetchAuthStatus(queryClient);
prefetchScreenList(queryClient, window.location);

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
