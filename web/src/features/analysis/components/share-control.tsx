/**
 * The owner's "Share" control in the analysis header (issue 14): create and copy the
 * secure link, see whether one exists, re-issue or revoke it, and let link holders ask
 * questions (off by default). Only rendered for the owner (signed in, or holding the
 * visitor's owner token).
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LinkIcon } from '../../../components/ui/icons';
import { shareLinkFor } from '../../../lib/owner-tokens';
import { shareLinkUrl, useShareActions } from '../api/secure-link';

export const SHARE_TEXTS = {
  noLink: 'No secure link is active. Anyone with a link can read this analysis.',
  active: 'Anyone with this link can read this analysis.',
  copied: 'Link copied',
  revoked: 'The link was revoked: every copy of it stops working.',
  linkChat: 'Let link holders ask questions',
} as const;

export function ShareControl({ analysisId, linkChatEnabled }: { analysisId: string; linkChatEnabled: boolean }) {
  const [open, setOpen] = useState(false);
  // The server keeps only the link's hash: this browser knows the link it issued or received.
  const [token, setToken] = useState<string | null>(() => shareLinkFor(analysisId));
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Shown at once; the server's answer confirms it, a failure puts the old value back.
  const [linkChat, setLinkChat] = useState(linkChatEnabled);
  const actions = useShareActions(analysisId);
  const url = token ? shareLinkUrl(analysisId, token) : null;

  const fail = (failure: Error) => setError(failure.message || 'Something went wrong');
  const issue = () => {
    setError(null);
    setNotice(null);
    actions.issue.mutate(undefined, { onSuccess: (next) => setToken(next), onError: fail });
  };
  const revoke = () => {
    setError(null);
    actions.revoke.mutate(undefined, {
      onSuccess: () => {
        setToken(null);
        setNotice(SHARE_TEXTS.revoked);
      },
      onError: fail,
    });
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNotice(SHARE_TEXTS.copied);
    } catch {
      setNotice('Copy failed: select the link and copy it yourself.');
    }
  };
  const pending = actions.issue.isPending || actions.revoke.isPending;

  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="share-panel"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm text-slate-300 hover:bg-ink-700 hover:text-white"
      >
        <LinkIcon className="size-5" />
        <span className="max-sm:sr-only">Share</span>
        {url ? <span className="size-2 rounded-full bg-emerald-400" aria-label="Secure link active" /> : null}
      </button>
      {open ? (
        <section
          id="share-panel"
          aria-label="Share this analysis"
          className="absolute right-0 top-11 z-30 w-[22rem] space-y-3 max-sm:fixed max-sm:inset-x-3 max-sm:top-14 max-sm:w-auto rounded-xl border border-ink-600 bg-ink-800 p-4 shadow-xl shadow-black/40"
        >
          <h2 className="text-sm font-semibold text-white">Secure link</h2>
          {url ? (
            <>
              <p className="text-xs text-slate-300">{SHARE_TEXTS.active}</p>
              <input
                readOnly
                aria-label="Secure link"
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className="w-full rounded-md border border-ink-600 bg-ink-900 px-2 py-1.5 text-xs text-slate-200"
              />
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => void copy()}>
                  Copy link
                </Button>
                <Button size="sm" variant="secondary" onClick={issue} disabled={pending}>
                  Re-issue link
                </Button>
                <Button size="sm" variant="danger" onClick={revoke} disabled={pending}>
                  Revoke link
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="text-xs text-slate-300">{SHARE_TEXTS.noLink}</p>
              <Button size="sm" onClick={issue} isLoading={actions.issue.isPending}>
                Create secure link
              </Button>
            </>
          )}
          <label className="flex items-center justify-between gap-3 border-t border-ink-600 pt-3 text-sm text-slate-200">
            {SHARE_TEXTS.linkChat}
            <input
              type="checkbox"
              role="switch"
              checked={linkChat}
              disabled={actions.linkChat.isPending}
              onChange={(event) => {
                const wanted = event.target.checked;
                setError(null);
                setLinkChat(wanted);
                actions.linkChat.mutate(wanted, {
                  onSuccess: (confirmed) => setLinkChat(confirmed),
                  onError: (failure) => {
                    setLinkChat(!wanted);
                    fail(failure);
                  },
                });
              }}
              className="size-5 accent-indigo-500"
            />
          </label>
          <p aria-live="polite" className="text-xs text-emerald-300">
            {notice}
          </p>
          {error ? (
            <p role="alert" className="text-xs text-rose-300">
              {error}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
