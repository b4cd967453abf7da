import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCepStub, type CepStub } from '@/test/cep-stub.mjs';
import { answerCep } from './service';
import { startProcessContext } from '@/lib/process/context';
import { ensureMigrated } from '@/db';

const saved = { ...process.env };
let stub: CepStub;

beforeAll(async () => {
  stub = await startCepStub();
  process.env.CEP_LOOKUP_URL = stub.url;
  process.env.RATE_LIMIT_CEP_PER_MIN = '4';
  startProcessContext();
  startProcessContext();
  await ensureMigrated(); // the rate-limit counters live in the database
});
afterAll(async () => {
  process.env = { ...saved };
  startProcessContext();
  await stub.close();
});

describe('GET /api/cep/<cep> (answerCep)', () => {
  it('200 with the address, 404 for an unknown CEP, 400 for a malformed one, then 429 past the limit', async () => {
    expect(await answerCep('01310-100', '10.0.0.1')).toEqual({
      status: 200,
      body: { zip: '01310100', street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    });
    expect((await answerCep('99999999', '10.0.0.1')).status).toBe(404);
    expect((await answerCep('123', '10.0.0.1')).status).toBe(400);
    stub.setMode('down');
    expect(await answerCep('20040002', '10.0.0.1')).toMatchObject({ status: 503, body: { error: expect.stringContaining('Preencha o endereço') } });
    stub.setMode('up');
    expect((await answerCep('20040002', '10.0.0.1')).status).toBe(429);
    expect((await answerCep('20040002', '10.0.0.2')).status).toBe(200);
  });
});
