import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { currentLocale } from '../lib/i18n';
import { ANTD_LOCALES } from './antd-locale';
import { queryClient } from './query-client';
import { router } from './router';
import { returnToLoginWhenSessionEnds } from './session-expiry';

returnToLoginWhenSessionEnds();

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
