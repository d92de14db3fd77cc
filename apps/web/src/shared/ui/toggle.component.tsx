import { Switch } from '@headlessui/react';

/** An on/off setting: a labelled switch with its description. */
export function Toggle(props: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { label, description, checked, onChange } = props;
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <p className="font-medium text-slate-900">{label}</p>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      <Switch
        checked={checked}
        onChange={onChange}
        aria-label={label}
        className="group relative inline-flex h-8 w-14 shrink-0 items-center rounded-full bg-slate-500 transition-colors data-checked:bg-brand-700"
      >
        <span className="inline-block size-6 translate-x-1 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-7" />
      </Switch>
    </div>
  );
}
