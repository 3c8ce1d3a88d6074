import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Image, Modal, Space, Spin, Tag, Typography } from 'antd';
import { formatJst, type KycPhotoSide } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ReasonActionModal } from '../../../components/ReasonActionModal';
import { useCan } from '../../../lib/staff-profile';
import { useApproveKyc, useKycDetail, useKycPhoto, useRejectKyc } from '../api/use-kyc';
import { RecordKanaModal } from '../components/RecordKanaModal';
import { KYC_STATUS_COLOR } from './KycQueueRoute';

function Photo({ id, side }: { id: string; side: KycPhotoSide }) {
  const { t } = useTranslation();
  const { data: url } = useKycPhoto(id, side);
  return (
    <Card size="small" title={t(`kyc.photo.${side}`)} style={{ flex: 1 }}>
      {url ? (
        <Image src={url} alt={t(`kyc.photo.${side}`)} width="100%" data-testid={`kyc-photo-${side}`} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}

export function KycDetailRoute() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { id = '' } = useParams();
  const { data: detail } = useKycDetail(id);
  const approve = useApproveKyc(id);
  const reject = useRejectKyc(id);
  const canReview = useCan('kyc.review');
  const [dialog, setDialog] = useState<'approve' | 'reject' | 'kana' | null>(null);
  if (!detail) return <Spin />;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="kyc-detail">
      <Typography.Title level={3}>{t('kyc.detailTitle', { id: detail.id })}</Typography.Title>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('kyc.columns.fullName')}>{detail.fullName}</Descriptions.Item>
        <Descriptions.Item label={t('kyc.columns.fullNameKana')}>
          {detail.fullNameKana ?? '—'}
          {detail.status === 'passed' && detail.fullNameKana === null && canReview && (
            <Button
              size="small"
              style={{ marginLeft: 12 }}
              onClick={() => setDialog('kana')}
              data-testid="kyc-record-kana"
            >
              {t('kyc.recordKana.button')}
            </Button>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('kyc.columns.idNumber')}>{detail.idNumber}</Descriptions.Item>
        <Descriptions.Item label={t('kyc.columns.userId')}>{detail.userId}</Descriptions.Item>
        <Descriptions.Item label={t('kyc.mobile')}>{detail.mobile}</Descriptions.Item>
        <Descriptions.Item label={t('kyc.columns.submittedAt')}>
          {formatJst(detail.submittedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('kyc.columns.status')}>
          <Tag color={KYC_STATUS_COLOR[detail.status]} data-testid="kyc-detail-status">
            {detail.status === 'pending' && detail.firstApprovedBy
              ? t('kyc.status.awaitingSecond')
              : t(`kyc.status.${detail.status}`)}
          </Tag>
          {detail.reason && <span data-testid="kyc-detail-reason">{detail.reason}</span>}
        </Descriptions.Item>
      </Descriptions>
      <div style={{ display: 'flex', gap: 16 }}>
        <Photo id={detail.id} side="front" />
        <Photo id={detail.id} side="back" />
      </div>
      {detail.status === 'pending' && detail.firstApprovedBy && detail.firstApprovedAt && (
        <Alert
          type="info"
          showIcon
          data-testid="kyc-first-approval"
          message={t('kyc.firstApproval', {
            name: detail.firstApprovedBy,
            time: formatJst(detail.firstApprovedAt),
          })}
          description={detail.canDecide ? undefined : t('kyc.ownFirstApproval')}
        />
      )}
      {detail.canDecide && (
        <Space>
          <Button type="primary" onClick={() => setDialog('approve')} data-testid="kyc-approve">
            {t('kyc.approve.button')}
          </Button>
          <Button danger onClick={() => setDialog('reject')} data-testid="kyc-reject">
            {t('kyc.reject.button')}
          </Button>
        </Space>
      )}
      <Modal
        open={dialog === 'approve'}
        title={t('kyc.approve.title')}
        okText={t('kyc.approve.button')}
        confirmLoading={approve.isPending}
        onCancel={() => setDialog(null)}
        onOk={() =>
          approve.mutate(undefined, {
            onSuccess: (decided) => {
              setDialog(null);
              void message.success(
                t(decided.status === 'passed' ? 'kyc.approve.done' : 'kyc.approve.firstDone'),
              );
            },
            onError: (error) => void message.error(error.message),
          })
        }
      >
        {t('kyc.approve.confirm', { name: detail.fullName })}
      </Modal>
      {dialog === 'kana' && (
        <RecordKanaModal
          id={detail.id}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void message.success(t('kyc.recordKana.done'));
          }}
        />
      )}
      {dialog === 'reject' && (
        <ReasonActionModal
          danger
          title={t('kyc.reject.title')}
          description={t('kyc.reject.description')}
          confirmQuestion={t('kyc.reject.confirm', { name: detail.fullName })}
          okText={t('kyc.reject.button')}
          action={reject}
          onCancel={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void message.success(t('kyc.reject.done'));
          }}
        />
      )}
    </Space>
  );
}
