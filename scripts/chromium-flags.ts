/**
 * The flags every Chromium of ours starts with on these machines (the e2e journeys, the bench's Lighthouse runs):
 * root needs no sandbox, there is no GPU, and a closed network refuses the browser's own background connections.
 */
export const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
