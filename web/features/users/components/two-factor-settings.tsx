import { useMutation } from '@tanstack/react-query';
import { renderSVG } from 'uqr';
import { passwordCheckSchema, totpCodeSchema, type Viewer } from '../../../../common/schemas/users.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { authApi } from '../../auth/api/auth-api.ts';
import { useReloadSession } from '../../auth/api/session-queries.ts';

function Card({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="two-factor-title" className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-6">
      {children}
    </section>
  );
}

function Title({ on }: { on: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h2 id="two-factor-title" className="text-lg font-semibold text-stone-900">
        Two-factor sign-in
      </h2>
      <span className={`badge ${on ? 'badge-success' : 'badge-ghost'}`}>{on ? 'On' : 'Off'}</span>
    </div>
  );
}

/** The authenticator app's QR code, the same key as text, and the backup codes; then a code to confirm. */
function Setup({ totpURI, backupCodes, onDone }: { totpURI: string; backupCodes: string[]; onDone: () => Promise<void> }) {
  const form = useSchemaForm(totpCodeSchema, { defaultValues: { code: '' } });
  const code = form.field('code');
  const confirm = useMutation({ mutationFn: authApi.verifyTotp, onSuccess: onDone });
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const qr = `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(totpURI))}`;

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
        <li>Scan the code with an authenticator app, or type the key into it.</li>
        <li>Keep the backup codes somewhere safe: each one signs you in once if you lose your phone.</li>
        <li>Type the 6-digit code the app shows to finish.</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row">
        <img src={qr} alt="QR code for your authenticator app" width={160} height={160} className="h-40 w-40 rounded-lg border border-base-300 bg-white p-2" />
        <div className="min-w-0 space-y-3 text-sm">
          <p>
            <span className="text-stone-600">Key: </span>
            <code data-testid="totp-secret" className="break-all font-mono text-stone-900">
              {secret}
            </code>
          </p>
          <div>
            <p className="text-stone-600">Backup codes:</p>
            <ul data-testid="backup-codes" className="mt-1 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-stone-900">
              {backupCodes.map((backupCode) => (
                <li key={backupCode}>{backupCode}</li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <form
        noValidate
        aria-label="Confirm two-factor"
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={form.handleSubmit((typed) => confirm.mutate(typed.code))}
      >
        {/* The server's answer belongs to the code, so it shows under it. */}
        <TextField label="Code from the app" inputMode="numeric" autoComplete="one-time-code" className="sm:w-56" {...code} error={code.error ?? confirm.error?.message} />
        <FormSubmit label="Turn on" busy={confirm.isPending} className="btn-primary sm:mt-7" />
      </form>
    </div>
  );
}

/** Turning on (or off) an authenticator-app code for signing in with a password. */
export function TwoFactorSettings({ viewer }: { viewer: Viewer }) {
  const toast = useToast();
  const reloadSession = useReloadSession();
  const form = useSchemaForm(passwordCheckSchema, { defaultValues: { password: '' } });
  const password = form.field('password');
  const enable = useMutation({ mutationFn: authApi.enableTwoFactor, onSuccess: () => form.reset() });
  const disable = useMutation({
    mutationFn: authApi.disableTwoFactor,
    onSuccess: async () => {
      form.reset();
      toast('Two-factor sign-in is off');
      await reloadSession();
    },
  });

  if (!viewer.hasPassword) {
    return (
      <Card>
        <Title on={false} />
        <p className="text-sm text-stone-600">
          Two-factor protects signing in with a password. Your account signs in with Google, Facebook or a code sent to your phone, which check who you are themselves.
        </p>
      </Card>
    );
  }

  if (enable.data && !viewer.twoFactorEnabled) {
    return (
      <Card>
        <Title on={false} />
        <Setup
          totpURI={enable.data.totpURI}
          backupCodes={enable.data.backupCodes}
          onDone={async () => {
            toast('Two-factor sign-in is on');
            enable.reset();
            await reloadSession();
          }}
        />
      </Card>
    );
  }

  const action = viewer.twoFactorEnabled ? disable : enable;
  return (
    <Card>
      <Title on={viewer.twoFactorEnabled} />
      <p className="text-sm text-stone-600">
        {viewer.twoFactorEnabled
          ? 'Signing in with your password also asks for the code from your authenticator app.'
          : 'Ask for a code from an authenticator app (such as Google Authenticator or 1Password) each time you sign in with your password.'}
      </p>
      <form
        noValidate
        aria-label={viewer.twoFactorEnabled ? 'Turn off two-factor' : 'Turn on two-factor'}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={form.handleSubmit((typed) => action.mutate(typed.password))}
      >
        <TextField label="Your password" type="password" autoComplete="current-password" className="sm:w-64" {...password} error={password.error ?? action.error?.message} />
        <FormSubmit
          label={viewer.twoFactorEnabled ? 'Turn off two-factor' : 'Set up two-factor'}
          busy={action.isPending}
          className={`sm:mt-7 ${viewer.twoFactorEnabled ? 'btn-outline' : 'btn-primary'}`}
        />
      </form>
    </Card>
  );
}
