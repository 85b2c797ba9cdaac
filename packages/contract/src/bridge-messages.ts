/**
 * The message names of the native bridge (§7 "Native bridge", docs/native-bridge.md): what a page posts to the
 * lender's app, by action. A contract with the apps in the field, like the routes and the session parameters;
 * apps/web/src/shared/bridge/native-bridge.ts posts them, and the end-to-end tests' fake hosts listen for them.
 */
export const bridgeMessages = {
  openPage: 'openPage',
  close: 'closeWebView',
  openPageWithParam: 'openPageWithParam',
  goHome: 'goHome',
  goMine: 'goMine',
  logoutToLogin: 'logoutToLogin',
  callTelephone: 'callTelephone',
  rateApp: 'openAppRating',
  confirmBurialPoint: 'confirmBurialPoint',
  startBank: 'startBankFlow',
  endBank: 'endBankFlow',
  openSchemeUrl: 'openSchemeUrl',
  dismissRepaymentDialog: 'dismissRepaymentDialog',
} as const;

export type BridgeAction = keyof typeof bridgeMessages;
export type BridgeMessageName = (typeof bridgeMessages)[BridgeAction];
