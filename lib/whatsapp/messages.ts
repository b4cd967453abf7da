/**
 * The shop's WhatsApp messages: which approved template each one uses and how its variables
 * are filled (docs/whatsapp-contract.md "Templates"). Pure. Variables are the shop's own data
 * only — order number, shop name, amounts, dates, the Pix code, the boleto line, the tracking
 * code — never text the buyer typed (a name could carry a link or a scam), and never a line
 * break (Meta refuses one in a parameter).
 */
import { formatBRL } from '@balcao/br/money';
import { formatDateBR } from '@balcao/br/dates';
import type { WhatsappKind } from '@/db/schema';
import type { TemplateMessage } from './cloud-api';

export const TEMPLATE_LANGUAGE = 'pt_BR';

/** What the merchant registers in Meta's WhatsApp Manager (the sandbox starts with them approved). */
export const TEMPLATES = {
  pix: 'balcao_instrucoes_pix',
  boleto: 'balcao_instrucoes_boleto',
  paid: 'balcao_pagamento_confirmado',
  shipped: 'balcao_pedido_enviado',
  /** "Pedido enviado" of an order with an authorised NF-e: its button opens the DANFE through the shop. */
  shippedWithInvoice: 'balcao_pedido_enviado_nf',
  cartReminder: 'balcao_lembrete_carrinho',
  reviewRequest: 'balcao_avalie_sua_compra',
} as const;

/** "Você não receberá mais mensagens desta loja.": the one free-form text, inside the window the buyer's "SAIR" opened. */
export const OPT_OUT_ANSWER = 'Você não receberá mais mensagens desta loja.';

/** The screen names of the messages (settings checkboxes, timeline). */
export const MESSAGE_NAMES: Record<WhatsappKind, string> = {
  instructions: 'Instruções de pagamento',
  paid: 'Pagamento confirmado',
  shipped: 'Pedido enviado',
  cart_reminder: 'Lembrete de carrinho',
  review_request: 'Avalie sua compra',
  opt_out_ack: 'Confirmação de saída',
};

export type MessageData = {
  shopName: string;
  orderLabel: string;
  orderToken: string;
  method: 'pix' | 'boleto';
  totalCents: number;
  pixCode: string | null;
  /** Pix: last payable São Paulo day (YYYY-MM-DD). */
  payableUntil: string | null;
  digitableLine: string | null;
  dueDate: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  /** The order has an authorised NF-e (its DANFE at /orders/<token>/nota-fiscal). */
  hasInvoice: boolean;
};

/** One parameter: single line, spaces collapsed, at most `max` characters. */
export function param(value: string, max = 200): { type: 'text'; text: string } {
  const text = value.replace(/\s+/g, ' ').trim().slice(0, max);
  return { type: 'text', text: text || '-' };
}

const body = (...values: (string | { exact: string })[]) => ({
  type: 'body' as const,
  parameters: values.map((v) => (typeof v === 'string' ? param(v) : { type: 'text' as const, text: v.exact })),
});

/** A code the buyer copies (the Pix code, the boleto line) goes as it is or not at all: never cut or reflowed. */
const CODE_MAX = 512;
function exact(code: string): { exact: string } | null {
  return code.length > 0 && code.length <= CODE_MAX && !/[\n\t]| {5,}/.test(code) ? { exact: code } : null;
}
const urlButton = (suffix: string) => ({ type: 'button' as const, sub_type: 'url' as const, index: '0', parameters: [param(suffix)] });

export type Built = { ok: true; template: TemplateMessage } | { ok: false; reason: string };

export function buildTemplate(kind: Exclude<WhatsappKind, 'opt_out_ack' | 'cart_reminder' | 'review_request'>, d: MessageData): Built {
  const shop = d.shopName || 'loja';
  const make = (name: string, components: TemplateMessage['components']): Built => ({ ok: true, template: { name, language: TEMPLATE_LANGUAGE, components } });
  if (kind === 'instructions') {
    if (d.method === 'pix') {
      if (!d.pixCode) return { ok: false, reason: 'o Pix ainda não tem código' };
      const code = exact(d.pixCode);
      if (!code) return { ok: false, reason: 'o código Pix não cabe numa mensagem de WhatsApp' };
      const until = d.payableUntil ?? d.dueDate;
      return make(TEMPLATES.pix, [body(d.orderLabel, shop, formatBRL(d.totalCents), until ? formatDateBR(until) : 'o fim do prazo', code), urlButton(d.orderToken)]);
    }
    if (!d.digitableLine) return { ok: false, reason: 'o boleto ainda não tem linha digitável' };
    const line = exact(d.digitableLine);
    if (!line) return { ok: false, reason: 'a linha digitável não cabe numa mensagem de WhatsApp' };
    return make(TEMPLATES.boleto, [body(d.orderLabel, shop, formatBRL(d.totalCents), d.dueDate ? formatDateBR(d.dueDate) : '-', line), urlButton(d.orderToken)]);
  }
  if (kind === 'paid') return make(TEMPLATES.paid, [body(formatBRL(d.totalCents), d.orderLabel, shop), urlButton(d.orderToken)]);
  if (!d.trackingCode) return { ok: false, reason: 'o pedido não tem código de rastreio' };
  const shipped = body(d.orderLabel, shop, d.trackingCode, d.trackingUrl ?? 'o site da transportadora');
  // "Nota fiscal": the button's suffix is the order's token, so the DANFE is served by the shop
  // (never Bling's own link, which would outlive the order's privacy).
  if (d.hasInvoice) return make(TEMPLATES.shippedWithInvoice, [shipped, urlButton(d.orderToken)]);
  return make(TEMPLATES.shipped, [shipped]);
}

/** The marketing template of a saved checkout: its amount and the shop; the button resumes it. */
export function buildCartReminder(d: { shopName: string; totalCents: number; resumeToken: string }): Built {
  return {
    ok: true,
    template: { name: TEMPLATES.cartReminder, language: TEMPLATE_LANGUAGE, components: [body(formatBRL(d.totalCents), d.shopName || 'loja'), urlButton(d.resumeToken)] },
  };
}

/** "Avalie sua compra": the order and the shop; the button opens the order's signed review page. */
export function buildReviewRequest(d: { shopName: string; orderLabel: string; reviewToken: string }): Built {
  return {
    ok: true,
    template: { name: TEMPLATES.reviewRequest, language: TEMPLATE_LANGUAGE, components: [body(d.orderLabel, d.shopName || 'loja'), urlButton(d.reviewToken)] },
  };
}

/** Whether a buyer's message asks to stop: "SAIR" or "PARAR", any case, accents and punctuation aside. */
export function isOptOut(text: string): boolean {
  const word = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
    .toUpperCase();
  return word === 'SAIR' || word === 'PARAR';
}
