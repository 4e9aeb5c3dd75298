// The server entries render HTML only: the browser build ships the styles (and the gateway inlines
// the first paint's), so a stylesheet import is an empty module on the server.
module.exports = function cssServerLoader() {
  return 'export {};';
};
