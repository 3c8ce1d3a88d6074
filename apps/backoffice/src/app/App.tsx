import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ANTD_LOCALES } from './antd-locale';
import { ApiError } from './api-client';
import { currentLocale } from './i18n';
import { router } from './routes';

/** Client errors (4xx) are answers, not glitches: only transport and server failures are retried, once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });

export function App() {
  useTranslation();
  return (
    <ConfigProvider locale={ANTD_LOCALES[currentLocale()]} theme={{ token: { colorPrimary: '#b8322a' } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
