// The ceiling of the HTTP benchmark: a Fastify server with no plugins and no hooks that answers
// each benchmarked URL with the very bytes the store answered (status, headers and body), from
// memory. Whatever the store does beyond that is its own cost. Started by bench-http.mjs with the
// answers as a JSON file; prints "listening <port>" and stops when its standard input closes.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });

for (const answer of answers) {
  const body = Buffer.from(answer.bodyBase64, 'base64');
  app.route({
    method: answer.method,
    url: answer.path,
    handler: (_request, reply) => reply.code(answer.status).headers(answer.headers).send(body),
  });
}

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
process.stdin.on('end', () => app.close().then(() => process.exit(0))).resume();
