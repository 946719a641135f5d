import 'react-phone-number-input/style.css';
import '../../features/auth/components/phone-input.css';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import PhoneInput from 'react-phone-number-input/min';
import { Link, Navigate, useNavigate } from 'react-router';
import { oneTimeCodePattern } from '../../../common/account-rules.ts';
import { phoneCodeRequestSchema, phoneCodeSchema } from '../../../common/schemas/phone-sign-in.ts';
import { FormSubmit } from '../../components/ui/form-submit.tsx';
import { authApi } from '../../features/auth/api/auth-api.ts';
import { useRefreshSession, useSignInOptions } from '../../features/auth/api/session-queries.ts';
import { AuthFrame } from '../../features/auth/components/auth-frame.tsx';
import { useBotCheck } from '../../features/auth/hooks/use-bot-check.ts';
import { loginPath } from '../../features/auth/login-path.ts';
import { useAlreadySignedIn } from '../../features/auth/use-already-signed-in.ts';
import { useReturnTo } from '../../features/auth/use-return-to.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

/** The country select shows its ISO code: flag pictures would be fetched from elsewhere. */
function CountryCode({ country }: { country?: string }) {
  return <span className="text-xs font-semibold tracking-wide text-stone-700">{country ?? '+'}</span>;
}

/** Step 1: the number to text a code to, sent with the invisible bot check when the shop has one. */
function PhoneNumberStep({ onSent }: { onSent: (number: string) => void }) {
  const options = useSignInOptions();
  const botCheckBox = useRef<HTMLDivElement>(null);
  const botCheckToken = useBotCheck(options.data?.captcha, botCheckBox);
  const form = useSchemaForm(phoneCodeRequestSchema);
  const sendCode = useMutation({
    mutationFn: async (number: string) => authApi.sendPhoneCode(number, await botCheckToken()),
    onSuccess: (_result, number) => onSent(number),
  });

  return (
    <form noValidate aria-label="Phone number" className="space-y-5" onSubmit={form.handleSubmit(({ phone }) => sendCode.mutate(phone))}>
      <Controller
        control={form.control}
        name="phone"
        render={({ field, fieldState: { error } }) => (
          <div>
            <label htmlFor="phone-number" className="mb-1.5 block text-sm font-medium text-stone-800">
              Phone number
            </label>
            <PhoneInput
              id="phone-number"
              ref={field.ref}
              defaultCountry="US"
              // Countries in English order, as the server rendered them, whatever the browser's language.
              locales="en"
              placeholder="Enter phone number"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              flagComponent={CountryCode}
              className={`input w-full gap-2 ${error ? 'input-error' : ''}`}
              numberInputProps={{
                className: 'grow bg-transparent text-stone-900 outline-none',
                autoComplete: 'tel',
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? 'phone-number-error' : undefined,
              }}
              countrySelectProps={{ 'aria-label': 'Country' }}
            />
            {error && (
              <p id="phone-number-error" className="mt-1.5 text-sm font-medium text-error">
                {error.message}
              </p>
            )}
          </div>
        )}
      />
      <div ref={botCheckBox} />
      <FormSubmit label="REGISTER" busy={sendCode.isPending} error={sendCode.error?.message} progressBar="Sending the code" className="btn-primary w-full" />
    </form>
  );
}

/** Step 2: the texted code. */
function CodeStep({ sentTo, onSignedIn, onStartOver }: { sentTo: string; onSignedIn: () => Promise<void>; onStartOver: () => void }) {
  const form = useSchemaForm(phoneCodeSchema, { defaultValues: { code: '' } });
  const confirm = useMutation({ mutationFn: (code: string) => authApi.verifyPhoneCode(sentTo, code), onSuccess: onSignedIn });

  return (
    <form
      noValidate
      aria-label="Code"
      className="space-y-5"
      // The specification: an empty code is silently ignored.
      onSubmit={form.handleSubmit(({ code }) => code && confirm.mutate(code))}
    >
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <div>
            <label htmlFor="one-time-code" className="mb-1.5 block text-sm font-medium text-stone-800">
              Code
            </label>
            <input
              id="one-time-code"
              className="input w-full text-stone-900 tracking-widest"
              placeholder="Enter otp number"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern={oneTimeCodePattern.source}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
            />
          </div>
        )}
      />
      <FormSubmit label="REGISTER" busy={confirm.isPending} error={confirm.error?.message} progressBar="Checking the code" className="btn-primary w-full" />
      <button type="button" className="link link-primary text-sm" onClick={onStartOver}>
        Use another number or send a new code
      </button>
    </form>
  );
}

export default function PhoneLoginPage() {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const alreadySignedIn = useAlreadySignedIn();
  const refreshSession = useRefreshSession();
  // The number the code went to; the second step confirms against it.
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (alreadySignedIn) return <Navigate to={alreadySignedIn} replace />;

  return (
    <AuthFrame
      title="Log in with your phone"
      intro={sentTo ? `We sent a 6-digit code to ${sentTo}. It is valid for 5 minutes.` : 'We will text you a 6-digit code. New numbers get an account.'}
    >
      {sentTo ? (
        <CodeStep
          sentTo={sentTo}
          onStartOver={() => setSentTo(null)}
          onSignedIn={async () => {
            await refreshSession();
            await navigate(returnTo, { replace: true });
          }}
        />
      ) : (
        <PhoneNumberStep onSent={setSentTo} />
      )}
      <p className="mt-8 text-sm text-stone-600">
        Prefer your e-mail?{' '}
        <Link to={loginPath(returnTo)} className="link link-primary font-medium">
          Log in with e-mail and password
        </Link>
      </p>
    </AuthFrame>
  );
}
