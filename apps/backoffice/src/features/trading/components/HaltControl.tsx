import { useState } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffInstrument } from '@kabuto/contract';
import { ReasonActionModal } from '../../../components/ReasonActionModal';
import { useHaltInstrument } from '../api/use-trading';

/** Halt (or resume) button of one instrument, with its reason-and-confirm dialog. */
export function HaltControl({ instrument, name }: { instrument: StaffInstrument; name: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const action = instrument.halted ? 'resume' : 'halt';
  const mutation = useHaltInstrument(instrument.code, action);
  const label = { code: instrument.code, name };
  return (
    <>
      <Button
        size="small"
        danger={action === 'halt'}
        onClick={() => setOpen(true)}
        data-testid={`${action}-${instrument.code}`}
      >
        {t(`trading.${action}.button`)}
      </Button>
      {open && (
        <ReasonActionModal
          danger={action === 'halt'}
          title={t(`trading.${action}.title`, label)}
          description={t(`trading.${action}.description`)}
          confirmQuestion={t(`trading.${action}.confirm`, label)}
          okText={t(`trading.${action}.button`)}
          action={mutation}
          onCancel={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void message.success(t(`trading.${action}.done`, label));
          }}
        />
      )}
    </>
  );
}
