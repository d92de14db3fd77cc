import { LoaderCircle } from 'lucide-react';

/** A centred spinner with a visible status text (read out by screen readers through role=status). */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-slate-700">
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-brand-700" />
      <p>{label}</p>
    </div>
  );
}
