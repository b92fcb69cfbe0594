/** Types of scripts/stack.mjs for the TypeScript callers (the end-to-end setup and the benchmarks). */
export declare const DEFAULT_PORTS: {
  shell: number;
  mf_calendar: number;
  mf_clients: number;
  mf_invoices: number;
  mf_commerce: number;
  mf_admin: number;
  mf_booking: number;
  api: number;
};

export interface StartStackOptions {
  ports?: Partial<typeof DEFAULT_PORTS>;
  dataDir?: string;
  apiEnv?: Record<string, string>;
  log?: (line: string) => void;
  apiOutput?: 'inherit' | 'ignore' | 'pipe';
  dev?: boolean;
}

export interface RunningStack {
  ports: typeof DEFAULT_PORTS;
  apiUrl: string;
  shellUrl: string;
  adminPassword: string | undefined;
  /** The development administrator's username (ADMIN_USERNAME, else 'admin'). */
  adminUsername: string;
  dataDir: string;
  mongodbUri: string;
  stop(): Promise<void>;
}

export declare function stackStateFile(dataDir: string): string;
/** A start refused before anything was started (the data folder's stack runs already, a port is taken). */
export declare class StartRefused extends Error {}
/**
 * Throws StartRefused when the data folder's stack runs already or a port is taken; first stops the API a killed
 * stack of that folder left running.
 */
export declare function assertFreeToStart(options?: Pick<StartStackOptions, 'ports' | 'dataDir' | 'log'>): Promise<void>;
export declare function startStack(options?: StartStackOptions): Promise<RunningStack>;
