// zod builds faster checks with `new Function` when it may, and probes whether it may as its first
// schema is made. The shop's Content-Security-Policy forbids eval, so the probe fails and the browser
// reports a violation on every page with a form. `z.config({ jitless: true })` turns the probe off,
// but importing zod for it would put zod into every page's first load: zod keeps that setting on
// globalThis (so that copies of zod share it), and it is set there before any zod code runs.
// zod-without-eval.test.ts checks that zod still reads it from there.
const zodConfigKey = '__zod_globalConfig';

type ZodGlobal = typeof globalThis & { [zodConfigKey]?: Record<string, unknown> };

// The same object zod holds, if zod were already loaded; a new one zod will adopt otherwise.
const zodConfig = ((globalThis as ZodGlobal)[zodConfigKey] ??= {});
zodConfig.jitless = true;

// A module, imported for its effect alone.
export {};
