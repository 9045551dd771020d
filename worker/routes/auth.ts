/**
 * The auth API, GoTrue-shaped so the client of SPEC §7 maps one to one: sign-up with email
 * confirmation, password and refresh-token grants, magic links, verification of emailed
 * links, recovery, the current user, sign-out and resending the confirmation. Google
 * sign-in and TOTP factors are mounted beside it (auth-google.ts, auth-factors.ts).
 *
 * Nothing here reveals whether an address has an account: sign-up, magic link, recovery
 * and resend answer identically, and emails leave after the response.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { safeRedirectPath, siteUrl } from '../auth/site-url';
import { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from '../auth/passwords';
import { requireAal2IfEnrolled } from '../auth/assurance';
import { AUTH_RATE_RULES, enforceRateLimit } from '../auth/rate-limit';
import { admitSignIn, recordSignInFailure } from '../auth/sign-in-limits';
import { consumeOneTimeToken, issueOneTimeToken, latestPayload, type OneTimeTokenType } from '../auth/one-time-tokens';
import { refreshSession, revokeSession, revokeUserSessions, startSession, type SessionDto } from '../auth/sessions';
import { verifyTurnstile } from '../auth/turnstile';
import { confirmEmail, createUser, findUserByEmail, findUserById, normalizeEmail, setPasswordHash } from '../auth/store/users';
import { TOTP_ERRORS } from '../auth/totp';
import { loadUserDto } from '../auth/users';
import { AUTH_ERRORS, SIGNUP_MESSAGE, assertEmail, assertNewPassword, assertSignupPassword } from '../auth/validation';
import { requireSession, type AppEnv } from '../auth/viewer';
import { database } from '../db/client';
import { accountExistsEmail, confirmSignupEmail, magicLinkEmail, resetPasswordEmail } from '../email/templates';
import { sendEmailAfterResponse } from '../email/mailer';
import { badRequest } from '../lib/http';
import { clientInput, jsonBody, parseJsonBody } from '../lib/validate';
import { authFactorsRoutes } from './auth-factors';
import { authGoogleRoutes } from './auth-google';

const email = z.string().max(320).default('');
const captcha = {
  captchaToken: z.string().max(4096).optional(),
  gotrue_meta_security: z.object({ captcha_token: z.string().max(4096).optional() }).optional(),
};

const signupSchema = z.object({ email, password: z.string().max(4096).default(''), ...captcha });
const passwordGrantSchema = z.object({ email, password: z.string().max(4096).default(''), ...captcha });
const refreshGrantSchema = z.object({ refresh_token: z.string().max(512).default('') });
const otpSchema = z.object({
  email,
  create_user: z.boolean().default(true),
  redirect_to: z.string().max(2048).optional(),
  options: z.object({ emailRedirectTo: z.string().max(2048).optional(), shouldCreateUser: z.boolean().optional() }).optional(),
});
const recoverSchema = z.object({ email, redirect_to: z.string().max(2048).optional() });
const resendSchema = z.object({ email, type: z.string().max(32).default('signup') });
const updateUserSchema = z.object({ password: z.string().max(4096).optional(), email: z.string().max(320).optional() });

/** The token grants read their body by `grant_type`, so the typed client is told both shapes. */
const tokenInput = clientInput<{
  query: { grant_type: 'password' | 'refresh_token' };
  json: z.input<typeof passwordGrantSchema> & z.input<typeof refreshGrantSchema>;
}>();

const VERIFY_TYPES = ['signup', 'magiclink', 'recovery'] as const satisfies readonly OneTimeTokenType[];

/** Where each link type lands in the SPA. */
const LANDING: Record<OneTimeTokenType, string> = {
  signup: '/auth/success',
  magiclink: '/auth/success',
  recovery: '/reset-password',
};

const clientIp = (c: Context<AppEnv>) => c.req.header('CF-Connecting-IP') ?? null;

/** The link in an email: `/api/auth/verify?token=…&type=…` on our origin. */
function verifyLink(env: Env, token: string, type: OneTimeTokenType): string {
  return siteUrl(env, `/api/auth/verify?${new URLSearchParams({ token, type })}`);
}

/** A session in the URL fragment (never sent to servers, never logged), GoTrue's format. */
function sessionFragment(session: SessionDto, type: OneTimeTokenType): string {
  return new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    type,
  }).toString();
}

const LINK_INVALID_FRAGMENT = new URLSearchParams({
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
}).toString();

export const authRoutes = new Hono<AppEnv>()
  // Answers here carry tokens or account state: never cache them anywhere.
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .post('/signup', jsonBody(signupSchema), async (c) => {
    const body = c.req.valid('json');
    const address = normalizeEmail(body.email);
    assertEmail(address);
    assertSignupPassword(body.password);
    const captchaToken = body.captchaToken ?? body.gotrue_meta_security?.captcha_token;
    const human = await verifyTurnstile(c.env.TURNSTILE_SECRET_KEY, captchaToken, clientIp(c));
    if (!human.success) throw badRequest(AUTH_ERRORS.captcha, 'CAPTCHA_FAILED');
    await enforceRateLimit(database(c.env.DB), 'signup', { ip: clientIp(c), email: address }, AUTH_RATE_RULES.email);

    const db = database(c.env.DB);
    const passwordHash = await hashPassword(body.password);
    const existing = await findUserByEmail(db, address);
    if (existing?.emailConfirmedAt) {
      await sendEmailAfterResponse(c.env, c.executionCtx, { ...accountExistsEmail(siteUrl(c.env, '/sign-in')), to: address });
      return c.json({ message: SIGNUP_MESSAGE });
    }
    let userId: string;
    if (existing) {
      // Still unconfirmed: the newest sign-up's password is the one sign-in checks, but the
      // password actually kept is the one carried by the link the inbox owner clicks.
      await setPasswordHash(db, existing.id, passwordHash);
      userId = existing.id;
    } else {
      userId = (await createUser(db, { email: address, passwordHash })).id;
    }
    const token = await issueOneTimeToken(db, { type: 'signup', email: address, userId, payload: { passwordHash } });
    await sendEmailAfterResponse(c.env, c.executionCtx, { ...confirmSignupEmail(verifyLink(c.env, token, 'signup')), to: address });
    return c.json({ message: SIGNUP_MESSAGE });
  })
  .post('/token', tokenInput, async (c) => {
    const grantType = c.req.query('grant_type');
    const db = database(c.env.DB);
    if (grantType === 'password') {
      const body = await parseJsonBody(c, passwordGrantSchema);
      const address = normalizeEmail(body.email);
      assertEmail(address);
      if (!body.password) throw badRequest(AUTH_ERRORS.passwordRequired, 'PASSWORD_REQUIRED');
      const captchaToken = body.captchaToken ?? body.gotrue_meta_security?.captcha_token;
      await admitSignIn(c.env, db, { email: address, ip: clientIp(c), captchaToken });
      const user = await findUserByEmail(db, address);
      // Unknown users still cost one PBKDF2, so timing doesn't tell which emails exist.
      const matches = await verifyPassword(body.password, user?.passwordHash ?? DECOY_PASSWORD_HASH);
      if (!user || !user.passwordHash || !matches) {
        await recordSignInFailure(db, address);
        throw badRequest(AUTH_ERRORS.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      if (!user.emailConfirmedAt) throw badRequest(AUTH_ERRORS.emailNotConfirmed, 'EMAIL_NOT_CONFIRMED');
      return c.json(await startSession(c.env, db, user, 'password'));
    }
    if (grantType === 'refresh_token') {
      const body = await parseJsonBody(c, refreshGrantSchema);
      if (!body.refresh_token) throw badRequest(AUTH_ERRORS.refreshTokenRequired, 'REFRESH_TOKEN_REQUIRED');
      return c.json(await refreshSession(c.env, db, body.refresh_token));
    }
    throw badRequest(AUTH_ERRORS.unsupportedGrant, 'UNSUPPORTED_GRANT_TYPE');
  })
  .post('/otp', jsonBody(otpSchema), async (c) => {
    const body = c.req.valid('json');
    const address = normalizeEmail(body.email);
    assertEmail(address);
    await enforceRateLimit(database(c.env.DB), 'otp', { ip: clientIp(c), email: address }, AUTH_RATE_RULES.email);
    const db = database(c.env.DB);
    const user = await findUserByEmail(db, address);
    const createUserAllowed = body.options?.shouldCreateUser ?? body.create_user;
    // No account and no sign-ups wanted: send nothing, but answer exactly the same.
    if (user || createUserAllowed) {
      const redirectTo = safeRedirectPath(c.env, body.options?.emailRedirectTo ?? body.redirect_to) ?? undefined;
      const token = await issueOneTimeToken(db, { type: 'magiclink', email: address, userId: user?.id ?? null, payload: { redirectTo } });
      await sendEmailAfterResponse(c.env, c.executionCtx, { ...magicLinkEmail(verifyLink(c.env, token, 'magiclink')), to: address });
    }
    return c.json({});
  })
  .post('/recover', jsonBody(recoverSchema), async (c) => {
    const body = c.req.valid('json');
    const address = normalizeEmail(body.email);
    assertEmail(address);
    await enforceRateLimit(database(c.env.DB), 'recover', { ip: clientIp(c), email: address }, AUTH_RATE_RULES.email);
    const db = database(c.env.DB);
    const user = await findUserByEmail(db, address);
    if (user) {
      const redirectTo = safeRedirectPath(c.env, body.redirect_to) ?? undefined;
      const token = await issueOneTimeToken(db, { type: 'recovery', email: address, userId: user.id, payload: { redirectTo } });
      await sendEmailAfterResponse(c.env, c.executionCtx, { ...resetPasswordEmail(verifyLink(c.env, token, 'recovery')), to: address });
    }
    return c.json({});
  })
  .post('/resend', jsonBody(resendSchema), async (c) => {
    const body = c.req.valid('json');
    if (body.type !== 'signup') throw badRequest(AUTH_ERRORS.unsupportedResendType, 'UNSUPPORTED_RESEND_TYPE');
    const address = normalizeEmail(body.email);
    assertEmail(address);
    await enforceRateLimit(database(c.env.DB), 'resend', { ip: clientIp(c), email: address }, AUTH_RATE_RULES.email);
    const db = database(c.env.DB);
    const user = await findUserByEmail(db, address);
    if (user && !user.emailConfirmedAt) {
      const payload = await latestPayload(db, address, 'signup');
      const token = await issueOneTimeToken(db, { type: 'signup', email: address, userId: user.id, payload });
      await sendEmailAfterResponse(c.env, c.executionCtx, { ...confirmSignupEmail(verifyLink(c.env, token, 'signup')), to: address });
    }
    return c.json({});
  })
  .get('/verify', async (c) => {
    const type = c.req.query('type') as OneTimeTokenType | undefined;
    const token = c.req.query('token');
    const landing = type === 'recovery' ? LANDING.recovery : LANDING.signup;
    const invalid = () => c.redirect(`${siteUrl(c.env, landing)}#${LINK_INVALID_FRAGMENT}`, 303);
    if (!token || !type || !VERIFY_TYPES.includes(type)) return invalid();

    const db = database(c.env.DB);
    const link = await consumeOneTimeToken(db, token, type);
    if (!link) return invalid();
    let user = link.userId ? await findUserById(db, link.userId) : await findUserByEmail(db, link.email);
    if (!user && type === 'magiclink') user = await createUser(db, { email: link.email, confirmed: true });
    if (!user) return invalid();
    // Following the link proves the inbox; a sign-up link also sets the password it carries.
    user = await confirmEmail(db, user, type === 'signup' ? link.data.passwordHash : undefined);
    const session = await startSession(c.env, db, user, type);
    const target = siteUrl(c.env, link.data.redirectTo ?? LANDING[type]);
    return c.redirect(`${target}#${sessionFragment(session, type)}`, 303);
  })
  .get('/user', async (c) => {
    const { session } = await requireSession(c);
    const db = database(c.env.DB);
    const user = await findUserById(db, session.userId);
    if (!user) throw badRequest('User not found', 'USER_NOT_FOUND');
    return c.json(await loadUserDto(db, user));
  })
  .put('/user', jsonBody(updateUserSchema), async (c) => {
    const { session } = await requireSession(c);
    const body = c.req.valid('json');
    const db = database(c.env.DB);
    const user = await findUserById(db, session.userId);
    if (!user) throw badRequest('User not found', 'USER_NOT_FOUND');
    if (body.password === undefined && body.email === undefined) return c.json(await loadUserDto(db, user));
    // With a verified factor, the password alone (a session waiting for its code) must not
    // be enough to take the account over.
    await requireAal2IfEnrolled(db, session, TOTP_ERRORS.aal2RequiredForUser);
    if (body.email !== undefined) throw badRequest(AUTH_ERRORS.emailChangeUnsupported, 'EMAIL_CHANGE_UNSUPPORTED');
    if (body.password === undefined) return c.json(await loadUserDto(db, user));
    assertNewPassword(body.password);
    const updated = await setPasswordHash(db, user.id, await hashPassword(body.password));
    // A new password ends every other session (e.g. one opened by whoever knew the old one).
    await revokeUserSessions(db, user.id, session.id);
    return c.json(await loadUserDto(db, updated));
  })
  .post('/logout', async (c) => {
    const { session } = await requireSession(c);
    const db = database(c.env.DB);
    if (c.req.query('scope') === 'global') await revokeUserSessions(db, session.userId);
    else await revokeSession(db, session.id);
    return c.body(null, 204);
  })
  .route('/google', authGoogleRoutes)
  .route('/factors', authFactorsRoutes);
