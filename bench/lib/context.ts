import type { Server } from './server';

export type BenchContext = {
  server: Server;
  quick: boolean;
  log: (line: string) => void;
};
