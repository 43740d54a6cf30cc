import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useT } from '../i18n/hooks.ts';
import { ArrowRight } from './Icons.tsx';
import { OPEN_EVENT } from './waitlist-events.ts';

// The waitlist: buttons that open one modal dialog (native <dialog>: focus moves in and is trapped,
// Escape closes, focus returns to the button), and a no-JavaScript fallback with the same form.
//
// The dialog and its form are code a visitor needs only once they ask for it: their module loads
// when a button is first pointed at, focused or used (less JavaScript before any interaction), and
// the server renders the form for the no-script section, which the browser never runs when
// JavaScript is on.

const loadDialog = () => import('./WaitlistDialog.tsx');
const WaitlistDialog = lazy(loadDialog);
const WaitlistForm = lazy(() => import('./WaitlistForm.tsx'));

/** Starts loading the dialog's module ahead of the click (a button pointed at or focused). */
function warmDialog() {
  void loadDialog().catch(() => undefined);
}

/** "Join the Waitlist": opens the dialog; without JavaScript, a link to the no-script form. */
export function WaitlistButton({
  className = 'btn btn-primary btn-lg',
  children,
}: {
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useT('common');
  const open = (event: MouseEvent<HTMLAnchorElement> | KeyboardEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: event.currentTarget }));
  };
  return (
    <a
      href="#waitlist"
      role="button"
      aria-haspopup="dialog"
      className={className}
      onClick={open}
      onPointerEnter={warmDialog}
      onFocus={warmDialog}
      onKeyDown={(e) => {
        if (e.key === ' ') open(e);
      }}
    >
      {children ?? (
        <>
          {t('buttons.joinWaitlist')}
          <ArrowRight width={18} height={18} />
        </>
      )}
    </a>
  );
}

/**
 * Placed once on a page with waitlist buttons: the dialog they open, mounted at the first request,
 * and the no-script fallback (a section inviting visitors to join, with the same form posting
 * without JavaScript).
 */
export function WaitlistNoscript() {
  const { t } = useT('common');
  // undefined until a button asks; then the button that did (null if the event named none).
  const [opener, setOpener] = useState<HTMLElement | null>();
  useEffect(() => {
    if (opener !== undefined) return;
    const onOpen = (event: Event) => setOpener((event as CustomEvent<HTMLElement>).detail ?? null);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_EVENT, onOpen);
  }, [opener]);
  return (
    <>
      {opener !== undefined && (
        <Suspense fallback={null}>
          <WaitlistDialog opener={opener} />
        </Suspense>
      )}
      <noscript>
        <section id="waitlist" className="section">
          <div className="container narrow">
            <h2 className="section-title">{t('noscript.title')}</h2>
            <p className="section-lead mb-6">{t('noscript.text')}</p>
            <WaitlistForm idPrefix="noscript-wl" />
          </div>
        </section>
      </noscript>
    </>
  );
}
