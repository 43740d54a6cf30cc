import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useT } from '../i18n/hooks.ts';
import { LIMITS } from '../lib/form-limits.ts';
import { FormNotice, HiddenFields } from './forms/FormChrome.tsx';
import { bindField, ContactInput, TextAreaField } from './forms/Field.tsx';
import { useLeadForm } from './forms/useLeadForm.ts';
import { ArrowRight, CloseIcon } from './Icons.tsx';

// The waitlist: buttons that open one modal dialog (native <dialog>: focus moves in and is trapped,
// Escape closes, focus returns to the button), and a no-JavaScript fallback with the same form.

const OPEN_EVENT = 'waitlist:open';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex]';

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

/** The waitlist form: email and website required, name and message optional. */
export function WaitlistForm({ idPrefix, onSuccess }: { idPrefix: string; onSuccess?: () => void }) {
  const { t } = useT('forms');
  const form = useLeadForm({
    form: 'waitlist',
    fields: ['name', 'email', 'website', 'message'],
    required: ['email', 'website'],
    onSuccess,
  });
  return (
    <form {...form.formProps} className="form">
      <FormNotice notice={form.notice} form="waitlist" />
      <HiddenFields {...form.hidden} />
      <ContactInput form={form} idPrefix={idPrefix} name="name" />
      <ContactInput form={form} idPrefix={idPrefix} name="email" required />
      <ContactInput form={form} idPrefix={idPrefix} name="website" required />
      <TextAreaField
        {...bindField(form, idPrefix, 'message')}
        rows={3}
        label={t('fields.waitlistMessage.label')}
        placeholder={t('fields.waitlistMessage.placeholder')}
        maxLength={LIMITS.message}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={form.submitting}>
        {form.submitting ? t('waitlist.submitting') : t('waitlist.submit')}
      </button>
      <p className="muted small">{t('waitlist.privacy')}</p>
    </form>
  );
}

/** The spec's generic modal: overlay, 'Close' button, title, description, here with the waitlist form. */
function WaitlistDialog() {
  const { t } = useT('forms');
  const { t: tc } = useT('common');
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onOpen = (event: Event) => {
      trigger.current = (event as CustomEvent<HTMLElement>).detail ?? null;
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
        <WaitlistForm idPrefix={`${id}-wl`} onSuccess={close} />
      </div>
    </dialog>
  );
}

/**
 * Placed once on a page with waitlist buttons: the dialog they open, and the spec's no-script
 * fallback (a section inviting visitors to join, with the same form posting without JavaScript).
 */
export function WaitlistNoscript() {
  const { t } = useT('common');
  return (
    <>
      <WaitlistDialog />
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
