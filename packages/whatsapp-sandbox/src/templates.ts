/**
 * The message templates the sandbox's WhatsApp Business Account starts with: the ones Balcão
 * needs (docs/whatsapp-contract.md "Templates"), registered and approved, as a merchant's
 * account would hold them once Meta approved them. Bodies use Meta's positional variables
 * ({{1}}, {{2}} …); a URL button's variable is the suffix of its fixed address.
 */
export type TemplateCategory = 'UTILITY' | 'MARKETING';
export type TemplateStatus = 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';
export type TemplateButton = { type: 'URL'; text: string; url: string } | { type: 'COPY_CODE'; text: string };
export type SandboxTemplate = { name: string; language: string; category: TemplateCategory; status: TemplateStatus; body: string; buttons: TemplateButton[] };

export const DEFAULT_TEMPLATES: readonly Omit<SandboxTemplate, 'status'>[] = [
  {
    name: 'balcao_instrucoes_pix',
    language: 'pt_BR',
    category: 'UTILITY',
    body: 'Seu pedido {{1}} na {{2}} está aguardando o pagamento de {{3}} por Pix, até {{4}}. Copie o código Pix abaixo e cole no app do seu banco:\n\n{{5}}',
    buttons: [{ type: 'URL', text: 'Ver pedido', url: 'https://balcao.invalid/orders/{{1}}' }],
  },
  {
    name: 'balcao_instrucoes_boleto',
    language: 'pt_BR',
    category: 'UTILITY',
    body: 'Seu pedido {{1}} na {{2}} está aguardando o pagamento de {{3}} por boleto, com vencimento em {{4}}. Linha digitável:\n\n{{5}}',
    buttons: [{ type: 'URL', text: 'Ver boleto', url: 'https://balcao.invalid/orders/{{1}}' }],
  },
  {
    name: 'balcao_pagamento_confirmado',
    language: 'pt_BR',
    category: 'UTILITY',
    body: 'Pagamento confirmado! Recebemos {{1}} pelo pedido {{2}} na {{3}}. Obrigado pela compra.',
    buttons: [{ type: 'URL', text: 'Ver pedido', url: 'https://balcao.invalid/orders/{{1}}' }],
  },
  {
    name: 'balcao_pedido_enviado',
    language: 'pt_BR',
    category: 'UTILITY',
    body: 'Seu pedido {{1}} da {{2}} foi enviado. Código de rastreio: {{3}}. Acompanhe a entrega: {{4}}',
    buttons: [],
  },
  {
    name: 'balcao_pedido_enviado_nf',
    language: 'pt_BR',
    category: 'UTILITY',
    body: 'Seu pedido {{1}} da {{2}} foi enviado. Código de rastreio: {{3}}. Acompanhe a entrega: {{4}}\n\nA nota fiscal do pedido está no botão abaixo.',
    buttons: [{ type: 'URL', text: 'Nota fiscal', url: 'https://balcao.invalid/orders/{{1}}/nota-fiscal' }],
  },
  {
    name: 'balcao_lembrete_carrinho',
    language: 'pt_BR',
    category: 'MARKETING',
    body: 'Você deixou um carrinho de {{1}} na {{2}}. Ele ainda está guardado para você.',
    buttons: [{ type: 'URL', text: 'Voltar ao carrinho', url: 'https://balcao.invalid/checkout/retomar/{{1}}' }],
  },
  {
    name: 'balcao_avalie_sua_compra',
    language: 'pt_BR',
    category: 'UTILITY',
    body: 'Avalie sua compra: como foi o pedido {{1}} na {{2}}? Dê sua nota a cada produto em poucos segundos; sua opinião ajuda outros compradores.',
    buttons: [{ type: 'URL', text: 'Avaliar', url: 'https://balcao.invalid/avaliar/{{1}}' }],
  },
];

/** How many {{n}} variables a text carries (the highest n). */
export function variableCount(text: string): number {
  let max = 0;
  for (const m of text.matchAll(/\{\{(\d+)\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

/** The text with its {{n}} filled (a missing value stays as it was). */
export function fill(text: string, values: readonly string[]): string {
  return text.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);
}
