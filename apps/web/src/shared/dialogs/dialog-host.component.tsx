import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useEffect, useSyncExternalStore } from 'react';
import { buttonClass } from '../ui/button.styles';
import { dialogStore } from './dialog.store';

/** Renders the first queued confirmation or alert; Headless UI traps focus and restores it on close. */
export function DialogHost() {
  const request = useSyncExternalStore(dialogStore.subscribe, dialogStore.current);
  useEffect(() => {
    if (!request?.autoCloseMs) return;
    const timer = setTimeout(() => dialogStore.settle(request.id, true), request.autoCloseMs);
    return () => clearTimeout(timer);
  }, [request]);
  if (!request) return null;
  const close = (confirmed: boolean) => dialogStore.settle(request.id, confirmed);
  return (
    <Dialog key={request.id} open role="alertdialog" onClose={() => close(false)} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-xl font-semibold text-slate-900">{request.title}</DialogTitle>
          <Description className="mt-3 whitespace-pre-line text-slate-700">{request.message}</Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            {request.kind === 'confirm' ? (
              <button type="button" className={buttonClass.secondary} onClick={() => close(false)}>
                {request.cancelLabel}
              </button>
            ) : null}
            <button
              type="button"
              data-autofocus
              className={request.danger ? buttonClass.danger : buttonClass.primary}
              onClick={() => close(true)}
            >
              {request.confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
