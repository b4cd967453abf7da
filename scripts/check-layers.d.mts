export function unitOf(rel: string): string;
export function checkLayers(root: string): { problems: string[]; layers: string[][] };
