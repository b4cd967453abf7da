/**
 * Typed errors of the payment API client and their Portuguese wording for people.
 * `message` is English for logs (never holds the API key); `userMessage()` is what a shopper
 * or merchant reads.
 */

export type PaymentProviderErrorKind =
  | 'validation' // the request is invalid (locally, before sending, or a 400 naming a field)
  | 'rejected' // the provider refused it: wrong state, conflict, other 4xx
  | 'auth' // 401/403: missing, wrong or expired API key
  | 'not_found' // 404: no such boleto or QR code (for this key)
  | 'rate_limited' // 429
  | 'unavailable' // 5xx, network error, timeout
  | 'bad_response'; // a 2xx we cannot read (not JSON, or not the contract's shape)

export type PaymentProviderErrorDetails = {
  status?: number;
  /** Field path named by the error, e.g. "payer.document". */
  field?: string;
  retryAfterSeconds?: number;
  /** The provider's own message (English), already stripped of secrets. */
  providerMessage?: string;
  cause?: unknown;
};

export class PaymentProviderError extends Error {
  readonly kind: PaymentProviderErrorKind;
  readonly status?: number;
  readonly field?: string;
  readonly retryAfterSeconds?: number;
  readonly providerMessage?: string;

  constructor(kind: PaymentProviderErrorKind, message: string, details: PaymentProviderErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'PaymentProviderError';
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.field !== undefined) this.field = details.field;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.providerMessage !== undefined) this.providerMessage = details.providerMessage;
  }
}

export function isPaymentProviderError(error: unknown): error is PaymentProviderError {
  return error instanceof PaymentProviderError;
}

export const USER_MESSAGES = {
  unavailable: 'O serviço de pagamentos não respondeu. Tente novamente em instantes.',
  auth: 'Não foi possível autenticar com o serviço de pagamentos. Avise o lojista.',
  notFound: 'Cobrança não encontrada no serviço de pagamentos.',
  rejected: 'O serviço de pagamentos recusou a operação.',
  badResponse: 'O serviço de pagamentos respondeu de forma inesperada. Tente novamente em instantes.',
  invalid: 'Dados inválidos para o serviço de pagamentos. Confira as informações e tente novamente.',
  generic: 'Não foi possível concluir a operação de pagamento. Tente novamente em instantes.',
} as const;

/** Portuguese for the request fields the API (or our local check) can name. Longest path wins. */
const FIELD_MESSAGES: Record<string, string> = {
  'payer.document': 'CPF ou CNPJ inválido.',
  'payer.zip': 'CEP inválido.',
  'payer.name': 'Nome completo inválido.',
  'payer.street': 'Rua inválida.',
  'payer.number': 'Número inválido.',
  'payer.neighborhood': 'Bairro inválido.',
  'payer.city': 'Cidade inválida.',
  'payer.state': 'UF inválida.',
  payer: 'Dados do pagador inválidos.',
  amount: 'Valor inválido.',
  description: 'Descrição inválida.',
  due_date: 'Data de vencimento inválida.',
  grace_period: 'Prazo de tolerância do boleto inválido.',
  fine: 'Multa inválida.',
  interest: 'Juros inválidos.',
  discount: 'Desconto inválido.',
  expiration: 'Prazo de expiração do Pix inválido.',
  reason: 'Motivo do reembolso inválido.',
  metadata: 'Metadados inválidos.',
  notification_url: 'Endereço de notificação inválido.',
  customer_code: 'Código do cliente inválido.',
  id: 'Identificador da cobrança inválido.',
};

function fieldMessage(field: string | undefined): string | undefined {
  if (!field) return undefined;
  const parts = field.split('.');
  for (let n = parts.length; n > 0; n--) {
    const hit = FIELD_MESSAGES[parts.slice(0, n).join('.')];
    if (hit) return hit;
  }
  return undefined;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** A short pt-BR sentence for a shopper or merchant, whatever was thrown. */
export function userMessage(error: unknown): string {
  if (!(error instanceof PaymentProviderError)) return USER_MESSAGES.generic;
  switch (error.kind) {
    case 'unavailable':
    case 'rate_limited':
      return USER_MESSAGES.unavailable;
    case 'auth':
      return USER_MESSAGES.auth;
    case 'not_found':
      return USER_MESSAGES.notFound;
    case 'validation':
      return fieldMessage(error.field) ?? USER_MESSAGES.invalid;
    case 'rejected':
      return error.providerMessage
        ? `O serviço de pagamentos recusou a operação: ${sentence(error.providerMessage)}`
        : USER_MESSAGES.rejected;
    case 'bad_response':
      return USER_MESSAGES.badResponse;
    default:
      return USER_MESSAGES.generic;
  }
}
