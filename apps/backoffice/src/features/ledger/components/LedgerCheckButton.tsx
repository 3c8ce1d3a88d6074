import { Alert, Button, Descriptions, Modal } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { formatYen } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { useLedgerCheck } from '../api/use-ledger-check';

/** Recomputes the whole ledger and shows whether it balances. */
export function LedgerCheckButton() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const check = useLedgerCheck();
  const result = check.data;
  return (
    <>
      <Button
        icon={<SafetyCertificateOutlined />}
        loading={check.isPending}
        onClick={() => check.mutate()}
        data-testid="ledger-check"
      >
        {t('ledger.check.button')}
      </Button>
      {(result || check.error) && (
        <Modal
          open
          title={t('ledger.check.title')}
          footer={null}
          onCancel={() => check.reset()}
          data-testid="ledger-check-result"
        >
          {check.error && <Alert type="error" showIcon title={errorText(check.error)} />}
          {result && (
            <>
              <Alert
                type={result.balanced ? 'success' : 'error'}
                showIcon
                title={result.balanced ? t('ledger.check.balanced') : t('ledger.check.unbalanced')}
                style={{ marginBottom: 16 }}
                data-testid="ledger-check-verdict"
              />
              <Descriptions
                size="small"
                column={1}
                bordered
                items={[
                  { key: 'entries', label: t('ledger.check.entries'), children: result.entries },
                  {
                    key: 'total',
                    label: t('ledger.check.postingsTotal'),
                    children: formatYen(result.postingsTotal),
                  },
                  {
                    key: 'unbalanced',
                    label: t('ledger.check.unbalancedEntries'),
                    children: result.unbalancedEntries,
                  },
                  {
                    key: 'mismatched',
                    label: t('ledger.check.mismatchedBalances'),
                    children: result.mismatchedBalances,
                  },
                  {
                    key: 'negative',
                    label: t('ledger.check.negativeUserBalances'),
                    children: result.negativeUserBalances,
                  },
                ]}
              />
            </>
          )}
        </Modal>
      )}
    </>
  );
}
