/**
 * The shop's three policy pages: each starts from a default pt-BR text, filled with the shop's
 * own name and contact, that the merchant may rewrite in Configurações → Loja (Markdown,
 * markdown.ts). The defaults are a sensible start, not legal advice. Pure.
 */
import { whatsAppUrl } from '@balcao/br/phone';
import { formatWhatsapp, type ShopIdentity } from './identity-values';

export const POLICIES = {
  trocas: { title: 'Trocas e devoluções', path: '/politicas/trocas', field: 'policyReturns' },
  privacidade: { title: 'Política de privacidade', path: '/politicas/privacidade', field: 'policyPrivacy' },
  termos: { title: 'Termos de uso', path: '/politicas/termos', field: 'policyTerms' },
} as const;
export type PolicyKey = keyof typeof POLICIES;
export const POLICY_KEYS = Object.keys(POLICIES) as PolicyKey[];
export const POLICY_MAX = 20_000;

export function isPolicyKey(v: string): v is PolicyKey {
  return Object.hasOwn(POLICIES, v);
}

function contact(s: ShopIdentity): string {
  const ways = [s.contactEmail ? `pelo e-mail [${s.contactEmail}](mailto:${s.contactEmail})` : '', s.whatsapp ? `pelo WhatsApp [${formatWhatsapp(s.whatsapp)}](${whatsAppUrl(s.whatsapp)})` : ''].filter(Boolean);
  return ways.length ? ways.join(' ou ') : 'pelos contatos no rodapé desta página';
}

export function defaultPolicy(key: PolicyKey, s: ShopIdentity): string {
  const shop = s.name;
  const who = s.legalName ? `${shop} (${s.legalName})` : shop;
  switch (key) {
    case 'trocas':
      return `# Direito de arrependimento

Nas compras feitas pela internet, você pode desistir em até **7 dias corridos** a contar do recebimento do produto, sem precisar dar um motivo (Código de Defesa do Consumidor, art. 49).

- Peça a devolução ${contact(s)}, informando o número do pedido.
- O produto deve voltar com seus acessórios e, se possível, na embalagem original.
- Devolvemos o valor pago integralmente, incluindo o frete, pelo mesmo meio de pagamento ou por Pix, em até 10 dias depois de recebermos o produto.

# Trocas e produtos com defeito

Produtos com defeito podem ser trocados ou reparados em até 30 dias (não duráveis) ou 90 dias (duráveis) do recebimento, como prevê o CDC, art. 26. Fale com a gente ${contact(s)}.`;
    case 'privacidade':
      return `# Quem cuida dos seus dados

${who} é o controlador dos dados pessoais informados nesta loja, conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018).

# Quais dados coletamos e por quê

- **Nome, CPF ou CNPJ e e-mail:** para emitir a cobrança Pix ou boleto, que exige o documento do pagador, e para enviar a confirmação do pedido (execução do contrato, LGPD art. 7º, V).
- **Endereço e celular:** para entregar o pedido e avisar sobre a entrega, quando há envio.
- **Dados técnicos de acesso (endereço IP):** para proteger a loja contra fraude e abuso (legítimo interesse).
- **Uma compra começada e não concluída:** a partir do momento em que você digita o e-mail ou o celular, guardamos o que foi digitado (nunca o CPF ou CNPJ) e os produtos escolhidos, para você retomar a compra de onde parou e para enviar até 3 lembretes por e-mail (legítimo interesse). Cada lembrete tem o link "Não quero receber lembretes", que vale com um clique.

Não vendemos seus dados. Eles são compartilhados apenas com o provedor de pagamentos, para gerar e confirmar a cobrança, e com a transportadora, quando há entrega.

# Por quanto tempo

Os dados dos pedidos são guardados pelo prazo das obrigações fiscais e do Código de Defesa do Consumidor (em geral, 5 anos) e depois eliminados ou anonimizados.

Os dados de uma compra não concluída são apagados 30 dias depois da última alteração ou do último lembrete; de quem pediu para não receber lembretes, guardamos apenas o e-mail, para respeitar o pedido.

# Seus direitos

Você pode pedir acesso, correção, cópia ou eliminação dos seus dados ${contact(s)}. Respondemos em até 15 dias.`;
    case 'termos':
      return `# Sobre a loja

Esta loja é operada por ${who}${s.document ? `, ${s.document.length === 14 ? 'CNPJ' : 'CPF'} informado no rodapé` : ''}. Ao fazer um pedido, você concorda com estes termos e com a [Política de privacidade](/politicas/privacidade).

# Pedidos e pagamento

- Os preços valem no momento do pedido e são confirmados antes do pagamento.
- O pagamento é feito por Pix ou boleto. O pedido é confirmado quando o pagamento é compensado; um Pix ou boleto não pago no prazo expira, e o pedido é cancelado.
- Os produtos são reservados por um tempo limitado enquanto o pagamento não é confirmado.

# Entrega e retirada

O prazo e o valor do frete aparecem antes de finalizar a compra. Na retirada na loja, traga o número do pedido.

# Trocas, devoluções e contato

Veja a página [Trocas e devoluções](/politicas/trocas). Dúvidas ${contact(s)}.`;
  }
}

export type PoliciesParse = { ok: true; value: Record<PolicyKey, string> } | { ok: false; fieldErrors: Record<string, string>; values: Record<string, string> };

/** Said next to a policy over the cap: the limit and how far over it the text is, so nothing typed is lost guessing. */
export function policyTooLongMessage(length: number): string {
  return `Use no máximo ${POLICY_MAX.toLocaleString('pt-BR')} caracteres (este texto tem ${length.toLocaleString('pt-BR')}).`;
}

/** The policies' form (fields named after POLICIES[k].field): each text at most POLICY_MAX characters. */
export function parsePoliciesForm(form: { get(name: string): unknown }): PoliciesParse {
  const value = Object.fromEntries(POLICY_KEYS.map((k) => [k, String(form.get(POLICIES[k].field) ?? '')])) as Record<PolicyKey, string>;
  const fieldErrors: Record<string, string> = {};
  for (const k of POLICY_KEYS) {
    if (value[k].length > POLICY_MAX) fieldErrors[POLICIES[k].field] = policyTooLongMessage(value[k].length);
  }
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors, values: Object.fromEntries(POLICY_KEYS.map((k) => [POLICIES[k].field, value[k]])) };
  return { ok: true, value };
}
