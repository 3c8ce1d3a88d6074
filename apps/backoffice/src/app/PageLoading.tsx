import { Flex, Spin } from 'antd';

/** Shown while the first screen's code loads (each screen is loaded on its first visit). */
export function PageLoading() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh' }} data-testid="page-loading">
      <Spin size="large" />
    </Flex>
  );
}
