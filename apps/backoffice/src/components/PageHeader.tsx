import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useDocumentTitle } from '../lib/document-title';

interface PageHeaderProps {
  /** The screen's title: its one h1 and the first part of the document title. */
  title: string;
  /** Shown before the title (a back button). */
  before?: ReactNode;
  /** Shown after the title (a status tag). */
  after?: ReactNode;
  /** Actions on the right. */
  extra?: ReactNode;
}

/** A page's title with its actions on the right. */
export function PageHeader({ title, before, after, extra }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
      <Flex align="center" gap={8}>
        {before}
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {title}
        </Typography.Title>
        {after}
      </Flex>
      {extra}
    </Flex>
  );
}
