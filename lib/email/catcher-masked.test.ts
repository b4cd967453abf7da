/** The mail catcher as a role without `buyers:read` reads it: recipients and the buyer in the message masked, no PDFs. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { caughtEmails } from '@/db/schema';
import { insertOrders } from '@/test/dashboard/fixtures';

vi.mock('server-only', () => ({}));
const { caughtFor, listCaught } = await import('./catcher');

let mailId: number;
beforeAll(async () => {
  await ensureMigrated();
  const [order] = await insertOrders([{ status: 'pending', method: 'boleto', totalCents: 5000, buyerName: 'Bruno de Lima', buyerDocument: '52998224725', buyerEmail: 'bruno.lima@gmail.com' }]);
  const files = [
    { filename: 'pix-qr.png', contentType: 'image/png', cid: 'qr', base64: 'iVBORw0K' },
    { filename: 'boleto.pdf', contentType: 'application/pdf', base64: 'JVBERi0=' },
  ];
  [{ id: mailId }] = await db()
    .insert(caughtEmails)
    .values({
      orderId: order.id,
      kind: 'instructions',
      fromAddress: 'Loja <no-reply@loja.example>',
      toAddress: 'bruno.lima@gmail.com',
      subject: 'Bruno de Lima, seu boleto',
      html: '<p>Olá, Bruno de Lima! CPF 529.982.247-25</p>',
      text: 'Olá, Bruno de Lima! CPF 529.982.247-25',
      attachments: JSON.stringify(files),
    })
    .returning({ id: caughtEmails.id });
});

describe('the catcher, masked', () => {
  it('masks the recipient, the buyer in the subject and body, and leaves out the PDF', async () => {
    const mail = await caughtFor('masked', mailId);
    expect(mail).toMatchObject({
      toAddress: 'b***@g***.com',
      subject: 'Bruno d. L., seu boleto',
      html: '<p>Olá, Bruno d. L.! CPF 529.***.***-25</p>',
      text: 'Olá, Bruno d. L.! CPF 529.***.***-25',
    });
    expect(mail?.files.map((f) => f.filename)).toEqual(['pix-qr.png']);
    expect((await listCaught('masked')).find((m) => m.id === mailId)?.toAddress).toBe('b***@g***.com');
  });

  it('an owner reads it whole', async () => {
    expect(await caughtFor('open', mailId)).toMatchObject({ toAddress: 'bruno.lima@gmail.com', text: 'Olá, Bruno de Lima! CPF 529.982.247-25' });
    expect((await listCaught('open')).find((m) => m.id === mailId)?.toAddress).toBe('bruno.lima@gmail.com');
  });
});

describe('the catcher, masked: no link that shows the buyer whole', () => {
  it('leaves out the boleto PDF link and the order page token, in the HTML and the text', async () => {
    const [order] = await insertOrders([{ status: 'pending', method: 'boleto', totalCents: 5000, buyerName: 'Carla Mendes', buyerDocument: '52998224725', buyerEmail: 'carla.m@gmail.com' }]);
    const pdf = 'http://localhost:3000/sandbox/invoice/boleto/pdf/3f2a9c1b-0000-4000-8000-000000000001';
    const page = `http://localhost:3000/orders/${order.token}`;
    const [{ id }] = await db()
      .insert(caughtEmails)
      .values({
        orderId: order.id,
        kind: 'instructions',
        fromAddress: 'Loja <no-reply@loja.example>',
        toAddress: 'carla.m@gmail.com',
        subject: 'Seu boleto',
        html: `<a href="${pdf}">Baixar boleto (PDF)</a> <a href="${page}">Ver o pedido</a>`,
        text: `Baixar boleto (PDF): ${pdf}\nVer o pedido: ${page}`,
        attachments: '[]',
      })
      .returning({ id: caughtEmails.id });
    const mail = await caughtFor('masked', id);
    for (const body of [mail!.html, mail!.text]) {
      expect(body).not.toContain('/sandbox/invoice/boleto');
      expect(body).not.toContain(order.token);
      expect(body).toContain('(link oculto)');
    }
    // Whole for who manages the people (an owner).
    expect((await caughtFor('open', id))!.text).toContain(pdf);
  });
});
