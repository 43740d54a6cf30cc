import type { Config } from '../config.ts';
import { EmbeddedStore } from './embedded.ts';
import { SupabaseStore } from './supabase.ts';
import type { LeadStore } from './types.ts';

/** Supabase when configured, else the embedded SQLite file in DATA_DIR. */
export async function openStore(config: Config): Promise<LeadStore> {
  if (config.supabaseUrl && config.supabaseAnonKey) return new SupabaseStore(config.supabaseUrl, config.supabaseAnonKey);
  return EmbeddedStore.open(config.dataDir);
}

export type { LeadStore } from './types.ts';
