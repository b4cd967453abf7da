/**
 * "Testar conexão": the token works (the number answers) and every template the shop sends
 * exists in pt_BR and is approved — naming each one that is not, so the merchant knows what to
 * register or wait for.
 */
import 'server-only';
import { reasonInWords, WhatsappError } from './cloud-api';
import { TEMPLATE_LANGUAGE, TEMPLATES } from './messages';
import { clientOf } from './sender';
import { env } from '@/lib/config/env';
import { connectionOf, META_GRAPH, type WhatsappConnection, type WhatsappSettings } from './settings';

export type ConnectionCheck = { ok: true; message: string } | { ok: false; message: string };

export async function testWhatsappConnection(s: WhatsappSettings, fetchImpl?: typeof fetch, typedToken?: string): Promise<ConnectionCheck> {
  const conn: WhatsappConnection | null = typedToken
    ? { baseUrl: env().whatsappGraphUrl ?? META_GRAPH, token: typedToken, appSecret: null, phoneNumberId: s.phoneNumberId, businessAccountId: s.businessAccountId, embedded: false }
    : connectionOf({ ...s, enabled: true });
  if (conn && !conn.phoneNumberId) return { ok: false, message: 'Informe o ID do número do WhatsApp.' };
  if (!conn) return { ok: false, message: 'Informe o ID do número e o token de acesso.' };
  if (!conn.businessAccountId) return { ok: false, message: 'Informe o ID da conta do WhatsApp Business para conferir os modelos de mensagem.' };
  const client = clientOf(conn, fetchImpl);
  try {
    const number = await client.phoneNumber();
    const remote = await client.templates(conn.businessAccountId);
    const problems = Object.values(TEMPLATES).flatMap((name) => {
      const t = remote.find((r) => r.name === name && r.language === TEMPLATE_LANGUAGE);
      if (!t) return [`${name} (não cadastrado)`];
      return t.status === 'APPROVED' ? [] : [`${name} (${t.status === 'PENDING' ? 'em análise' : t.status === 'REJECTED' ? 'rejeitado' : t.status.toLowerCase()})`];
    });
    if (problems.length > 0) return { ok: false, message: `Conectado a ${number.displayNumber || 'seu número'}, mas estes modelos não estão aprovados: ${problems.join(', ')}.` };
    return { ok: true, message: `Conectado: ${number.verifiedName || 'WhatsApp'} (${number.displayNumber}). Todos os modelos estão aprovados.` };
  } catch (e) {
    if (e instanceof WhatsappError) return { ok: false, message: `Não foi possível conectar: ${reasonInWords(e.code, e.message)}.` };
    throw e;
  }
}
