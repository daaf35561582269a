export { adminAccessOf, canEnter, homeFor, roleOf, type AdminAccess, type Role } from './home-for';
export { useAdminAccess } from './use-admin-access';
export {
  captureSsoLanding,
  exchangeOnce,
  forgetCapturedLanding,
  isLandingPath,
  landingNext,
  readLanding,
  takeCapturedLanding,
  type SsoLanding,
} from './sso-landing';
export { preloadSessionPrompts, SessionExpiredDialog } from './session-expired';
export { useSignOut } from './use-sign-out';
export { UserMenu } from './user-menu';
