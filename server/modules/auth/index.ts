export { type Altcha, type AltchaChallenge, createAltcha, solveAltcha } from "./altcha.ts";
export { ACCOUNT_IP_LIMIT, createLoginThrottle, type LoginThrottle } from "./login-throttle.ts";
export { hashPassword, verifyPassword } from "./passwords.ts";
export { type AuthUser, createAuthService, storeNewPassword } from "./service.ts";
export { createSessionsService, type SessionEntry } from "./sessions.ts";
export { hashToken, newToken } from "./tokens.ts";
