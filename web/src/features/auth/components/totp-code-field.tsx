/**
 * The 6-digit authenticator code, shared by the sign-in step and the enrolment panel:
 * labelled, numeric keypad on phones, and offered the one-time code by the browser.
 */
import { TextField } from '../../../components/ui/input';
import { TOTP_TEXTS } from '../utils/auth-rules';

interface TotpCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  label?: string;
}

export function TotpCodeField({ value, onChange, error, autoFocus, label = TOTP_TEXTS.label }: TotpCodeFieldProps) {
  return (
    <TextField
      label={label}
      name="one-time-code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      placeholder="123456"
      // Focus belongs here: the step exists only to take this code.
      autoFocus={autoFocus}
      className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
