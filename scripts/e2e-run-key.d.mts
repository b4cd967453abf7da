export function e2eRunKey(ownerPassword: string): string;
