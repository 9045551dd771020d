/** Vite's `?raw` imports (a file's text), used to check public/_headers from the tests. */
declare module '*?raw' {
  const content: string;
  export default content;
}
