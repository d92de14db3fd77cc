import type { Plugin } from 'vite';
export declare const SIGNED_IN_CHUNK: string;
export declare const SIGNED_IN_START_MODULES: string[];
export declare function startChunks(webRoot: string): {
  plugin: Plugin;
  groups: {
    name: string;
    test: RegExp | ((id: string) => boolean);
    tags?: '$initial'[];
    priority: number;
  }[];
};
