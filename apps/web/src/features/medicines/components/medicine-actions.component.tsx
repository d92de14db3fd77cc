import { Link } from '@tanstack/react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { buttonClass } from '../../../shared/ui/button.styles';
import type { Medicine } from '../medicines.queries';

/** Edit and delete, each named after the medicine for screen-reader users. */
export function MedicineActions(props: {
  medicine: Pick<Medicine, 'id' | 'name'>;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { medicine, onDelete, deleting } = props;
  return (
    <div className="flex items-center gap-1">
      <Link
        to="/update-medicine/$id"
        params={{ id: medicine.id }}
        className={buttonClass.icon}
        aria-label={`Edit ${medicine.name}`}
        title="Edit"
      >
        <Pencil aria-hidden="true" className="size-5" />
      </Link>
      <button
        type="button"
        className={`${buttonClass.icon} text-red-700 hover:bg-red-50`}
        aria-label={`Delete ${medicine.name}`}
        title="Delete"
        disabled={deleting}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
