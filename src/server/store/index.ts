import type { Config } from '../config.ts';
import type { LeadStore } from './types.ts';

/**
 * Supabase when configured, else the embedded SQLite file in DATA_DIR. Each client library is loaded
 * only when chosen: the one not in use costs neither start-up time nor memory.
 */
export async function openStore(config: Config): Promise<LeadStore> {
  if (config.supabaseUrl && config.supabaseAnonKey) {
    const { SupabaseStore } = await import('./supabase.ts');
    return new SupabaseStore(config.supabaseUrl, config.supabaseAnonKey);
  }
  const { EmbeddedStore } = await import('./embedded.ts');
  return EmbeddedStore.open(config.dataDir);
}

export type { LeadStore } from './types.ts';
