import fp from 'fastify-plugin';
import { isAcceptableText, textMessages } from '../../common/text-rule.ts';
import { AppError } from '../errors.ts';
import { isParsedContainer } from './parsed-containers.ts';

/**
 * The path (`shippingAddress.line1`, `lines.0.productId`) of the first string in `value`, key or value,
 * that breaks the text rule; undefined when none does. Walked with a stack, never recursively (the body
 * depth limit runs first, but the walk need not rely on it).
 */
export function brokenTextAt(value: unknown, root: string): string | undefined {
  const waiting: [unknown, string][] = [[value, root]];
  while (waiting.length > 0) {
    const [current, path] = waiting.pop()!;
    if (typeof current === 'string') {
      if (!isAcceptableText(current)) return path;
      continue;
    }
    if (!isParsedContainer(current)) continue;
    for (const [key, inner] of Object.entries(current)) {
      const innerPath = path ? `${path}.${key}` : key;
      if (!isAcceptableText(key)) return path || key;
      waiting.push([inner, innerPath]);
    }
  }
  return undefined;
}

/**
 * One text rule for every route, the shop's and better-auth's alike (ADR 031): the path's parameters,
 * the query and a parsed body are checked before any route reads them, so no route can forget to, and a
 * NUL byte or a lone surrogate answers 400 on its field instead of reaching a query.
 */
export const textRule = fp(
  (app, _options, loaded) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const field = brokenTextAt(request.params, '') ?? brokenTextAt(request.query, '') ?? brokenTextAt(request.body, '');
      if (field === undefined) {
        done();
        return;
      }
      done(new AppError(400, 'VALIDATION_FAILED', `Invalid request. ${field ? `${field}: ` : ''}${textMessages.invalid}`));
    });
    loaded();
  },
  // After the depth limit: a body nested too deeply is refused for that before its text is walked.
  { name: 'text-rule', dependencies: ['error-handler', 'body-depth-limit'], fastify: '5.x' },
);
