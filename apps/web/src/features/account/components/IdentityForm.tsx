import { Button, List, ProgressBar } from 'antd-mobile';
import { ApiError } from '@kabuto/client';
import { KYC_MAX_FILE_BYTES, kycSubmitRequest, type KycPhotoSide } from '@kabuto/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { useSubmitKyc } from '../api/kyc';

/** What the file picker offers; the server judges the bytes whatever the name says. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

interface PhotoPickerProps {
  side: KycPhotoSide;
  file: File | null;
  error?: string | undefined;
  onPick: (file: File | null) => void;
}

function PhotoPicker({ side, file, error, onPick }: PhotoPickerProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    setPreviewFailed(false);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const id = `kyc-${side}`;
  return (
    <List.Item
      title={t(`kycForm.${side}`)}
      description={
        error ? (
          <span className="kb-field-error" role="alert" data-testid={`${id}-error`}>
            {error}
          </span>
        ) : undefined
      }
    >
      <label className="kb-photo-picker" htmlFor={id} data-testid={`${id}-picker`}>
        {preview && !previewFailed ? (
          <img src={preview} alt={t(`kycForm.${side}`)} onError={() => setPreviewFailed(true)} />
        ) : (
          <span>{file ? file.name : t('kycForm.choosePhoto')}</span>
        )}
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid={`${id}-input`}
        onChange={(event) => onPick(event.target.files?.[0] ?? null)}
      />
    </List.Item>
  );
}

/** Full name, its katakana reading (withdrawal accounts must be in this name), ID number and both photos; sizes are checked here before anything is sent. */
export function IdentityForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ fullName: '', fullNameKana: '', idNumber: '', front: '', back: '' });
  const [files, setFiles] = useState<Record<KycPhotoSide, File | null>>({ front: null, back: null });
  const [progress, setProgress] = useState<number | null>(null);
  const submitKyc = useSubmitKyc();

  const fieldError = (
    side: KycPhotoSide,
    errorCode: 'KYC_FILE_TOO_LARGE' | `KYC_${'FRONT' | 'BACK'}_REQUIRED`,
  ) => form.showFailure(new ApiError(errorCode, t(`errors:${errorCode}`), { field: side }));

  const pick = (side: KycPhotoSide, file: File | null) => {
    setFiles((current) => ({ ...current, [side]: file }));
    form.field(side).onChange(file?.name ?? '');
    if (file && file.size > KYC_MAX_FILE_BYTES) fieldError(side, 'KYC_FILE_TOO_LARGE');
  };

  const submit = () => {
    const body = form.parse(kycSubmitRequest);
    if (!body) return;
    for (const side of ['front', 'back'] as const) {
      const file = files[side];
      if (!file) return fieldError(side, side === 'front' ? 'KYC_FRONT_REQUIRED' : 'KYC_BACK_REQUIRED');
      if (file.size > KYC_MAX_FILE_BYTES) return fieldError(side, 'KYC_FILE_TOO_LARGE');
    }
    setProgress(0);
    form.send(
      submitKyc,
      { body, front: files.front!, back: files.back!, onProgress: setProgress },
      () => {
        setProgress(null);
        onSubmitted();
      },
      () => setProgress(null),
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="kyc-form"
    >
      <FormAlert alert={form.alert} testId="kyc" />
      <List className="kb-form">
        <FormField
          {...form.field('fullName')}
          label={t('kycForm.fullName')}
          labelPosition="above"
          placeholder={t('kycForm.fullNamePlaceholder')}
          autoComplete="name"
          maxLength={100}
          testId="kyc-full-name"
        />
        <FormField
          {...form.field('fullNameKana')}
          label={t('kycForm.fullNameKana')}
          labelPosition="above"
          placeholder={t('kycForm.fullNameKanaPlaceholder')}
          maxLength={100}
          testId="kyc-full-name-kana"
        />
        <FormField
          {...form.field('idNumber')}
          label={t('kycForm.idNumber')}
          labelPosition="above"
          placeholder={t('kycForm.idNumberPlaceholder')}
          maxLength={40}
          testId="kyc-id-number"
        />
        <PhotoPicker
          side="front"
          file={files.front}
          error={form.field('front').error}
          onPick={(f) => pick('front', f)}
        />
        <PhotoPicker
          side="back"
          file={files.back}
          error={form.field('back').error}
          onPick={(f) => pick('back', f)}
        />
      </List>
      <p className="kb-muted" style={{ padding: '8px 16px' }}>
        {t('kycForm.photoRules')}
      </p>
      {progress !== null && (
        <div style={{ padding: '0 16px' }} data-testid="kyc-progress">
          <ProgressBar percent={Math.round(progress * 100)} text />
          <p className="kb-muted">{t('kycForm.uploading')}</p>
        </div>
      )}
      <div className="kb-actions">
        <Button
          type="submit"
          color="primary"
          size="large"
          block
          loading={submitKyc.isPending}
          data-testid="kyc-submit"
        >
          {t('kycForm.submit')}
        </Button>
      </div>
    </form>
  );
}
