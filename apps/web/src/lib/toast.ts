import { toast } from 'react-toastify/unstyled';

/** Spec section 9: per-type auto-close times. */
export const TOAST_DURATION_MS = { success: 3000, error: 4000, warning: 3500, info: 3000 } as const;

export const notify = {
  success: (message: string) => toast.success(message, { autoClose: TOAST_DURATION_MS.success }),
  error: (message: string) => toast.error(message, { autoClose: TOAST_DURATION_MS.error }),
  warning: (message: string) => toast.warning(message, { autoClose: TOAST_DURATION_MS.warning }),
  info: (message: string) => toast.info(message, { autoClose: TOAST_DURATION_MS.info }),
};
