import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { buttonClass } from '../ui/button.styles';
import { dialogStore, type DialogRequest } from './dialog.store';

/** Renders the first queued confirmation or alert. */
export function DialogHost() {
  const request = useSyncExternalStore(dialogStore.subscribe, dialogStore.current);
  useEffect(() => {
    if (!request?.autoCloseMs) return;
    const timer = setTimeout(() => dialogStore.settle(request.id, true), request.autoCloseMs);
    return () => clearTimeout(timer);
  }, [request]);
  if (!request) return null;
  return <ModalDialog key={request.id} request={request} />;
}

/**
 * The browser's own modal <dialog> (decision 052): showModal() puts it in the top layer, makes the
 * page behind it inert (focus cannot leave it) and answers Escape; we focus the main button, return
 * focus to where it was, and close on a click outside, as the Headless UI dialog it replaces did.
 */
function ModalDialog({ request }: { request: DialogRequest }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();
  const close = (confirmed: boolean) => dialogStore.settle(request.id, confirmed);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden'; // the page behind does not scroll under the dialog
    dialog.showModal();
    confirmRef.current?.focus();
    return () => {
      dialog.close();
      root.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(event) => {
        // Escape: settle through the store (which unmounts us) instead of the browser closing it.
        event.preventDefault();
        close(false);
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on its backdrop: the panel fills it.
        if (event.target === event.currentTarget) close(false);
      }}
    >
      <div className="p-6">
        <h2 id={titleId} className="text-xl font-semibold text-slate-900">
          {request.title}
        </h2>
        <p id={messageId} className="mt-3 whitespace-pre-line text-slate-700">
          {request.message}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          {request.kind === 'confirm' ? (
            <button type="button" className={buttonClass.secondary} onClick={() => close(false)}>
              {request.cancelLabel}
            </button>
          ) : null}
          <button
            ref={confirmRef}
            type="button"
            className={request.danger ? buttonClass.danger : buttonClass.primary}
            onClick={() => close(true)}
          >
            {request.confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
