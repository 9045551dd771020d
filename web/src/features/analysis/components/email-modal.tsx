/** 'Start Your Analysis' (SPEC §2): a visitor's email and the human check before upload. */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { HumanCheck } from '../../../components/ui/human-check';
import { TextField } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { UPLOAD_TEXTS, isEmailLike } from '../utils/upload-rules';

interface EmailModalProps {
  open: boolean;
  email: string;
  onEmailChange: (email: string) => void;
  captchaToken: string | null;
  onCaptchaToken: (token: string | null) => void;
  /** Bumped to remount the human check, which resets it (cancel, error, expiry). */
  captchaKey: number;
  onCancel: () => void;
  onStart: () => void;
}

export function EmailModal({ open, email, onEmailChange, captchaToken, onCaptchaToken, captchaKey, onCancel, onStart }: EmailModalProps) {
  const [error, setError] = useState<string | null>(null);
  const start = () => {
    if (!isEmailLike(email)) return setError(UPLOAD_TEXTS.invalidEmail);
    if (!captchaToken) return setError(UPLOAD_TEXTS.verification);
    setError(null);
    onStart();
  };
  return (
    <Modal open={open} onClose={onCancel} title="Start Your Analysis" description="Enter your email to receive the analysis results">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
        className="space-y-5"
      >
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => {
            onEmailChange(event.target.value);
            setError(null);
          }}
          error={error === UPLOAD_TEXTS.invalidEmail ? error : null}
          data-autofocus
        />
        <div>
          <HumanCheck key={captchaKey} onToken={onCaptchaToken} />
          {error === UPLOAD_TEXTS.verification ? (
            <p role="alert" className="mt-1.5 text-sm text-rose-300">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!email.trim() || !captchaToken}>
            Start Analysis
          </Button>
        </div>
      </form>
    </Modal>
  );
}
