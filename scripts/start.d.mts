// Types of start.mjs for the bench harness, which starts the server with the same flags.
import type { ChildProcess } from 'node:child_process';

export declare const SERVER_ENV_DEFAULTS: Readonly<Record<string, string>>;
export declare const SERVER_NODE_ARGS: readonly string[];
export declare function ensureWebBuilt(): void;
export declare function ensureServerBuilt(): Promise<void>;
export declare function startServer(env?: NodeJS.ProcessEnv): ChildProcess;
