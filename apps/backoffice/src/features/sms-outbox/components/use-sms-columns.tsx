import { Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DevSmsItem } from '@kabuto/contract';
import { JstTime } from '../../../components/JstTime';

export function useSmsColumns(): TableColumnsType<DevSmsItem> {
  const { t } = useTranslation();
  return [
    {
      title: t('sms.columns.time'),
      dataIndex: 'createdAt',
      render: (value: string) => <JstTime value={value} />,
    },
    { title: t('sms.columns.mobile'), dataIndex: 'mobile' },
    {
      title: t('sms.columns.purpose'),
      dataIndex: 'purpose',
      render: (purpose: string) => <Tag>{t(`sms.purposes.${purpose}`, { defaultValue: purpose })}</Tag>,
    },
    {
      title: t('sms.columns.code'),
      dataIndex: 'code',
      render: (code: string) => (
        <Typography.Text code copyable data-testid="sms-code">
          {code}
        </Typography.Text>
      ),
    },
    {
      title: t('sms.columns.text'),
      dataIndex: 'text',
      render: (text: string) => <div style={{ minWidth: 240, maxWidth: 380 }}>{text}</div>,
    },
  ];
}
