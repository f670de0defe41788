/** Password length rule (docs/product.md §§5.2 and 9): 6 to 128 characters. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'required' | 'too_short' | 'too_long';

/** Why a new password is not acceptable, or null when it is. Length counts UTF-16 units, as zod does. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length === 0) return 'required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  return null;
}
