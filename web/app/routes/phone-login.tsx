import 'react-phone-number-input/style.css';
import '../../features/auth/components/phone-input.css';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import PhoneInput from 'react-phone-number-input/min';
import { Link, useNavigate } from 'react-router';
import { oneTimeCodePattern } from '../../../common/account-rules.ts';
import { signInPhoneProblem } from '../../../common/phone-rules.ts';
import { authApi } from '../../features/auth/api/auth-api.ts';
import { useRefreshSession, useSignInOptions } from '../../features/auth/api/session-queries.ts';
import { AuthFrame } from '../../features/auth/components/auth-frame.tsx';
import { FormAlert, SignInProgress } from '../../features/auth/components/form-alert.tsx';
import { useBotCheck } from '../../features/auth/hooks/use-bot-check.ts';
import { loginPath } from '../../features/auth/login-path.ts';
import { useReturnTo } from '../../features/auth/use-return-to.ts';

/** The country select shows its ISO code: flag pictures would be fetched from elsewhere. */
function CountryCode({ country }: { country?: string }) {
  return <span className="text-xs font-semibold tracking-wide text-stone-700">{country ?? '+'}</span>;
}

export default function PhoneLoginPage() {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const refreshSession = useRefreshSession();
  const options = useSignInOptions();
  const botCheckBox = useRef<HTMLDivElement>(null);
  const botCheckToken = useBotCheck(options.data?.captcha, botCheckBox);
  const [phone, setPhone] = useState<string | undefined>();
  const [phoneError, setPhoneError] = useState<string>();
  const [code, setCode] = useState('');
  // The number the code went to; the second step confirms against it.
  const [sentTo, setSentTo] = useState<string | null>(null);

  const sendCode = useMutation({
    mutationFn: async (number: string) => authApi.sendPhoneCode(number, await botCheckToken()),
    onSuccess: (_result, number) => setSentTo(number),
  });
  const confirm = useMutation({
    mutationFn: (value: string) => authApi.verifyPhoneCode(sentTo ?? '', value),
    onSuccess: async () => {
      await refreshSession();
      await navigate(returnTo, { replace: true });
    },
  });

  function submitPhone(event: FormEvent) {
    event.preventDefault();
    const problem = signInPhoneProblem(phone);
    setPhoneError(problem);
    if (!problem && phone) sendCode.mutate(phone);
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    // The specification: an empty code is silently ignored.
    if (!value) return;
    confirm.mutate(value);
  }

  return (
    <AuthFrame
      title="Log in with your phone"
      intro={sentTo ? `We sent a 6-digit code to ${sentTo}. It is valid for 5 minutes.` : 'We will text you a 6-digit code. New numbers get an account.'}
    >
      {!sentTo ? (
        <form noValidate aria-label="Phone number" className="space-y-5" onSubmit={submitPhone}>
          <div>
            <label htmlFor="phone-number" className="mb-1.5 block text-sm font-medium text-stone-800">
              Phone number
            </label>
            <PhoneInput
              id="phone-number"
              defaultCountry="US"
              placeholder="Enter phone number"
              value={phone}
              onChange={setPhone}
              flagComponent={CountryCode}
              className={`input w-full gap-2 ${phoneError ? 'input-error' : ''}`}
              numberInputProps={{
                className: 'grow bg-transparent text-stone-900 outline-none',
                autoComplete: 'tel',
                'aria-invalid': phoneError ? true : undefined,
                'aria-describedby': phoneError ? 'phone-number-error' : undefined,
              }}
              countrySelectProps={{ 'aria-label': 'Country' }}
            />
            {phoneError && (
              <p id="phone-number-error" className="mt-1.5 text-sm font-medium text-error">
                {phoneError}
              </p>
            )}
          </div>
          <div ref={botCheckBox} />
          <FormAlert message={sendCode.error?.message} />
          <SignInProgress active={sendCode.isPending} label="Sending the code" />
          <button type="submit" className="btn btn-primary w-full" disabled={sendCode.isPending}>
            REGISTER
          </button>
        </form>
      ) : (
        <form noValidate aria-label="Code" className="space-y-5" onSubmit={submitCode}>
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
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
          </div>
          <FormAlert message={confirm.error?.message} />
          <SignInProgress active={confirm.isPending} label="Checking the code" />
          <button type="submit" className="btn btn-primary w-full" disabled={confirm.isPending}>
            REGISTER
          </button>
          <button
            type="button"
            className="link link-primary text-sm"
            onClick={() => {
              setSentTo(null);
              setCode('');
              confirm.reset();
              sendCode.reset();
            }}
          >
            Use another number or send a new code
          </button>
        </form>
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
