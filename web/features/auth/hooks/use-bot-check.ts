import { type RefObject, useEffect, useRef } from 'react';
import type { SignInOptions } from '../../../../common/schemas/users.ts';

type Captcha = NonNullable<SignInOptions['captcha']>;

interface Turnstile {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  execute(widgetId: string): void;
  reset(widgetId: string): void;
}
interface Recaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
declare global {
  interface Window {
    turnstile?: Turnstile;
    grecaptcha?: Recaptcha;
  }
}

const scriptUrl = (captcha: Captcha) =>
  captcha.provider === 'turnstile'
    ? 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
    : `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(captcha.siteKey)}`;

function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? Object.assign(document.createElement('script'), { src, async: true });
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error('The bot check could not load. Check your connection and try again.')));
    if (!existing) document.head.append(script);
  });
}

/**
 * The invisible bot check attached to sending a code (Turnstile or reCAPTCHA v3), when the shop
 * has one set up. It answers a function that gets the value for the x-captcha-response header
 * (undefined when there is no check).
 */
export function useBotCheck(captcha: Captcha | null | undefined, container: RefObject<HTMLDivElement | null>) {
  const pending = useRef<{ resolve: (token: string) => void; reject: (error: Error) => void } | null>(null);
  const widget = useRef<string | null>(null);

  useEffect(() => {
    if (!captcha) return;
    void loadScript(scriptUrl(captcha)).catch(() => undefined);
  }, [captcha]);

  async function token(): Promise<string | undefined> {
    if (!captcha) return undefined;
    await loadScript(scriptUrl(captcha));
    if (captcha.provider === 'recaptcha') {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) throw new Error('The bot check could not start. Please reload the page.');
      return new Promise((resolve, reject) => {
        grecaptcha.ready(() => {
          grecaptcha.execute(captcha.siteKey, { action: 'send_code' }).then(resolve, reject);
        });
      });
    }
    const turnstile = window.turnstile;
    if (!turnstile || !container.current) throw new Error('The bot check could not start. Please reload the page.');
    return new Promise((resolve, reject) => {
      pending.current = { resolve, reject };
      widget.current ??= turnstile.render(container.current as HTMLElement, {
        sitekey: captcha.siteKey,
        execution: 'execute',
        appearance: 'interaction-only',
        callback: (value: string) => pending.current?.resolve(value),
        'error-callback': () => pending.current?.reject(new Error('The bot check failed. Please try again.')),
      });
      turnstile.reset(widget.current);
      turnstile.execute(widget.current);
    });
  }

  return token;
}
