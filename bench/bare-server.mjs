// The first baseline: a bare node:http server answering fixed bytes from memory, as fast as Node can
// answer. Reads the answers on standard input (fixed-answers.mjs), then prints "listening <port>".
import http from 'node:http';
import { readFixedAnswers } from './fixed-answers.mjs';

const routes = await readFixedAnswers();
const server = http.createServer((request, response) => {
  const route = routes.get(request.url ?? '');
  if (!route) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { ...route.headers, 'content-length': route.body.length });
  response.end(route.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
