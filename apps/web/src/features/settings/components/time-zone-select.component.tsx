import { useMemo } from 'react';
import { inputClass } from '../../../shared/ui/button.styles';

function zones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // Chromium's list leaves out 'UTC'; the saved zone must always be selectable.
  return Array.from(new Set([current, 'UTC', ...all])).sort();
}

export function TimeZoneSelect(props: { id: string; value: string; onChange: (zone: string) => void }) {
  const options = useMemo(() => zones(props.value), [props.value]);
  return (
    <select
      id={props.id}
      aria-describedby={`${props.id}-hint`}
      className={`${inputClass} max-w-md`}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    >
      {options.map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      ))}
    </select>
  );
}
