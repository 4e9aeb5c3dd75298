// Lets production builds drop the parts of React Router's single bundle that an app does not use.
// The bundle defines its components and contexts with top-level calls (React.forwardRef,
// React.createContext…) that carry no /* @__PURE__ */ mark, then sets each one's displayName:
// to the minifier both are side effects, so every component is kept (Form, fetcher forms,
// framework-mode prefetching…) whether used or not. This marks those calls pure and drops the
// displayName lines (a development aid: React DevTools names), so unused ones go.
// A release that changes these forms only makes the build larger again, never wrong.
const PURE = '/* @__PURE__ */ ';

module.exports = function reactRouterPureLoader(source) {
  return (
    source
      .replace(/\bReact\d*\.(?:forwardRef|createContext|memo)\(/g, (call) => PURE + call)
      .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
      // Module-level values that only unused code reads.
      .replace(
        /^(var [A-Za-z_$][\w$]* = )(Symbol\(|new URL\(|new Set\(|Object\.getOwnPropertyNames\()/gm,
        `$1${PURE}$2`,
      )
  );
};
