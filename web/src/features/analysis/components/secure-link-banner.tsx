/** Shown when the route carries an access token: a shared, view-only analysis (SPEC §2, §6). */
import { ButtonLink } from '../../../components/ui/button';
import { LinkIcon } from '../../../components/ui/icons';

export function SecureLinkBanner() {
  return (
    <div
      role="region"
      aria-label="Shared analysis"
      className="flex flex-col gap-3 rounded-xl border border-indigo-400/30 bg-indigo-500/10 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2.5 text-sm text-indigo-100">
        <LinkIcon className="mt-0.5 size-4 shrink-0" />
        <span>
          You're viewing a shared analysis through a secure link. Create a free account to run unlimited analyses on your own data.
        </span>
      </p>
      <ButtonLink to="/sign-up" size="sm" className="shrink-0">
        Create account
      </ButtonLink>
    </div>
  );
}
