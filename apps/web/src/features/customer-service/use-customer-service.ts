import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';

const QUERY_KEY = ['customerServiceUrl'];
const fetchUrl = () => api.get<{ kefu_url: string }>('/index/getCzhiurl').then((data) => data.kefu_url);

/**
 * The configured customer-service chat link, prefetched so the click can open the window directly
 * (browsers block windows opened after an await).
 */
export function useCustomerService() {
  const queryClient = useQueryClient();
  const { data: url } = useQuery({ queryKey: QUERY_KEY, queryFn: fetchUrl, staleTime: 5 * 60_000 });

  return async function openCustomerService() {
    const target = url ?? (await queryClient.fetchQuery({ queryKey: QUERY_KEY, queryFn: fetchUrl }));
    window.open(target, '_blank', 'noopener');
  };
}
