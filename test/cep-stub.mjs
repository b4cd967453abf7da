// A local stand-in for the public CEP services (no network in tests). It answers
// GET /cep/<8 digits> in BrasilAPI's shape for the CEPs below and 404 for any other, and
// obeys POST /__mode {"mode": "up" | "down" | "slow"}: down answers 503, slow waits 10 s.
import http from 'node:http';

export const STUB_ADDRESSES = {
  '01310100': { cep: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista' },
  '20040002': { cep: '20040002', state: 'RJ', city: 'Rio de Janeiro', neighborhood: 'Centro', street: 'Rua da Quitanda' },
  '69005010': { cep: '69005010', state: 'AM', city: 'Manaus', neighborhood: 'Centro', street: 'Avenida Eduardo Ribeiro' },
  '40020000': { cep: '40020000', state: 'BA', city: 'Salvador', neighborhood: 'Comércio', street: 'Avenida Estados Unidos' },
  // A CEP that covers a whole city: no street, no neighbourhood.
  '78175000': { cep: '78175000', state: 'MT', city: 'Poconé', neighborhood: '', street: '' },
};

/** Starts the stub on 127.0.0.1 (`port` 0 = any free port). */
export function startCepStub({ port = 0 } = {}) {
  let mode = 'up';
  const requests = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/__mode') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        try {
          mode = JSON.parse(body).mode;
        } catch {
          mode = 'up';
        }
        res.writeHead(204).end();
      });
      return;
    }
    const m = /^\/cep\/(\d{8})$/.exec(req.url ?? '');
    requests.push(req.url);
    if (mode === 'down') return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"down"}');
    const answer = () => {
      const found = m && STUB_ADDRESSES[m[1]];
      if (!found) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"CEP não encontrado"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
    };
    if (mode === 'slow') setTimeout(answer, 10_000).unref();
    else answer();
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      resolve({
        url: `http://127.0.0.1:${bound}/cep/{cep}`,
        port: bound,
        requests,
        setMode: (m) => {
          mode = m;
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
