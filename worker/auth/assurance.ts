/**
 * Step-up for sensitive account changes (issue 11 item 1). Once an account has a verified
 * TOTP factor, a session that has not passed it (aal1: a password alone, a magic link, a
 * session opened before the factor existed) may read the user and finish the TOTP step,
 * but may not change the password, the email or the factors.
 */
import type { Database } from '../db/client';
import { HttpError } from '../lib/http';
import { hasVerifiedFactor } from './store/factors';
import type { SessionRow } from './store/sessions';
import { TOTP_ERRORS } from './totp';

/** Throws 403 `AAL2_REQUIRED` unless the session is aal2 or the account has no verified factor. */
export async function requireAal2IfEnrolled(db: Database, session: SessionRow, message: string = TOTP_ERRORS.aal2Required): Promise<void> {
  if (session.aal === 'aal2') return;
  if (await hasVerifiedFactor(db, session.userId)) throw new HttpError(403, message, 'AAL2_REQUIRED');
}
