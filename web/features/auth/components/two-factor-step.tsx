import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '../../../components/ui/form-field.tsx';
import { authApi } from '../api/auth-api.ts';
import { FormAlert, SignInProgress } from './form-alert.tsx';

/** The second sign-in step for an account with two-factor on: the app's code, or a backup code. */
export function TwoFactorStep({ onVerified, onCancel }: { onVerified: () => Promise<void>; onCancel: () => void }) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const verify = useMutation({
    mutationFn: (value: string) => (useBackup ? authApi.verifyBackupCode(value) : authApi.verifyTotp(value)),
    onSuccess: onVerified,
  });

  return (
    <form
      noValidate
      aria-label="Two-factor code"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        const value = code.trim().replace(/\s/g, '');
        const wellFormed = useBackup ? value.length >= 6 : /^\d{6}$/.test(value);
        setProblem(wellFormed ? undefined : useBackup ? 'Enter one of your backup codes' : 'Enter the 6-digit code from your app');
        if (wellFormed) verify.mutate(value);
      }}
    >
      <TextField
        label={useBackup ? 'Backup code' : 'Authenticator code'}
        hint={useBackup ? 'Each backup code works once.' : 'Open your authenticator app and type the 6-digit code for Joinery.'}
        inputMode={useBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        error={problem}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormAlert message={verify.error?.message} />
      <SignInProgress active={verify.isPending} label="Checking the code" />
      <button type="submit" className="btn btn-primary w-full" disabled={verify.isPending}>
        Verify
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="link link-primary"
          onClick={() => {
            setUseBackup(!useBackup);
            setCode('');
            setProblem(undefined);
            verify.reset();
          }}
        >
          {useBackup ? 'Use the authenticator app' : 'Use a backup code instead'}
        </button>
        <button type="button" className="link text-stone-600" onClick={onCancel}>
          Back to log in
        </button>
      </div>
    </form>
  );
}
