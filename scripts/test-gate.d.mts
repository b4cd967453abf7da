export type Stage = { name: string; command: string; env?: Record<string, string> };
/** Groups run one after another; the stages of a group run side by side. */
export const STAGES: Stage[][];
/** The failing tests' names and the end of the stage's log, without colour codes. */
export function failureDigest(result: { name: string; output: string }): string;
