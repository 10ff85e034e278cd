import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS } from 'date-fns/locale/en-US';
import type { FieldRef } from '@mui/x-date-pickers/models';
import { useEffect, useRef, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField, type FormFieldBaseProps } from './use-form-field';
import { dateToIso, isoToDate } from '../../lib/calendar-date';

type FormDateFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut = T> = FormFieldBaseProps<T, N, TOut> & {
  /** Latest choosable date, `yyyy-MM-dd`. */
  maxDate?: string;
  /** Earliest choosable date, `yyyy-MM-dd`. */
  minDate?: string;
  /** No date after today (birth dates). */
  disableFuture?: boolean;
};

const FORMAT = 'MM/dd/yyyy';

/**
 * A date picker (typed MM/DD/YYYY or picked by year, month and day) whose form value is always a
 * `yyyy-MM-dd` string: '' when empty, INVALID_DATE_VALUE while the typed date is not a real date.
 */
export function FormDateField<T extends FieldValues, N extends FieldPath<T>, TOut = T>(
  props: FormDateFieldProps<T, N, TOut>,
) {
  const { field, shown, input, own } = useFormField(props);
  const { maxDate, minDate = '1900-01-01', disableFuture } = own;
  const { label, disabled, ...textField } = shown;
  const value = (field.value as string | null | undefined) ?? '';
  // The picker's own Date (possibly an invalid one mid-typing) is kept while it still matches the
  // form value, so that what the user typed is not wiped by a round trip through the string.
  const [emitted, setEmitted] = useState<{ iso: string; date: Date | null } | null>(null);
  const pickerValue = emitted && emitted.iso === value ? emitted.date : isoToDate(value);
  // react-hook-form focuses a field through its ref (first error, setFocus): that must be the
  // visible month section, not the picker's hidden input, or focus vanishes and typing goes nowhere.
  const pickerField = useRef<FieldRef<Date | null>>(null);
  const registerRef = field.ref;
  useEffect(() => {
    registerRef({ focus: () => pickerField.current?.focusField(0) });
  }, [registerRef]);

  // The adapter comes with the field rather than from the app's root, so date-fns and the pickers
  // load only with the forms that have a date.
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS}>
      <DatePicker
        label={label}
        value={pickerValue}
        onChange={(date) => {
          const iso = dateToIso(date);
          setEmitted({ iso, date });
          field.onChange(iso);
        }}
        format={FORMAT}
        views={['year', 'month', 'day']}
        openTo="day"
        maxDate={isoToDate(maxDate) ?? undefined}
        minDate={isoToDate(minDate) ?? undefined}
        disableFuture={disableFuture}
        disabled={disabled}
        name={input.name}
        slotProps={{
          textField: { ...textField, fullWidth: true, onBlur: input.onBlur },
          field: { fieldRef: pickerField },
          openPickerButton: { 'aria-label': `Choose ${label}` },
        }}
      />
    </LocalizationProvider>
  );
}
