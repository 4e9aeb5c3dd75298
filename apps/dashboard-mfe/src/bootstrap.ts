// This remote runs inside the shell, which loads ./App through remoteEntry.js and provides the
// router, the query client and the toaster. The app's own entry only keeps the async boundary that
// index.ts opens (shared modules are negotiated first), so it renders nothing by itself.
export {};
