export const STUB_ADDRESSES: Record<string, { cep: string; state: string; city: string; neighborhood: string; street: string }>;
export type CepStub = {
  /** URL template for CEP_LOOKUP_URL. */
  url: string;
  port: number;
  /** Paths asked, in order. */
  requests: string[];
  setMode(mode: 'up' | 'down' | 'slow'): void;
  close(): Promise<void>;
};
export function startCepStub(options?: { port?: number }): Promise<CepStub>;
