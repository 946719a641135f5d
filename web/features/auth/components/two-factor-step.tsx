import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { backupCodeSchema, totpCodeSchema } from '../../../../common/schemas/users.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { authApi } from '../api/auth-api.ts';

interface CodeFormProps {
  useBackup: boolean;
  onVerified: () => Promise<void>;
  onSwitch: () => void;
  onCancel: () => void;
}

function CodeForm({ useBackup, onVerified, onSwitch, onCancel }: CodeFormProps) {
  const form = useSchemaForm(useBackup ? backupCodeSchema : totpCodeSchema, { defaultValues: { code: '' } });
  const verify = useMutation({
    mutationFn: (code: string) => (useBackup ? authApi.verifyBackupCode(code) : authApi.verifyTotp(code)),
    onSuccess: onVerified,
  });

  return (
    <form noValidate aria-label="Two-factor code" className="space-y-5" onSubmit={form.handleSubmit(({ code }) => verify.mutate(code))}>
      <TextField
        label={useBackup ? 'Backup code' : 'Authenticator code'}
        hint={useBackup ? 'Each backup code works once.' : 'Open your authenticator app and type the 6-digit code for Joinery.'}
        inputMode={useBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        {...form.field('code')}
      />
      <FormSubmit label="Verify" busy={verify.isPending} error={verify.error?.message} progressBar="Checking the code" className="btn-primary w-full" />
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="link link-primary" onClick={onSwitch}>
          {useBackup ? 'Use the authenticator app' : 'Use a backup code instead'}
        </button>
        <button type="button" className="link text-stone-600" onClick={onCancel}>
          Back to log in
        </button>
      </div>
    </form>
  );
}

/** The second sign-in step for an account with two-factor on: the app's code, or a backup code. */
export function TwoFactorStep({ onVerified, onCancel }: { onVerified: () => Promise<void>; onCancel: () => void }) {
  const [useBackup, setUseBackup] = useState(false);
  // A fresh form for each kind of code: switching starts over, with nothing typed and no message.
  return <CodeForm key={String(useBackup)} useBackup={useBackup} onVerified={onVerified} onSwitch={() => setUseBackup(!useBackup)} onCancel={onCancel} />;
}
