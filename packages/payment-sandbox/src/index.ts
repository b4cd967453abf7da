/**
 * @balcao/payment-sandbox: a stateful emulator of the Payment Service API
 * (docs/payment-api-contract.md; its own behaviour in docs/sandbox.md) with its own SQLite
 * database. It reads no environment and keeps no process-wide state: a host builds a context
 * (`createSandboxContext`) with its configuration and logger, serves requests with it and runs
 * its worker. Shares only @balcao/br, @balcao/payment-contract and @balcao/server-kit with the app.
 */
import 'server-only';

export { handleSandboxCallWith, handleSandboxRequestWith } from './handler';
export { errorResponse, sandboxRequestOf, toResponse, type SandboxReply, type SandboxRequest } from './http';
export { SANDBOX_DEV_KEY } from './dev-key';
export {
  closeSandboxContext,
  createSandboxContext,
  type SandboxConfig,
  type SandboxContext,
  type SandboxLogger,
  type SandboxOptions,
  type SandboxScenario,
} from './context';
export { runPass, startWorker, stopWorker } from './worker';
export { sandboxNow } from './clock';
export {
  simulatorAdvanceClock,
  simulatorExpire,
  simulatorPay,
  simulatorPayCode,
  simulatorPayment,
  simulatorRedeliver,
  simulatorRefundBoleto,
  simulatorRefuse,
  simulatorState,
  type Badge,
  type PaymentView,
  type SimulatorResult,
  type SimulatorState,
} from './simulator';
export { boletoInvoice, boletoInvoicePdf, type BoletoInvoice } from './invoice';
