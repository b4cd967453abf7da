/**
 * Where a rendered e-mail goes: an SMTP relay through nodemailer (SMTP_URL), or the mail
 * catcher — the `caught_emails` table shown at /sandbox/emails — when no SMTP_URL is set and
 * the sandbox is on. SMTP failures are classified here: a 5xx answer to the envelope or the
 * message (a bad address, a refused message) is permanent; connection errors, timeouts, 4xx
 * and authentication problems (the merchant fixes the configuration) are retried.
 */
import 'server-only';
import nodemailer from 'nodemailer';
import { db } from '@/db';
import { caughtEmails } from '@/db/schema';
import { redactSecrets } from '@/lib/server/log';
import type { EmailAttachment } from './templates/types';

export type OutgoingEmail = {
  from: { name: string; address: string };
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
  /** Stable per outbox row: a message re-sent after a crash carries the same Message-ID. */
  messageId: string;
  /** For the catcher's page and the timeline. */
  meta: { outboxId: number; orderId: string | null; kind: string };
};

export interface MailTransport {
  kind: 'smtp' | 'catcher';
  send(mail: OutgoingEmail): Promise<void>;
  close?(): void;
}

export type SmtpTimeouts = { connectionMs: number; greetingMs: number; socketMs: number };
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 20_000 };

/**
 * SMTP_URL → nodemailer's host/port/secure/auth. (Given as `url`, nodemailer 8 left a relay
 * that never greets hanging past greetingTimeout; the same options given apart time out.)
 */
export function connectionOf(url: string): { host: string; port: number; secure?: true; auth?: { user: string; pass: string } } {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    ...(secure ? { secure: true as const } : {}),
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
  };
}

export function smtpTransport(url: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): MailTransport {
  const transporter = nodemailer.createTransport({
    ...connectionOf(url),
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType, cid: a.cid })),
      });
    },
    close: () => transporter.close(),
  };
}

/** The mail catcher: the message is kept, not sent. */
export const catcherTransport: MailTransport = {
  kind: 'catcher',
  async send(mail) {
    await db()
      .insert(caughtEmails)
      .values({
        outboxId: mail.meta.outboxId,
        orderId: mail.meta.orderId,
        kind: mail.meta.kind,
        fromAddress: `${mail.from.name} <${mail.from.address}>`,
        toAddress: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: JSON.stringify(mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, cid: a.cid, base64: a.content.toString('base64') }))),
        messageId: mail.messageId,
      });
  },
};

export type SendFailure = { permanent: boolean; reason: string; responseCode?: number };

/** Why a send failed, and whether trying again can help. */
export function classifySendError(error: unknown): SendFailure {
  const e = (error ?? {}) as { code?: string; responseCode?: number; message?: string; response?: string };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const message = redactSecrets(String(e.response ?? e.message ?? error)).replace(/\s+/g, ' ').trim().slice(0, 300);
  const reason = [responseCode ?? e.code, message].filter(Boolean).join(': ');
  if (e.code === 'EAUTH') return { permanent: false, reason: `autenticação SMTP recusada (${reason})`, responseCode };
  if (responseCode !== undefined && responseCode >= 500 && responseCode < 600) return { permanent: true, reason, responseCode };
  // nodemailer refuses an unusable address before connecting.
  if (e.code === 'EENVELOPE' && responseCode === undefined) return { permanent: true, reason };
  // 4xx, connection refused or reset, DNS, TLS, timeouts: may work later (the attempts are capped).
  return { permanent: false, reason, responseCode };
}
