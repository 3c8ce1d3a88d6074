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

/**
 * antd's defaults give text below WCAG AA's 4.5:1 (secondary text and hints 2.9:1 at 45 % black,
 * placeholders 25 %, links #1677ff 4.1:1, success tags #52c41a 2.0:1, danger #ff4d4f 3.4:1): each
 * colour here reaches at least 4.7:1 on white and on its tag background.
 */
const THEME_TOKENS = {
  colorPrimary: '#b8322a',
  colorLink: '#0958d9',
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
  colorError: '#cf1322',
  // The tints antd would derive from these darker colours are greyish: keep its light defaults.
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
};

export function App() {
  useTranslation();
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[currentLocale()]}
      theme={{ token: THEME_TOKENS }}
      // antd puts a space between two CJK characters in a button ("保 存"); Japanese never does.
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
