import { usePageTitle } from '../../lib/page-title.hook';
import { MedicationList } from './components/medication-list.component';

export function MedicationsScreen() {
  usePageTitle('Medications', 'All your medicines with their doses, times and supply.');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-slate-900">Medications</h1>
      <MedicationList title="Your medicines" />
    </div>
  );
}
