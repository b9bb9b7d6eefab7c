import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input whose show/hide toggle is reachable by keyboard and named (its pressed state says
 * whether the characters show). The name avoids the word "password" so that the field's own label
 * stays the only thing called that.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleFocusable visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }} {...props} />;
}
