import type { Config } from '../config.ts';
import type { DeliveryChannel, LeadStore, VisitorMailLimits } from './types.ts';

/** How lead delivery shapes the store (decision 018): which channels get a delivery for each lead. */
export interface OpenStoreOptions {
  /** Channels on (see loadDeliveryConfig): each new lead gets one delivery per channel. */
  channels?: Iterable<DeliveryChannel>;
  /**
   * Supabase only: the service_role key the outbox, the saved audit reports and the re-check
   * subscriptions require (all closed to the public anon key). Without it, a Supabase store has no
   * outbox, no `reports` and no `rechecks`: audits still run, but are not saved.
   */
  supabaseServiceRoleKey?: string;
  /** How many visitor emails a mailbox may be sent per hour and per day (decision 050). */
  visitorMailLimits?: VisitorMailLimits;
}

/**
 * Supabase when configured, else the embedded SQLite file in DATA_DIR. Each client library is loaded
 * only when chosen: the one not in use costs neither start-up time nor memory.
 */
export async function openStore(config: Config, options: OpenStoreOptions = {}): Promise<LeadStore> {
  const channels = [...(options.channels ?? [])];
  const { visitorMailLimits } = options;
  if (config.supabaseUrl && config.supabaseAnonKey) {
    const { SupabaseStore } = await import('./supabase.ts');
    let outbox;
    if (channels.length > 0 && options.supabaseServiceRoleKey) {
      const { SupabaseOutbox } = await import('./supabase-outbox.ts');
      outbox = new SupabaseOutbox(config.supabaseUrl, options.supabaseServiceRoleKey, {
        channels,
        visitorMailLimits,
      });
    }
    // Reports are saved whether or not leads are delivered.
    let reports;
    let rechecks;
    if (options.supabaseServiceRoleKey) {
      const { SupabaseReports } = await import('./supabase-reports.ts');
      const { SupabaseRechecks } = await import('./supabase-rechecks.ts');
      reports = new SupabaseReports(config.supabaseUrl, options.supabaseServiceRoleKey);
      rechecks = new SupabaseRechecks(config.supabaseUrl, options.supabaseServiceRoleKey);
    }
    return new SupabaseStore(config.supabaseUrl, config.supabaseAnonKey, { outbox, reports, rechecks });
  }
  const { EmbeddedStore } = await import('./embedded.ts');
  return EmbeddedStore.open(config.dataDir, { channels, maxBytes: config.dataMaxBytes, visitorMailLimits });
}

export type { LeadStore } from './types.ts';
