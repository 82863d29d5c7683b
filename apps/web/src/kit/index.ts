/**
 * The page kit (ARCHITECTURE 8). See README.md in this folder for the API and an example.
 * Import from 'kit/index.ts' in screens; never from the login chunk (antd-heavy).
 */
import './kitI18n.ts';
import './kit.css';

export type {
  ColumnDef,
  ColumnKey,
  FieldDef,
  FieldName,
  FieldType,
  FormMode,
  ListContext,
  Option,
  Prefix,
  ResourceApi,
  ResourceDef,
  ResourceSpec,
  Row,
  RowAction,
  SearchFieldDef,
  ToolbarAction,
  TreeOption,
} from './types.ts';
export { codeOptions } from './types.ts';
export { ListPage, invalidateResource, type ListHandle, type ListPageProps } from './ListPage.tsx';
export { FormDialog, type FormDialogProps } from './FormDialog.tsx';
export { FormModal, closeForm, type FormModalProps } from './FormModal.tsx';
export { ReasonDialog, type ReasonDialogProps } from './ReasonDialog.tsx';
export { TableToolbar } from './TableToolbar.tsx';
export { JsonValue, EllipsisText } from './display.tsx';
export { placeholderObject } from './wording.ts';
export { DetailDrawer, type DetailDrawerProps } from './DetailDrawer.tsx';
export { ImportDialog, type ImportDialogProps } from './ImportDialog.tsx';
export { SearchForm, type SearchFormProps } from './SearchForm.tsx';
export { FieldInput, FieldItem, useFieldOptions, useFieldRules, fieldRequired } from './fields.tsx';
export { NumberInput, IntegerInput, type NumberInputProps } from './inputs.tsx';
export { CodeTag, formatDay, useCellRenderer } from './display.tsx';
export { resourceApi, baseUrl, rowKeyOf, FILE_TIMEOUT_MS } from './api.ts';
export { useCan } from './useCan.ts';
export { MemberSelect, searchMembers, type MemberSelectProps } from './MemberSelect.tsx';
export { UserSelect, type UserSelectProps } from './UserSelect.tsx';
export { GoodsPicker, goodsOfPicks, goodsTotal, type GoodsPick, type GoodsPickerProps } from './GoodsPicker.tsx';
export { CouponField, couponOfPick, type CouponPick, type CouponFieldProps } from './CouponField.tsx';
export { useBarcodeWedge } from './barcode.ts';
export { RentalPicker, rentalsOfPicks, rentalsTotal, type RentalPick } from './RentalPicker.tsx';
export { ScanInput, type ScanInputProps } from './ScanInput.tsx';
export { sportName, sportOptions, useItemKindName, useKitT, useLabelT, useSportName } from './kitI18n.ts';
export { applyFieldErrors, fieldErrorsOf, focusFirstError, errorFieldsOf, reportNoChanges } from './form.ts';
export { filterNumber, filterInteger, parseFiltered } from './filters.ts';
export { changedValues, hasChanges, sameIds, sameValue, isEmptyValue } from './diff.ts';
export {
  buildListQuery,
  buildExportQuery,
  cleanFilters,
  searchFilters,
  selectionProblem,
  sortOf,
  idsPath,
  type ListState,
  type SelectionNeed,
} from './query.ts';
export { checkImportFile, extensionOf, importReportOf, sniff, formatSize, DEFAULT_IMPORT_LIMIT, type ImportRowError } from './file.ts';
export { validateValue, issueMessage, isRequired } from './zodRule.ts';
export { readListState, writeListState, forgetListState } from './listStore.ts';
export { DEFAULT_TIME_ZONE, clockIn, dayStartIn, hhmmIn, rangeIn, todayIn, venueToday, useVenueTimeZone } from './day.ts';
export { useVenueOptions } from './venueOptions.ts';
export { BlobImage, useSessionImage } from './BlobImage.tsx';
