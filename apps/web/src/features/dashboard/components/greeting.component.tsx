import { firstName, greetingForHour, type ZonedNow } from '@medrem/domain';
import { format, parseISO } from 'date-fns';
import { enUS } from 'date-fns/locale';

/** Spec: '{Greeting}, {first name}', today's long date and the overview line; hour and date in the saved zone. */
export function Greeting({ name, now }: { name: string; now: ZonedNow }) {
  const first = firstName(name);
  return (
    <header>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {greetingForHour(now.hour)}
        {first ? `, ${first}` : ''}
      </h1>
      <p className="mt-1 text-slate-700">
        {format(parseISO(now.date), 'EEEE, MMMM d, yyyy', { locale: enUS })}
      </p>
      <p className="mt-1 text-slate-700">Here&apos;s your medications overview today!</p>
    </header>
  );
}
