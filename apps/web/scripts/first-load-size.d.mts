export function gzipSize(dist: string, file: string): number;
export function initialScripts(dist: string): { file: string; gzip: number }[];
export function precacheEntries(dist: string): { file: string; bytes: number }[];
export function kib(bytes: number): string;
