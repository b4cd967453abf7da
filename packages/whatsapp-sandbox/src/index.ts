export {
  createWhatsappSandbox,
  handleWhatsappCall,
  tick,
  receiveReply,
  conversations,
  setTemplateStatus,
  closeWhatsappSandbox,
  SANDBOX_WABA_ID,
  SANDBOX_DISPLAY_NUMBER,
  type WhatsappSandbox,
  type WhatsappSandboxOptions,
  type WaRequest,
  type WaReply,
  type Conversation,
} from './sandbox';
export { DEFAULT_TEMPLATES, fill, variableCount, type SandboxTemplate, type TemplateButton, type TemplateCategory, type TemplateStatus } from './templates';
export { hubSignature } from './signature';
