import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { isParsedContainer } from './parsed-containers.ts';

/**
 * The deepest nesting of arrays and objects a request body may have. The shop's bodies and
 * better-auth's are a few levels deep; a deeper one only serves to overflow the stack of code that
 * walks it recursively (JSON.stringify, schema validation).
 */
export const maxBodyDepth = 32;

/** Whether a parsed body nests more than `maxDepth` levels; walked level by level, never recursively. */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  let level: object[] = isParsedContainer(value) ? [value] : [];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > maxDepth) return true;
    const next: object[] = [];
    for (const container of level) {
      for (const inner of Object.values(container)) if (isParsedContainer(inner)) next.push(inner);
    }
    level = next;
  }
  return false;
}

/**
 * One depth limit for every route, the shop's and better-auth's alike, checked after the body is
 * parsed (the JSON parser itself does not recurse) and before anything else reads it.
 */
export const bodyDepthLimit = fp(
  (app, _options, loaded) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const tooDeep = nestsDeeperThan(request.body, maxBodyDepth);
      done(tooDeep ? new AppError(400, 'VALIDATION_FAILED', `The request body is nested too deeply: at most ${maxBodyDepth} levels of arrays and objects.`) : undefined);
    });
    loaded();
  },
  // Its refusal is answered in the shop's form by the error handler.
  { name: 'body-depth-limit', dependencies: ['error-handler'], fastify: '5.x' },
);
