import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { get, useController, type Control, type FieldError, type FieldErrors, type FieldPath, type FieldValues, type UseFormRegister } from 'react-hook-form';

/**
 * For inputs that react-hook-form registers (text, email, textarea, password): `input('email')`
 * registers the input and shows the field's message, the shared schema's or the server's, under it.
 */
export function bindInputs<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: FieldPath<T>) => ({ error: (get(errors, name) as FieldError | undefined)?.message, ...register(name) });
}

type FormNativeSelectProps<T extends FieldValues, P> = Omit<NativeSelectProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T, unknown, P>;
  name: FieldPath<T>;
  /** Runs after the field takes the chosen value, e.g. to clear another field that no longer fits it. */
  onValueChange?: (value: string) => void;
};

/**
 * A native select bound to a form field, with the field's message under it. Controlled, because a
 * registered select only shows its first option in some DOMs until it is changed.
 */
export function FormNativeSelect<T extends FieldValues, P>({ control, name, onValueChange, ...props }: FormNativeSelectProps<T, P>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NativeSelect
      {...props}
      name={field.name}
      ref={field.ref}
      value={field.value}
      onBlur={field.onBlur}
      onChange={(event) => {
        const value = event.currentTarget.value;
        field.onChange(value);
        onValueChange?.(value);
      }}
      error={fieldState.error?.message}
    />
  );
}
