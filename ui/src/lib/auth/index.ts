export { AuthProvider, appUrl, useAuth, type AuthContextValue } from './auth-context';
export { getCurrentUser, requestLogin } from './auth-api';
export {
  clearSessionAndCart,
  firstName,
  readStoredSession,
  sessionFromPayload,
  type AuthUser,
  type LoginPayload,
  type Session,
} from './session';
export { AUTH_NAMESPACE } from './i18n';
