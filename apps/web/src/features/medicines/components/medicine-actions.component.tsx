import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { medicine, onDelete, deleting } = props;
  const name = medicine.name;
  return (
    <div className="flex items-center gap-1">
      <Link
        to="/update-medicine/$id"
        params={{ id: medicine.id }}
        className={buttonClass.icon}
        aria-label={t`Edit ${name}`}
        title={t({ message: 'Edit', comment: 'Tooltip of the button that edits a medicine' })}
      >
        <Pencil aria-hidden="true" className="size-5" />
      </Link>
      <button
        type="button"
        className={`${buttonClass.icon} text-red-700 hover:bg-red-50`}
        aria-label={t`Delete ${name}`}
        title={t({ message: 'Delete', comment: 'Tooltip of the button that deletes a medicine' })}
        disabled={deleting}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
