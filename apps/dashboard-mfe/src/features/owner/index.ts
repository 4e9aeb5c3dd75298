// The owner feature's public face: other features and the app import only what is here.
export { BusinessGate } from './BusinessGate';
export { OwnerProvider, useOwner } from './OwnerContext';
export { FormDialog, RecordDialog, type RecordDialogControl, submitRecord } from './RecordDialog';
export { PickList } from './PickList';
export { SectionHead } from './SectionHead';
export { type Choice, SelectField } from './SelectField';
export { ToggleGroup } from './ToggleGroup';
export {
  ownerKeys,
  PUBLIC_BUSINESS_PREFIX,
  useOwnerBusiness,
  useRecordMutation,
  useUpdateBusiness,
} from './api';
export { REGION_CHOICES, REGION_NAMES, TIME_ZONE_CHOICES, zoneLabel } from './regions';
export { type RecordTexts, useRecordEditor } from './useRecordEditor';
export { localParts, zonedInstant } from './zone';
export { fieldIssues } from './field-issues';
export { SectionCard } from './SectionCard';
export { SaveRow } from './SaveRow';
export { StatusLine } from './StatusLine';
