type ViteManifest = Record<
  string,
  { file: string; name?: string; css?: string[]; assets?: string[]; imports?: string[] }
>;
export declare const OFFLINE_START_MODULES: string[];
export declare function manifestKeyOf(viteManifest: ViteManifest, module: string): string;
export declare function offlineStartFiles(viteManifest: ViteManifest, modules?: string[]): Set<string>;
