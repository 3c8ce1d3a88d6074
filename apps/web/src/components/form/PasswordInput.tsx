import { useState, type Ref } from 'react';
import { Input, type InputRef } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

interface PasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  testId: string;
  autoComplete?: string;
  maxLength?: number;
  inputRef?: Ref<InputRef>;
}

/** Password input with a show/hide toggle. */
export function PasswordInput({
  value,
  onChange,
  placeholder,
  testId,
  autoComplete = 'current-password',
  maxLength = 100,
  inputRef,
}: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
      <Input
        ref={inputRef}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        data-testid={testId}
        style={{ flex: 1 }}
      />
      <button
        type="button"
        className="kb-link kb-password-toggle"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
        data-testid={`${testId}-toggle`}
      >
        {visible ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
      </button>
    </div>
  );
}
