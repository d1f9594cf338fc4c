/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** This web build's id (vite.config.ts); empty under the dev server and in tests. */
  readonly VITE_BUILD_ID?: string;
}
