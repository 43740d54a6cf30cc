import { lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '../i18n/hooks.ts';
import { useSite } from '../site-context.tsx';

// Toasts (spec §9: bottom-right, region 'Notifications', Alt+T, three visible, ~4.5 s) with sonner,
// loaded only when the first toast is shown: nothing of it is in the initial bundle.

export interface Notification {
  variant: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

const Toaster = lazy(() => import('./Toaster.tsx'));

let requestMount: (() => Promise<void>) | null = null;
let mounted: Promise<void> | null = null;

export async function notify(notification: Notification): Promise<void> {
  if (!requestMount) return;
  mounted ??= requestMount();
  await mounted;
  const { toast } = await import('sonner');
  const options = notification.description ? { description: notification.description } : {};
  if (notification.variant === 'success') toast.success(notification.title, options);
  else if (notification.variant === 'error') toast.error(notification.title, options);
  else toast(notification.title, options);
}

/** Where the toaster mounts, once something asks for a toast. Renders nothing before that. */
export function Toasts() {
  const { t } = useT('common');
  const { theme } = useSite();
  const [ready, setReady] = useState<(() => void) | null>(null);
  useEffect(() => {
    requestMount = () => new Promise<void>((resolve) => setReady(() => resolve));
    return () => {
      requestMount = null;
      mounted = null;
    };
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster label={t('notifications')} theme={theme} onReady={ready} />
    </Suspense>
  );
}
