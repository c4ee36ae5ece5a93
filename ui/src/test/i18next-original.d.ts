// i18next itself, past the alias that puts src/lib/i18n-engine.ts in its place
// (vite.config.ts): the engine's test compares the two.
declare module 'i18next-original' {
  import i18next from 'i18next';
  export default i18next;
}
