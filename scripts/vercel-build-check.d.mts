export const OUTPUT: string;
export type VercelOutput = { version: number; crons: { path: string; schedule: string }[]; functions: { route: string; runtime?: string; maxDuration: number | null }[] };
export function readVercelOutput(dir?: string): VercelOutput;
export function missingFromOutput(out: VercelOutput): string[];
