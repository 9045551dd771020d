/** 'Analysis Complete!' with Continue Analysis (coming soon) and Book a Call (SPEC §2). */
import { useState } from 'react';
import { Button, ExternalButtonLink } from '../../../components/ui/button';
import { CalendarIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { config } from '../../../config/env';

export function BottomBar() {
  const [comingSoon, setComingSoon] = useState(false);
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-emerald-500/30 bg-emerald-500/10 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 font-semibold text-emerald-200">
        <CheckCircleIcon className="size-5" />
        Analysis Complete!
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setComingSoon(true)}>
          Continue Analysis
        </Button>
        <ExternalButtonLink href={config.schedulerUrl}>
          <CalendarIcon className="size-4" />
          Book a Call
        </ExternalButtonLink>
      </div>
      <Modal open={comingSoon} onClose={() => setComingSoon(false)} title="Coming Soon!">
        <p className="text-sm text-slate-300">
          Advanced analysis — deeper follow-ups, forecasts and scheduled reports — is on its way. Book a call and we'll walk you through
          what's possible with your data today.
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setComingSoon(false)}>
            Got it
          </Button>
          <ExternalButtonLink href={config.schedulerUrl} onClick={() => setComingSoon(false)}>
            Book a Call
          </ExternalButtonLink>
        </div>
      </Modal>
    </div>
  );
}
