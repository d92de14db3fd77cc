import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

interface FieldValidity {
  report(id: string, valid: boolean): void;
}

const FieldValidityContext = createContext<FieldValidity | null>(null);

/**
 * The fields of a form whose typed text is not a value it could save, by id. A form that saves a
 * draft (Settings) must not save the last good value of a field the person is still correcting and
 * say "saved": it asks for the correction instead. A field that unmounts (another tab) stops
 * counting: its draft still holds its last good value, which it shows again when it comes back.
 */
export function useInvalidFields(): {
  invalidIds: readonly string[];
  provide: (children: ReactNode) => ReactNode;
} {
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((id: string, valid: boolean) => {
    setInvalid((current) => {
      if (current.has(id) === !valid) return current;
      const next = new Set(current);
      if (valid) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ report }), [report]);
  return {
    invalidIds: [...invalid],
    provide: (children) => (
      <FieldValidityContext.Provider value={value}>{children}</FieldValidityContext.Provider>
    ),
  };
}

/** Tells the surrounding form, if any, whether this field's text could be saved. */
export function useReportValidity(id: string, valid: boolean): void {
  const context = useContext(FieldValidityContext);
  useEffect(() => {
    context?.report(id, valid);
  }, [context, id, valid]);
  useEffect(() => () => context?.report(id, true), [context, id]);
}
