export { AuthMessage } from './auth-error';
export { ForgotPasswordDialog } from './forgot-password-dialog';
export { GoogleButton } from './google-button';
export { LoginModal } from './login-modal';
export { RegisterForm } from './register-form';
export { ResetPasswordForm } from './reset-password-form';
export { SELLING_POINTS, SellingPointsList } from './selling-points';
export { SignInForm } from './sign-in-form';
export { useReturnAfterLogin } from './use-return-after-login';
