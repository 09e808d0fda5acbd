// A part of a locale file (texts-split.ts): `import('../locales/en.json?texts=first')`.
declare module '*.json?texts=first' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?texts=rest' {
  const texts: Record<string, unknown>;
  export default texts;
}
