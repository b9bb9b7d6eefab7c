import { Button, Group, NativeSelect, type GroupProps, type NativeSelectProps } from '@mantine/core';
import {
  get,
  useController,
  useForm,
  type Control,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import { showFieldMessages } from '../../lib/api-errors';

/**
 * For inputs that react-hook-form registers (text, email, textarea, password): `input('email')`
 * registers the input and shows the field's message, the shared schema's or the server's, under it.
 */
export function bindInputs<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: FieldPath<T>) => ({ error: (get(errors, name) as FieldError | undefined)?.message, ...register(name) });
}

interface ServerCheckedFormOptions<V extends FieldValues, P> {
  /** The shared schema's checks, as the server runs them. */
  resolver: Resolver<V, unknown, P>;
  defaultValues: DefaultValues<V>;
  /** Saves the checked payload; resolves to the field messages the server returned, or nothing. */
  onSubmit: (payload: P) => Promise<Partial<Record<string, string>> | void>;
}

/**
 * A form checked in the browser by the server's own schema, whose save shows what the server
 * still refuses (a taken name, say) under the fields it names, the first one focused.
 * `input('email')` wires a registered input with its message; `submit` is the form's onSubmit.
 */
export function useServerCheckedForm<V extends FieldValues, P>({ resolver, defaultValues, onSubmit }: ServerCheckedFormOptions<V, P>) {
  const form = useForm<V, unknown, P>({ resolver, defaultValues });
  const submit = form.handleSubmit(async (payload) => {
    showFieldMessages(form.setError, await onSubmit(payload));
  });
  return { form, input: bindInputs(form.register, form.formState.errors), submit };
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

/** A form's last row: Cancel, and the submit button, which spins while the form saves. */
export function FormActions({ submitLabel, submitting, onCancel, ...props }: GroupProps & { submitLabel: string; submitting: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" {...props}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
