// The baseline: a bare node:http server answering fixed bytes from memory, as fast as Node can answer.
// Reads {"<path>": {"body": "...", "headers": {...}}} on stdin, then prints "listening <port>".
import http from 'node:http';

let input = '';
for await (const chunk of process.stdin) input += chunk;
/** @type {unknown} */
const parsed = JSON.parse(input);
const answers = /** @type {Record<string, { body: string, headers: Record<string, string> }>} */ (parsed);
const routes = new Map(Object.entries(answers).map(([path, { body, headers }]) => [path, { body: Buffer.from(body), headers }]));

const server = http.createServer((request, response) => {
  const route = routes.get(request.url ?? '');
  if (!route) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { ...route.headers, 'content-length': route.body.length });
  response.end(route.body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
