// The modules the bundler generates (src/play/bundle-modules.ts).

declare module 'moreau:play-plugins' {
  /** [package name, the package's module] for each playground plugin package. */
  export const pluginPackages: ReadonlyArray<readonly [string, { default?: unknown; plugins?: unknown }]>;
}

declare module 'moreau:play-examples' {
  export const examples: ReadonlyArray<import('../examples.js').PlayExample>;
}
