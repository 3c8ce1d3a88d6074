import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { useUiLocale } from '../lib/ui-locale';
import { queryClient } from './query-client';
import { AppRouter } from './router';

export function App() {
  const locale = useUiLocale();
  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
