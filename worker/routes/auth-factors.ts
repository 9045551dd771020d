/**
 * TOTP factors (SPEC §3 User.factors, §7 MFA enroll, challenge, verify), GoTrue-shaped:
 * `POST /api/auth/factors` enrolls (secret + otpauth URI for a QR code),
 * `POST /api/auth/factors/:id/challenge` opens a challenge, and
 * `POST /api/auth/factors/:id/verify` checks a code against it, verifies the factor and
 * raises the session to aal2 (a new Session). `DELETE /api/auth/factors/:id` unenrolls.
 * A user with a verified factor signs in at aal1 with the session pending until verify.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireAal2IfEnrolled } from '../auth/assurance';
import { AUTH_RATE_RULES, enforceRateLimit } from '../auth/rate-limit';
import { elevateSession } from '../auth/sessions';
import { CHALLENGE_TTL_SECONDS, TOTP_ERRORS, decryptSecret, encryptSecret, matchingStep, newTotpSecret, totpUri } from '../auth/totp';
import {
  claimFactorStep,
  createChallenge,
  deleteFactor,
  enrollFactor,
  findChallenge,
  findOwnFactor,
  markChallengeVerified,
} from '../auth/store/factors';
import { findUserById } from '../auth/store/users';
import { requireSession, type AppEnv } from '../auth/viewer';
import { database } from '../db/client';
import { HttpError, badRequest } from '../lib/http';
import { jsonBody } from '../lib/validate';

const enrollSchema = z.object({
  factor_type: z.literal('totp').default('totp'),
  friendly_name: z.string().trim().max(100).optional(),
});
const verifySchema = z.object({ challenge_id: z.string().max(64), code: z.string().trim().max(16) });

const factorNotFound = () => new HttpError(404, TOTP_ERRORS.factorNotFound, 'FACTOR_NOT_FOUND');

/** The caller's own factor, or 404 (someone else's factor is indistinguishable from none). */
async function ownFactor(c: Context<AppEnv>, userId: string) {
  const factor = await findOwnFactor(database(c.env.DB), userId, c.req.param('id') ?? '');
  if (!factor) throw factorNotFound();
  return factor;
}

export const authFactorsRoutes = new Hono<AppEnv>()
  .post('/', jsonBody(enrollSchema), async (c) => {
    const { session, claims } = await requireSession(c);
    const db = database(c.env.DB);
    // Adding a factor to an account that has one needs the existing one first.
    await requireAal2IfEnrolled(db, session);
    const secret = newTotpSecret();
    const body = c.req.valid('json');
    const factor = await enrollFactor(db, {
      userId: session.userId,
      friendlyName: body.friendly_name || null,
      secretCiphertext: await encryptSecret(c.env, secret),
    });
    return c.json({
      id: factor.id,
      type: 'totp',
      friendly_name: factor.friendlyName,
      totp: { secret, uri: totpUri(secret, claims.email) },
    });
  })
  .post('/:id/challenge', async (c) => {
    const { session } = await requireSession(c);
    const factor = await ownFactor(c, session.userId);
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000);
    const challenge = await createChallenge(database(c.env.DB), {
      factorId: factor.id,
      sessionId: session.id,
      expiresAt: expiresAt.toISOString(),
    });
    return c.json({ id: challenge.id, type: 'totp', expires_at: Math.floor(expiresAt.getTime() / 1000) });
  })
  .post('/:id/verify', jsonBody(verifySchema), async (c) => {
    const { session } = await requireSession(c);
    const factor = await ownFactor(c, session.userId);
    // Six digits are guessable at scale: cap attempts like sign-in.
    const db = database(c.env.DB);
    await enforceRateLimit(
      db,
      'mfa-verify',
      { ip: c.req.header('CF-Connecting-IP') ?? null, email: session.userId },
      AUTH_RATE_RULES.mfaVerify,
    );
    const body = c.req.valid('json');
    const challenge = await findChallenge(db, body.challenge_id);
    const now = new Date();
    if (
      !challenge ||
      challenge.factorId !== factor.id ||
      challenge.sessionId !== session.id ||
      challenge.verifiedAt ||
      challenge.expiresAt <= now.toISOString()
    ) {
      throw badRequest(TOTP_ERRORS.challengeExpired, 'MFA_CHALLENGE_EXPIRED');
    }
    const step = matchingStep(await decryptSecret(c.env, factor.secretCiphertext), body.code, now.getTime());
    if (step === null || (factor.lastUsedStep !== null && step <= factor.lastUsedStep)) {
      throw badRequest(TOTP_ERRORS.invalidCode, 'INVALID_TOTP');
    }
    // Claim the step atomically: of two racing verifies with one code, only one wins.
    const claimed = await claimFactorStep(db, factor.id, step, now.toISOString());
    if (!claimed) throw badRequest(TOTP_ERRORS.invalidCode, 'INVALID_TOTP');
    await markChallengeVerified(db, challenge.id, now.toISOString());
    const user = await findUserById(db, session.userId);
    if (!user) throw factorNotFound();
    return c.json(await elevateSession(c.env, db, user, session.id));
  })
  .delete('/:id', async (c) => {
    const { session } = await requireSession(c);
    const factor = await ownFactor(c, session.userId);
    if (factor.status === 'verified' && session.aal !== 'aal2') throw new HttpError(403, TOTP_ERRORS.aal2Required, 'AAL2_REQUIRED');
    await deleteFactor(database(c.env.DB), factor.id);
    return c.json({ id: factor.id });
  });
