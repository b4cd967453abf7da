'use server';
/**
 * Server actions of the simulator pages: thin wrappers over the simulator of @balcao/payment-sandbox, each asking
 * lib/demo/simulator-access first. In a public demo a visitor may only pay or expire the charge
 * of their own order (the form carries the order's token); everything else needs a signed-in
 * merchant. Results go back to the page the form was on, as ?ok= or ?erro=.
 */
import { redirect } from 'next/navigation';
import { hasFullSimulatorAccess, mayActOnCharge } from '@/lib/demo/simulator-access';
import { looksLikeToken } from '@/lib/security';
import { defaultSandbox, sandboxEnabled } from '@/lib/embedded-provider';
import {
  simulatorAdvanceClock,
  simulatorExpire,
  simulatorPay,
  simulatorPayCode,
  simulatorRedeliver,
  simulatorRefundBoleto,
  simulatorRefuse,
  type SimulatorResult,
} from '@balcao/payment-sandbox';

const MERCHANT_ONLY = 'Na loja de demonstração, só o lojista conectado usa esta ação do simulador.';
const NOT_YOUR_ORDER = 'Esta cobrança não é do pedido aberto: use “Simular pagamento” na página do seu pedido.';

function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}

/** The order token the form came from (the per-order simulator page), if any. */
function orderTokenOf(form: FormData): string | null {
  const token = text(form, 'pedido');
  return looksLikeToken(token) ? token : null;
}

function done(result: SimulatorResult, form: FormData, anchor = ''): never {
  const params = new URLSearchParams(result.ok ? { ok: result.message } : { erro: result.error });
  const token = orderTokenOf(form);
  redirect(`${token ? `/sandbox/pedidos/${token}` : '/sandbox'}?${params.toString()}${anchor}`);
}

async function guardFull(form: FormData): Promise<void> {
  if (!sandboxEnabled()) redirect('/');
  if (!(await hasFullSimulatorAccess())) done({ ok: false, error: MERCHANT_ONLY }, form);
}

async function guardCharge(form: FormData): Promise<string> {
  if (!sandboxEnabled()) redirect('/');
  const id = text(form, 'id');
  if (!(await mayActOnCharge(id, orderTokenOf(form)))) done({ ok: false, error: NOT_YOUR_ORDER }, form);
  return id;
}

export async function payAction(form: FormData): Promise<void> {
  const id = await guardCharge(form);
  done(simulatorPay(defaultSandbox(), id), form);
}

export async function expireAction(form: FormData): Promise<void> {
  const id = await guardCharge(form);
  done(simulatorExpire(defaultSandbox(), id), form);
}

export async function refuseAction(form: FormData): Promise<void> {
  await guardFull(form);
  done(simulatorRefuse(defaultSandbox(), text(form, 'id')), form);
}

export async function refundBoletoAction(form: FormData): Promise<void> {
  await guardFull(form);
  done(simulatorRefundBoleto(defaultSandbox(), text(form, 'id')), form);
}

export async function redeliverAction(form: FormData): Promise<void> {
  await guardFull(form);
  done(simulatorRedeliver(defaultSandbox(), text(form, 'id')), form, '#webhooks');
}

export async function payCodeAction(form: FormData): Promise<void> {
  await guardFull(form);
  done(simulatorPayCode(defaultSandbox(), text(form, 'code')), form);
}

export async function advanceClockAction(form: FormData): Promise<void> {
  await guardFull(form);
  const raw = text(form, 'seconds').trim().replace(',', '.');
  const seconds = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  done(simulatorAdvanceClock(defaultSandbox(), seconds), form, '#relogio');
}
