import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import './promissory-note-table.css';

export type NoteRow = { label: string; value: string };

export type PromissoryNoteTableProps = {
  caption: string;
  rows: readonly NoteRow[];
  /** Shown for an empty value, e.g. "—". */
  emptyValue: string;
  /** Column headers (read by assistive tech; the table shows label and value side by side). */
  fieldHeader: string;
  valueHeader: string;
};

/** The promissory note's fields as a two-column table, one row per field, readable down to 320px. */
export function PromissoryNoteTable({ caption, rows, emptyValue, fieldHeader, valueHeader }: PromissoryNoteTableProps) {
  return (
    <table className="presta-note-table">
      <caption className="presta-visually-hidden">{caption}</caption>
      <thead className="presta-visually-hidden">
        <tr>
          <th scope="col">{fieldHeader}</th>
          <th scope="col">{valueHeader}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{withUnbreakableAmounts(row.value.trim() || emptyValue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
