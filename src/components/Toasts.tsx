import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useT } from '../i18n/hooks.ts';
import { useTheme } from './theme.ts';

// Toasts (bottom-right, region 'Notifications', Alt+T, three visible, ~4.5 s) with sonner,
// loaded only when the first toast is shown: nothing of it is in the initial bundle (decision 008).

export interface Notification {
  variant: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

/** Shows a toast; resolves once it is on its way. */
export type Notify = (notification: Notification) => Promise<void>;

const Toaster = lazy(() => import('./Toaster.tsx'));

/** Outside <Toasts> (the server, a test rendering one component) a toast goes nowhere. */
const NotifyContext = createContext<Notify>(async () => {});

/** How a component shows a toast: `const notify = useNotify(); … notify({ variant, title })`. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}

/**
 * Gives the tree inside it `useNotify()`, and mounts the toaster after it once something asks for a
 * toast; before that it renders nothing of its own (so the server's HTML and hydration are the
 * same). What it keeps (whether the toaster is asked for, when it is ready) is state of this
 * component, for the life of the page.
 */
export function Toasts({ children }: { children?: ReactNode }) {
  const { t } = useT('common');
  const [theme] = useTheme();
  // Set by the first toast; the toaster calls it once sonner listens.
  const [onReady, setOnReady] = useState<(() => void) | null>(null);
  const mounted = useRef<Promise<void> | null>(null);
  const show = useCallback<Notify>(async (notification) => {
    mounted.current ??= new Promise<void>((resolve) => setOnReady(() => resolve));
    await mounted.current;
    const { toast } = await import('sonner');
    const options = notification.description ? { description: notification.description } : {};
    if (notification.variant === 'success') toast.success(notification.title, options);
    else if (notification.variant === 'error') toast.error(notification.title, options);
    else toast(notification.title, options);
  }, []);
  return (
    <NotifyContext.Provider value={show}>
      {children}
      {onReady ? (
        <Suspense fallback={null}>
          <Toaster label={t('notifications')} theme={theme} onReady={onReady} />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}
