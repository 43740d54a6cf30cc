import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n/hooks.ts';
import { CloseIcon } from './Icons.tsx';
import { OPEN_EVENT } from './waitlist-events.ts';
import WaitlistForm from './WaitlistForm.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex]';

/**
 * The site's modal dialog: overlay, 'Close' button, title, description, here with the waitlist form.
 * Mounted by the first waitlist button a visitor uses (its module loads then), it opens at once for
 * that button and for every later one.
 */
export default function WaitlistDialog({ opener }: { opener: HTMLElement | null }) {
  const { t } = useT('forms');
  const { t: tc } = useT('common');
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLElement | null>(opener);
  // The site a button carries (the audit's "Join the waitlist"): the form starts with it.
  const [website, setWebsite] = useState(opener?.dataset.website ?? '');

  useEffect(() => {
    dialog.current?.showModal();
    const onOpen = (event: Event) => {
      trigger.current = (event as CustomEvent<HTMLElement>).detail ?? null;
      const carried = trigger.current?.dataset.website;
      if (carried) setWebsite(carried);
      dialog.current?.showModal();
    };
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_EVENT, onOpen);
  }, []);

  const close = () => dialog.current?.close();
  // A modal <dialog> keeps focus out of the page behind it, but Chromium lets Tab leave for the
  // browser's own controls after the last field: wrap around inside the dialog instead.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.tabIndex >= 0,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onClose={() => trigger.current?.focus()}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        // A click on the overlay (outside the dialog's box) closes it.
        if (event.target === dialog.current) close();
      }}
    >
      <div className="dialog-body">
        <button
          type="button"
          className="btn btn-ghost btn-icon dialog-close"
          aria-label={tc('buttons.close')}
          onClick={close}
        >
          <CloseIcon />
        </button>
        <h2 id={`${id}-title`} className="dialog-title">
          {t('waitlist.title')}
        </h2>
        <p id={`${id}-description`} className="muted">
          {t('waitlist.description')}
        </p>
        <WaitlistForm key={website} idPrefix={`${id}-wl`} website={website} onSuccess={close} />
      </div>
    </dialog>
  );
}
