import type { Server } from './server';

export type BenchContext = {
  server: Server;
  quick: boolean;
  log: (line: string) => void;
  /** `--profile-load`: where a target that profiles its load (T8, T14) writes the CPU profile. */
  profileDir?: string;
};
