import { defineMessages } from '@/shared/i18n/i18n';

export const signInMessages = defineMessages({
  es: {
    title: 'Acceso del personal',
    email: 'Correo',
    password: 'Contraseña',
    code: 'Código de la app de autenticación',
    codeHint: 'Los 6 dígitos que muestra tu app ahora.',
    recoveryCode: 'Código de recuperación',
    recoveryHint: 'Uno de los códigos que guardaste al configurar tu cuenta; sirve una sola vez.',
    useRecovery: 'No tengo mi app: usar un código de recuperación',
    useCode: 'Usar el código de la app',
    submit: 'Entrar',
    required: 'Este dato es obligatorio.',
    codeFormat: 'Escribe los 6 dígitos.',
    sessionEnded: 'Tu sesión terminó. Vuelve a entrar.',
  },
  en: {
    title: 'Staff sign-in',
    email: 'E-mail',
    password: 'Password',
    code: 'Authenticator app code',
    codeHint: 'The 6 digits your app shows now.',
    recoveryCode: 'Recovery code',
    recoveryHint: 'One of the codes you kept when you set up your account; each works once.',
    useRecovery: 'I do not have my app: use a recovery code',
    useCode: 'Use the app code',
    submit: 'Sign in',
    required: 'This is required.',
    codeFormat: 'Type the 6 digits.',
    sessionEnded: 'Your session has ended. Sign in again.',
  },
});
