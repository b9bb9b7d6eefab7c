import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * The one numeric input of the app (issue 24: '3.5' typed in Stock became 35, '-5' in List Price
 * became 5 and was saved). A number input that drops the characters it does not allow changes what
 * was typed into another number without a word; this one keeps the text exactly as typed and shows
 * the field's own message under it at once ('Stock must be a whole number', 'List price cannot be
 * negative', 'List price must be a number' for '1,5'), so nothing is saved that was not typed.
 */

/** What the form holds for a numeric input: '' when empty, the number typed, or the text when it is no number. */
export type NumericValue = number | string;

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** '' for empty, a number for a plain number ('3.5', '-5', '.5'), else the text itself so the field's check names the problem. */
export function parseNumericText(text: string): NumericValue {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return PLAIN_NUMBER.test(trimmed) ? Number(trimmed) : text;
}

const textOf = (value: NumericValue | null | undefined) =>
  value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value)) ? '' : String(value);

const sameValue = (a: NumericValue, b: NumericValue | null | undefined) => a === b || (a === '' && (b === null || b === undefined));

export interface NumericInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> {
  value: NumericValue | null | undefined;
  onChange: (value: NumericValue) => void;
  /** The field's rule (the shared schema's, as the server checks it): its message for a typed value, or nothing. */
  check?: (value: NumericValue) => string | undefined;
  /** Whole numbers only (the phone's keyboard without a decimal point); the check says so when one is typed. */
  integer?: boolean;
}

export function NumericInput({ value, onChange, check, integer, error, leftSection, ...props }: NumericInputProps) {
  const [text, setText] = useState(() => textOf(value));
  // A value set from outside (a reset, a reload) replaces the text; one that is what the text says keeps the text as typed ('3.' stays).
  useEffect(() => {
    setText((current) => (sameValue(parseNumericText(current), value) ? current : textOf(value)));
  }, [value]);

  const typed = parseNumericText(text);
  const problem = typed === '' ? undefined : check?.(typed);
  return (
    <TextInput
      {...props}
      leftSection={leftSection}
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(parseNumericText(next));
      }}
      // The message of what is typed now; the form's (after a save) when the text says nothing wrong.
      error={problem ?? error}
    />
  );
}

type FormNumericInputProps<T extends FieldValues, P> = Omit<NumericInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T, unknown, P>;
  name: FieldPath<T>;
};

/** A NumericInput bound to a form field ('' while empty), with the field's message under it. */
export function FormNumericInput<T extends FieldValues, P>({ control, name, ...props }: FormNumericInputProps<T, P>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumericInput
      {...props}
      name={field.name}
      ref={field.ref}
      value={field.value as NumericValue}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
