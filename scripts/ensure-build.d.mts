export function buildIsStale(root: string): boolean;
export function ensureBuild(root?: string): void;
