/** The signed-in account menu: initial avatar, email, Security and Sign Out (then to /). */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SECURITY_PATH } from '../../config/routes';
import { signOut } from '../../lib/auth/auth-api';
import { initialOf } from '../../lib/format';
import { LogOutIcon, ShieldIcon } from '../ui/icons';

export function AccountMenu({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={container} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${email}`}
        onClick={() => setOpen((value) => !value)}
        className="grid size-9 place-items-center rounded-full bg-indigo-600 text-sm font-semibold text-white ring-2 ring-ink-900 hover:bg-indigo-500"
      >
        {initialOf(email)}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 mt-2 w-64 animate-fade-in rounded-xl border border-ink-600 bg-ink-800 p-2 shadow-2xl"
        >
          <p className="truncate px-3 py-2 text-sm text-slate-300">{email}</p>
          <Link
            to={SECURITY_PATH}
            role="menuitem"
            onClick={() => setOpen(false)}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-200 hover:bg-ink-700"
          >
            <ShieldIcon className="size-4" />
            Security
          </Link>
          <button
            type="button"
            role="menuitem"
            onClick={() => void signOut().then(() => void navigate('/'))}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-200 hover:bg-ink-700"
          >
            <LogOutIcon className="size-4" />
            Sign Out
          </button>
        </div>
      ) : null}
    </div>
  );
}
