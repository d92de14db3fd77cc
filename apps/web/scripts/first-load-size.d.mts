export function gzipSize(dist: string, file: string): number;
export function initialScriptUrls(html: string): string[];
export function initialScripts(dist: string, page?: string): { file: string; gzip: number }[];
export function precacheEntries(dist: string): { file: string; bytes: number }[];
export function kib(bytes: number): string;
