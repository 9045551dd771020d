/** The visitor's daily quota, used up (429): the server's message and the way on, an account. */
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

export function QuotaReached({ message }: { message: string }) {
  return (
    <section
      role="alert"
      aria-label="Daily limit reached"
      className="space-y-3 rounded-xl border border-amber-400/40 bg-amber-500/10 p-4 text-sm text-amber-100"
    >
      <p>{message}</p>
      <Link to="/sign-up" className={buttonClasses('primary', 'sm')}>
        Create a free account
      </Link>
    </section>
  );
}
