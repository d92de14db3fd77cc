/** Shared button looks; every button is at least 44 px tall (large tap targets). */
const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonClass = {
  primary: `${base} bg-brand-700 text-white hover:bg-brand-800`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800`,
  ghost: `${base} text-slate-700 hover:bg-slate-100`,
  icon: 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100',
} as const;

// min-w-0: in a flex row (a label, the field, a remove button) the field gives way on a narrow
// screen instead of pushing the row past its edge (reflow at 320 px, decision 363).
export const inputClass =
  'block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100 disabled:text-slate-600 aria-[invalid=true]:border-red-700';

// min-w-0: a card in a grid or flex track is never wider than the track; a wide table inside
// scrolls in its own box instead of the page sideways (reflow at 320 px, decision 363).
export const cardClass = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
