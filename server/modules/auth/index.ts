export { type Altcha, type AltchaChallenge, createAltcha, solveAltcha } from "./altcha.ts";
export { ACCOUNT_IP_LIMIT, createLoginThrottle, type LoginThrottle } from "./login-throttle.ts";
export { hashPassword, verifyPassword } from "./passwords.ts";
export { createAuthPersonalData } from "./personal-data.ts";
export {
  createSecondFactorService,
  SECOND_FACTOR,
  type SecondFactorService,
  type SecondFactorState,
  type VerifyResult,
} from "./second-factor.ts";
export {
  type AccountsForSignIn,
  type AuthService,
  type AuthUser,
  createAuthService,
  type LoginCredentials,
} from "./service.ts";
export { createSessionsService, type SessionEntry, type SessionsService } from "./sessions.ts";
export { hashToken, newToken } from "./tokens.ts";
