/**
 * `use-sync-external-store/shim` for React 19 (vite.config.ts aliases it
 * here): wouter and antd-mobile import the shim so that they run on React 17;
 * on React 18 and later the shim hands out React's own hook, which is all this
 * module does, without the 1 KB of fallback the shim ships.
 */
export { useSyncExternalStore } from 'react';
