/** The landing page's sign-in modal: 'Sign In' → 'Check Your Email' (SPEC §2). */
import { useState } from 'react';
import { MAGIC_LINK_TEXTS, MagicLinkForm } from '../../../components/magic-link-form';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';

export function MagicLinkModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const close = () => {
    onClose();
    setSentTo(null);
  };
  return (
    <Modal open={open} onClose={close} title={sentTo ? 'Check Your Email' : 'Sign In'}>
      {sentTo ? (
        <div className="space-y-5">
          <FormMessage tone="success">{MAGIC_LINK_TEXTS.sent(sentTo)}</FormMessage>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              Send Another Link
            </Button>
            <Button onClick={close}>Close</Button>
          </div>
        </div>
      ) : (
        <MagicLinkForm onSent={setSentTo} />
      )}
    </Modal>
  );
}
