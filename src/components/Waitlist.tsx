import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
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

/** What marks a waitlist button in the page, for the listeners of WaitlistNoscript. */
const BUTTON = 'a[data-waitlist-button]';
/** Where a button leads without JavaScript: the no-script form. */
const WAITLIST_HASH = '#waitlist';

/**
 * "Join the waitlist": opens the dialog; without JavaScript, a link to the no-script form. The button
 * has no handlers of its own: the page's WaitlistNoscript listens for it on the window, for every
 * button of the page, and opens the dialog for one used before the app started (useAskedBeforeStart).
 */
export function WaitlistButton({
  className = 'btn btn-primary btn-lg',
  website,
  children,
}: {
  className?: string;
  /** The site the visitor has just audited: the dialog's form starts with it. */
  website?: string;
  children?: ReactNode;
}) {
  const { t } = useT('common');
  return (
    <a
      href={WAITLIST_HASH}
      role="button"
      aria-haspopup="dialog"
      className={className}
      data-waitlist-button=""
      data-website={website}
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

/** The events a waitlist button answers, all listened to for the whole page. */
const EVENTS = ['click', 'keydown', 'pointerover', 'focusin'] as const;

/** The waitlist button an event happened on, if any. */
function buttonOf(event: Event): HTMLElement | null {
  return event.target instanceof Element ? event.target.closest<HTMLElement>(BUTTON) : null;
}

/**
 * The page's waitlist buttons, handled for the whole page: a click (a plain one: a new tab or window
 * is left to the browser) or Space opens the dialog; pointing at or focusing one starts loading it.
 */
function useWaitlistButtons() {
  useEffect(() => {
    const onEvent = (event: Event) => {
      const button = buttonOf(event);
      if (!button) return;
      if (event.type === 'pointerover' || event.type === 'focusin') return warmDialog();
      const asked =
        event instanceof KeyboardEvent
          ? event.key === ' '
          : event instanceof MouseEvent &&
            event.button === 0 &&
            !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.defaultPrevented);
      if (!asked) return;
      event.preventDefault();
      window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: button }));
    };
    // On the window, in the capture phase: before any listener of the page's own.
    for (const type of EVENTS) window.addEventListener(type, onEvent, true);
    return () => {
      for (const type of EVENTS) window.removeEventListener(type, onEvent, true);
    };
  }, []);
}

/**
 * A button used before the app started was a plain link then: the browser went to `#waitlist` (no
 * element holds that id while JavaScript runs: the no-script form is in <noscript>). The click is
 * not lost: once started, the page opens the dialog for it, and takes the fragment out of the address
 * so that a reload does not open it again.
 */
function useAskedBeforeStart(open: (button: HTMLElement | null) => void) {
  useEffect(() => {
    if (window.location.hash !== WAITLIST_HASH) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    open(document.querySelector<HTMLElement>(BUTTON));
  }, [open]);
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
  useWaitlistButtons();
  useEffect(() => {
    if (opener !== undefined) return;
    const onOpen = (event: Event) => setOpener((event as CustomEvent<HTMLElement>).detail ?? null);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_EVENT, onOpen);
  }, [opener]);
  useAskedBeforeStart(setOpener);
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
