export function unitOf(rel: string): string;
export function checkLayers(root: string): { problems: string[]; layers: string[][] };
export function usedFaces(root: string): Record<string, string[]>;
