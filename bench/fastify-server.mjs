// The second baseline: a minimal Fastify app (no plugins, no logging) answering the same fixed bytes,
// one route per path. What the framework itself costs; the shop's own work is the rest.
import Fastify from 'fastify';
import { readFixedAnswers } from './fixed-answers.mjs';

const routes = await readFixedAnswers();
const app = Fastify({ logger: false });
for (const path of routes.keys()) {
  const url = path.split('?')[0] ?? path;
  // A path with a query string shares its route with the plain one: the answer is found by the whole URL.
  if (!app.hasRoute({ method: 'GET', url })) {
    app.get(url, (request, reply) => {
      const answer = routes.get(request.url);
      if (!answer) return reply.code(404).send();
      return reply.headers(answer.headers).send(answer.body);
    });
  }
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
