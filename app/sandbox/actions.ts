'use server';
/** Server actions of the simulator page: thin wrappers over lib/sandbox/simulator. */
import { redirect } from 'next/navigation';
import { defaultSandbox, sandboxEnabled } from '@/lib/sandbox';
import {
  simulatorAdvanceClock,
  simulatorExpire,
  simulatorPay,
  simulatorPayCode,
  simulatorRedeliver,
  simulatorRefundBoleto,
  simulatorRefuse,
  type SimulatorResult,
} from '@/lib/sandbox/simulator';

function done(result: SimulatorResult, anchor = ''): never {
  const params = new URLSearchParams(result.ok ? { ok: result.message } : { erro: result.error });
  redirect(`/sandbox?${params.toString()}${anchor}`);
}

function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}

function guard(): void {
  if (!sandboxEnabled()) redirect('/');
}

export async function payAction(form: FormData): Promise<void> {
  guard();
  done(simulatorPay(defaultSandbox(), text(form, 'id')));
}

export async function expireAction(form: FormData): Promise<void> {
  guard();
  done(simulatorExpire(defaultSandbox(), text(form, 'id')));
}

export async function refuseAction(form: FormData): Promise<void> {
  guard();
  done(simulatorRefuse(defaultSandbox(), text(form, 'id')));
}

export async function refundBoletoAction(form: FormData): Promise<void> {
  guard();
  done(simulatorRefundBoleto(defaultSandbox(), text(form, 'id')));
}

export async function redeliverAction(form: FormData): Promise<void> {
  guard();
  done(simulatorRedeliver(defaultSandbox(), text(form, 'id')), '#webhooks');
}

export async function payCodeAction(form: FormData): Promise<void> {
  guard();
  done(simulatorPayCode(defaultSandbox(), text(form, 'code')));
}

export async function advanceClockAction(form: FormData): Promise<void> {
  guard();
  const raw = text(form, 'seconds').trim().replace(',', '.');
  const seconds = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  done(simulatorAdvanceClock(defaultSandbox(), seconds), '#relogio');
}
