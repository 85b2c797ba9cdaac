import Checkbox, { type CheckboxGroupProps } from 'antd/es/checkbox';
import type { StaffRole } from '@presta/contract/staff-roles';

/** The roles' checkboxes without the aria-required Form.Item gives its control: ARIA allows it on no group's div (axe). */
export function RolesGroup({ 'aria-required': _required, ...props }: CheckboxGroupProps<StaffRole> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group<StaffRole> {...props} />;
}
