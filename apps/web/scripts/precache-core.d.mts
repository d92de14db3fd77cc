export declare const OFFLINE_START_MODULES: string[];
export declare function offlineStartFiles(
  viteManifest: Record<string, { file: string; css?: string[]; assets?: string[]; imports?: string[] }>,
  modules?: string[],
): Set<string>;
